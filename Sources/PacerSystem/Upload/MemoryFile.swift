#if canImport(Glibc)
import Glibc
#endif
import CLinux

/// An anonymous file in memory (memfd_create(2)), handed to curl as a descriptor: what it holds
/// (a request's configuration with its secrets, a body, the reply's headers) never touches a
/// disk, needs no removal, and is gone when the last descriptor to it closes.
final class MemoryFile {
    let descriptor: Int32

    /// An empty file, or one holding `contents` with its offset back at the start (a child that
    /// gets it as standard input reads it from there).
    init(name: String, contents: [UInt8] = []) throws {
        let fd = pacer_memory_file(name)
        guard fd >= 0 else { throw SystemError("memfd_create", errno: errno) }
        descriptor = fd
        var written = 0
        while written < contents.count {
            let n = contents.withUnsafeBytes { p in
                restartingEINTR { Glibc.write(fd, p.baseAddress! + written, p.count - written) }
            }
            guard n > 0 else { throw SystemError("write", errno: errno) }
            written += n
        }
        guard lseek(fd, 0, SEEK_SET) == 0 else { throw SystemError("lseek", errno: errno) }
    }

    deinit { close(descriptor) }

    /// What the file holds now, from its start (whoever wrote it), at most `limit` bytes.
    func contents(limit: Int) throws -> [UInt8] {
        var all: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while all.count < limit {
            let want = min(buffer.count, limit - all.count)
            let n = buffer.withUnsafeMutableBytes { p in
                restartingEINTR { Glibc.pread(descriptor, p.baseAddress, want, off_t(all.count)) }
            }
            if n < 0 { throw SystemError("pread", errno: errno) }
            if n == 0 { break }
            all += buffer[..<n]
        }
        return all
    }
}
