#if canImport(Glibc)
import Glibc
#endif
import PacerCore

/// A client's end of a Unix stream socket speaking newline-delimited lines (pacerctl, tests,
/// benchmarks): connect, send, and read lines with a timeout.
public final class UnixSocketConnection {
    public let fd: Int32
    private var buffer: [UInt8] = []
    private var start = 0

    /// Wraps socket(2) and connect(2).
    public init(path: String) throws {
        guard let address = UnixSocketAddress(path) else { throw SystemError("connect(\(path))", errno: ENAMETOOLONG) }
        fd = try retryingEINTR("socket") { socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0) }
        // A connect interrupted by a signal goes on in the background: asked again, it says
        // EISCONN once done, EALREADY while not yet (then wait until the socket is writable).
        var r = address.withSocketAddress { a, n in restartingEINTR { connect(fd, a, n) } }
        while r < 0 && errno == EALREADY {
            var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            _ = restartingEINTR { poll(&ready, 1, 1000) }
            r = address.withSocketAddress { a, n in restartingEINTR { connect(fd, a, n) } }
        }
        if r < 0 && errno != EISCONN {
            let e = errno
            close(fd)
            throw SystemError("connect(\(path))", errno: e)
        }
    }

    /// Adopts a connected stream socket of another family (a TCP one: the gpsd-compatible port).
    public init(connected fd: Int32) { self.fd = fd }

    deinit { close(fd) }

    /// Writes all of `bytes` (blocking).
    public func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = try retryingEINTR("send") {
                bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            }
            offset += n
        }
    }

    /// The next line without its newline; nil at end of stream or when `timeout` seconds pass.
    public func readLine(timeout: Double? = nil) throws -> [UInt8]? {
        let deadline = timeout.map { Clocks.monotonic().advanced(bySeconds: $0) }
        while true {
            if let nl = buffer[start...].firstIndex(of: 0x0A) {
                let line = Array(buffer[start..<nl])
                start = nl + 1
                if start > 65536 { buffer.removeFirst(start); start = 0 }
                return line
            }
            if let deadline {
                let ms = (deadline.nanoseconds - Clocks.monotonic().nanoseconds) / 1_000_000
                if ms <= 0 { return nil }
                var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                let r = try retryingEINTR("poll") { poll(&p, 1, Int32(min(ms, 60_000))) }
                if r == 0 { continue }
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = try retryingEINTR("read") { read(fd, &chunk, chunk.count) }
            if n == 0 { return nil }
            buffer.append(contentsOf: chunk[0..<n])
        }
    }

    /// Reads lines until one parses as JSON with a `class` in `classes`.
    public func readReply(classes: Set<String>, timeout: Double? = nil) throws -> JSONValue? {
        while let line = try readLine(timeout: timeout) {
            guard let v = try? JSONValue.parse(line), let c = v["class"]?.string else { continue }
            if classes.contains(c) { return v }
        }
        return nil
    }
}
