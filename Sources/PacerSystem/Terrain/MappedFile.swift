#if canImport(Glibc)
import Glibc
#endif
import PacerCore

/// A whole regular file mapped read-only (`mmap(2)`, `MAP_PRIVATE`): a 25 MB terrain tile
/// costs address space, and memory only for the pages a track reads, which the kernel may drop
/// and read again under pressure (a 512 MB board). Unmapped when the last reference goes.
public final class MappedFile: TerrainTileBytes {
    public let path: String
    public let bytes: UnsafeRawBufferPointer

    /// A file whose size the caller refused before anything was mapped.
    public struct RefusedSize: Error, Equatable {
        public let bytes: Int
    }

    /// Opens (`open(2)`, `O_CLOEXEC`), sizes (`fstat(2)`), and maps the file when `accepts` its
    /// size; the descriptor is closed at once, the mapping keeps the file. Throws `SystemError`
    /// (also for a directory or a device: `EINVAL`), or `RefusedSize`.
    public init(path: String, accepts: (Int) -> Bool) throws {
        self.path = path
        let fd = try retryingEINTR("open \(path)") { open(path, O_RDONLY | O_CLOEXEC) }
        defer { close(fd) }
        var st = stat()
        try retryingEINTR("fstat \(path)") { fstat(fd, &st) }
        guard st.st_mode & S_IFMT == S_IFREG else { throw SystemError("mmap \(path) (not a regular file)", errno: EINVAL) }
        let size = Int(st.st_size)
        guard accepts(size) else { throw RefusedSize(bytes: size) }
        guard size > 0 else {
            bytes = UnsafeRawBufferPointer(start: nil, count: 0)
            return
        }
        // MAP_FAILED is (void *)-1, a C macro Swift does not import.
        guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), Int(bitPattern: base) != -1 else {
            throw SystemError("mmap \(path)", errno: errno)
        }
        bytes = UnsafeRawBufferPointer(start: base, count: size)
    }

    deinit {
        if let base = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: base), bytes.count) }
    }
}
