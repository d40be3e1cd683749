#if canImport(Glibc)
import Glibc
#endif

/// The program this process runs, as the kernel names it (`/proc/self/exe`): pacerd starts the
/// `pacerctl` installed beside it (the same build or package) before any other on PATH, so that
/// the program reading the journal for it is of its own version.
public enum RunningExecutable {
    /// The absolute path of the running executable; nil when /proc is not mounted.
    public static var path: String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `name` in the running executable's directory when it is executable there, else `name`
    /// alone (for `posix_spawnp` to find on PATH).
    public static func sibling(_ name: String) -> String {
        guard let path, let slash = path.lastIndex(of: "/") else { return name }
        let sibling = String(path[...slash]) + name
        return access(sibling, X_OK) == 0 ? sibling : name
    }
}
