#if canImport(Glibc)
import Glibc
#endif
import PacerCore

/// The journal's directory: finds segment files by name, creates it, makes renames durable.
public struct JournalDirectory: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    public struct Segment: Equatable, Sendable {
        public var number: UInt32
        public var path: String
        public var size: Int

        /// The segment as an index records it, as it is now or as it was at `size` bytes (a
        /// segment that grew since): reads its last bytes up to there (`SegmentSize.tail`).
        public func indexed(upTo size: Int? = nil) throws -> HistoryIndex.SegmentSize {
            let end = min(size ?? self.size, self.size)
            let length = min(end, HistoryIndex.SegmentSize.tailLength)
            var bytes = [UInt8](repeating: 0, count: length)
            let read = try bytes.withUnsafeMutableBytes { try JournalFile(path: path, writable: false).read(into: $0, at: end - length) }
            // Shorter than listed (it shrank meanwhile): tail 0 matches no index, which is rebuilt.
            let tail = read == length ? bytes.withUnsafeBytes { HistoryIndex.SegmentSize.tail(of: $0) } : 0
            return HistoryIndex.SegmentSize(number: number, size: UInt64(end), tail: tail)
        }
    }

    public func segmentPath(_ number: UInt32) -> String {
        var digits = String(number)
        while digits.count < 8 { digits = "0" + digits }
        return path + "/segment-" + digits + ".pjl"
    }

    public var indexPath: String { path + "/index.pjx" }

    /// `mkdir -p` (mode 0755).
    public func create() throws {
        var prefix = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            prefix += "/" + part
            if mkdir(prefix, 0o755) != 0, errno != EEXIST { throw SystemError("mkdir \(prefix)", errno: errno) }
        }
    }

    /// Segment files sorted by number (`opendir`/`readdir`/`stat`).
    public func segments() throws -> [Segment] {
        var result: [Segment] = []
        for name in try names() {
            guard name.hasPrefix("segment-"), name.hasSuffix(".pjl"), name.count == 20,
                  let number = UInt32(name.dropFirst(8).prefix(8)) else { continue }
            var st = stat()
            let full = path + "/" + name
            guard stat(full, &st) == 0 else { continue }
            result.append(Segment(number: number, path: full, size: Int(st.st_size)))
        }
        return result.sorted { $0.number < $1.number }
    }

    /// What a segment pacerd cannot use is renamed to (its name plus this, then `-2`, `-3`... when
    /// taken): never deleted, passed over by every reader, and named by every history verb.
    public static let setAsideSuffix = ".unusable"

    /// Renames `segment` aside (durably); returns its new path.
    public func setAside(_ segment: Segment) throws -> String {
        var target = segment.path + JournalDirectory.setAsideSuffix
        var n = 1
        while access(target, F_OK) == 0 {
            n += 1
            target = segment.path + JournalDirectory.setAsideSuffix + "-" + String(n)
        }
        try rename(segment.path, to: target)
        try syncEntries()
        return target
    }

    /// Paths of the segments set aside (`setAside`), sorted.
    public func setAsideFiles() throws -> [String] {
        try names().filter { $0.hasPrefix("segment-") && $0.contains(".pjl" + JournalDirectory.setAsideSuffix) }
            .sorted().map { path + "/" + $0 }
    }

    /// The directory's entry names.
    private func names() throws -> [String] { try DirectoryEntries.names(in: path) }

    /// fsyncs the directory so a new or renamed file survives power loss.
    public func syncEntries() throws {
        let dir = try JournalFile(path: path, writable: false)
        try dir.sync()
    }

    /// `rename(2)`.
    public func rename(_ from: String, to: String) throws {
        try retryingEINTR("rename \(from)") { Glibc.rename(from, to) }
    }
}
