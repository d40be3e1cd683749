#if canImport(Glibc)
import Glibc
#endif

/// Replaces a file all at once: the bytes go to a hidden temporary name in the same directory,
/// are fsynced, renamed over the target and the directory entry is fsynced. A reader (a sync
/// tool watching an outbox) sees the old file or the whole new one, never a part; a failure
/// (a full or read-only disk) removes the temporary file and leaves the target as it was.
///
/// `mode` is the new file's (before the umask): 0600 for a secret, which must never be readable
/// by others even for the moment between creating and renaming it.
///
/// `sync: false` keeps the all-or-nothing rename but skips both fsyncs: for files that are
/// derived and made again when lost (report pages), where thousands of fsyncs cost seconds.
public enum AtomicFile {
    public static func write(_ bytes: [UInt8], to path: String, sync: Bool = true, mode: mode_t = 0o644) throws {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temp = (directory == "/" ? "" : directory) + "/." + name + ".tmp-" + String(getpid())
        do {
            // A leftover of a crashed run with the same pid would keep its own mode.
            unlink(temp)
            let file = try JournalFile(path: temp, writable: true, create: true, mode: mode)
            try file.truncate(to: 0)
            try file.writeAll(bytes, at: 0)
            if sync { try file.sync() }
            try JournalDirectory(path: directory).rename(temp, to: path)
        } catch {
            unlink(temp)
            throw error
        }
        if sync { try JournalDirectory(path: directory).syncEntries() }
    }
}
