#if canImport(Glibc)
import Glibc
#endif

/// Reads a file (or standard input for "-") in fixed-size chunks with read(2):
/// the streaming input of the offline tools, constant memory whatever the file size.
public final class FileByteSource {
    private let fd: Int32
    private let ownsDescriptor: Bool
    private let buffer: UnsafeMutableRawBufferPointer

    /// Opens `path` read-only (open(2)); "-" is standard input.
    public init(path: String, chunkSize: Int = 1 << 16) throws {
        if path == "-" {
            fd = STDIN_FILENO
            ownsDescriptor = false
        } else {
            fd = try retryingEINTR("open \(path)") { open(path, O_RDONLY | O_CLOEXEC) }
            ownsDescriptor = true
        }
        buffer = .allocate(byteCount: chunkSize, alignment: 16)
    }

    deinit {
        if ownsDescriptor { _ = close(fd) }
        buffer.deallocate()
    }

    /// A whole text file (or standard input) of at most `limit` bytes: a config or a BLE log is
    /// read into memory, and one that never ends (a link to /dev/zero) must not take it all.
    public static func readText(_ path: String, limit: Int) throws -> String {
        String(decoding: try readBytes(path, limit: limit), as: UTF8.self)
    }

    /// A whole file of at most `limit` bytes, as bytes (a course file, which may be binary).
    public static func readBytes(_ path: String, limit: Int) throws -> [UInt8] {
        var bytes: [UInt8] = []
        try FileByteSource(path: path).forEachChunk {
            guard bytes.count + $0.count <= limit else { throw SystemError("read \(path) (more than \(limit) bytes)", errno: EFBIG) }
            bytes.append(contentsOf: $0)
        }
        return bytes
    }

    /// Calls `body` with each chunk read (read(2)) until end of file. The chunk is only valid inside `body`.
    public func forEachChunk(_ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        while true {
            let n = try retryingEINTR("read") { read(fd, buffer.baseAddress, buffer.count) }
            if n == 0 { return }
            try body(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
        }
    }
}
