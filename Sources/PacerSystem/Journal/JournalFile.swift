#if canImport(Glibc)
import Glibc
#endif

/// A file descriptor for journal segments and the index: each C call wrapped once, EINTR
/// retried, errors typed. Positioned I/O only, so appends land exactly where recovery said.
public final class JournalFile {
    public let path: String
    public let fd: Int32

    /// Opens (`O_CLOEXEC`), creating with `mode` (0644) when `create` is set.
    public init(path: String, writable: Bool, create: Bool = false, mode: mode_t = 0o644) throws {
        self.path = path
        var flags = O_CLOEXEC | (writable ? O_RDWR : O_RDONLY)
        if create { flags |= O_CREAT }
        fd = try retryingEINTR("open \(path)") { open(path, flags, mode) }
    }

    deinit { close(fd) }

    /// `fstat(2)` size.
    public func size() throws -> Int { Int(try status().st_size) }

    /// Whether the file's last name is gone (`st_nlink` 0): deleted while open.
    public func isUnlinked() throws -> Bool { try status().st_nlink == 0 }

    private func status() throws -> stat {
        var st = stat()
        try retryingEINTR("fstat \(path)") { fstat(fd, &st) }
        return st
    }

    /// Reads the whole file from `offset` (`pread(2)` until end of file).
    public func readAll(from offset: Int = 0) throws -> [UInt8] {
        let total = try size()
        guard total > offset else { return [] }
        var bytes = [UInt8](repeating: 0, count: total - offset)
        var done = 0
        try bytes.withUnsafeMutableBytes { raw in
            while done < raw.count {
                let n = try retryingEINTR("pread \(path)") { pread(fd, raw.baseAddress! + done, raw.count - done, off_t(offset + done)) }
                if n == 0 { break }
                done += n
            }
        }
        if done < bytes.count { bytes.removeLast(bytes.count - done) }
        return bytes
    }

    /// Fills `buffer` from `offset` (`pread(2)` until full or end of file); returns bytes read.
    public func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws -> Int {
        var done = 0
        while done < buffer.count {
            let n = try retryingEINTR("pread \(path)") { pread(fd, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done)) }
            if n == 0 { break }
            done += n
        }
        return done
    }

    /// `pwrite(2)` once; returns how many bytes the kernel took (may be fewer than asked).
    public func writeSome(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws -> Int {
        try retryingEINTR("pwrite \(path)") { pwrite(fd, bytes.baseAddress, bytes.count, off_t(offset)) }
    }

    /// Writes all of `bytes` at `offset`.
    public func writeAll(_ bytes: [UInt8], at offset: Int) throws {
        var done = 0
        try bytes.withUnsafeBytes { raw in
            while done < raw.count {
                done += try writeSome(UnsafeRawBufferPointer(rebasing: raw[done...]), at: offset + done)
            }
        }
    }

    /// `ftruncate(2)`: cuts a torn tail off (never called on committed frames).
    public func truncate(to length: Int) throws {
        try retryingEINTR("ftruncate \(path)") { ftruncate(fd, off_t(length)) }
    }

    /// `fdatasync(2)`: the commit point of group commit.
    public func syncData() throws {
        try retryingEINTR("fdatasync \(path)") { fdatasync(fd) }
    }

    /// `fsync(2)` (for directories after a create or rename).
    public func sync() throws {
        try retryingEINTR("fsync \(path)") { fsync(fd) }
    }
}
