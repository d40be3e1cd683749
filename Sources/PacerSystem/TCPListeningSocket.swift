#if canImport(Glibc)
import Glibc
#endif

/// A listening TCP socket on a numeric IPv4 or IPv6 address (pacerd's gpsd-compatible port):
/// non-blocking, close-on-exec, SO_REUSEADDR so a restart does not wait out TIME_WAIT.
public enum TCPListeningSocket {
    /// Binds and listens at `host` (numeric) and `port`; returns the descriptor.
    public static func bind(host: String, port: Int, backlog: Int32 = 32) throws -> Int32 {
        var v4 = sockaddr_in()
        var v6 = sockaddr_in6()
        let family: Int32
        if inet_pton(AF_INET, host, &v4.sin_addr) == 1 {
            family = AF_INET
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = in_port_t(UInt16(port).bigEndian)
        } else if inet_pton(AF_INET6, host, &v6.sin6_addr) == 1 {
            family = AF_INET6
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = in_port_t(UInt16(port).bigEndian)
        } else {
            throw SystemError("inet_pton(\(host))", errno: EINVAL)
        }
        let fd = try retryingEINTR("socket") {
            socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        }
        do {
            var one: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
            let r: Int32 = family == AF_INET
                ? withUnsafePointer(to: &v4) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
                : withUnsafePointer(to: &v6) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) } }
            if r < 0 { throw SystemError("bind(\(host):\(port))", errno: errno) }
            try retryingEINTR("listen") { listen(fd, backlog) }
        } catch {
            close(fd)
            throw error
        }
        return fd
    }
}
