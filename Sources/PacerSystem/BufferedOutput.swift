#if canImport(Glibc)
import Glibc
#endif

/// A write buffer over a file descriptor (stdout by default): output of the
/// offline tools goes through one `write(2)` per 64 KiB, not one per line.
public final class BufferedOutput {
    private var buffer: [UInt8] = []
    private let fd: Int32
    private let capacity: Int

    public init(fd: Int32 = STDOUT_FILENO, capacity: Int = 1 << 16) {
        self.fd = fd
        self.capacity = capacity
        buffer.reserveCapacity(capacity)
    }

    deinit { try? flush() }

    public func write(_ text: String) throws {
        var text = text
        try text.withUTF8 { try write(bytes: UnsafeRawBufferPointer($0)) }
    }

    public func write(bytes: UnsafeRawBufferPointer) throws {
        if buffer.count + bytes.count > capacity { try flush() }
        if bytes.count >= capacity { try writeAll(bytes); return }
        buffer.append(contentsOf: bytes)
    }

    public func write(byte: UInt8) throws {
        if buffer.count == capacity { try flush() }
        buffer.append(byte)
    }

    public func flush() throws {
        guard !buffer.isEmpty else { return }
        try buffer.withUnsafeBytes { try writeAll($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            let n = try retryingEINTR("write") { Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset) }
            offset += n
        }
    }
}

/// Writes a line to standard error, unbuffered: diagnostics must not be lost in a crash.
public func printError(_ text: String) {
    var line = text
    line.append("\n")
    line.withUTF8 { p in
        var offset = 0
        while offset < p.count {
            let n = restartingEINTR { Glibc.write(STDERR_FILENO, p.baseAddress! + offset, p.count - offset) }
            if n < 0 { return }
            offset += n
        }
    }
}
