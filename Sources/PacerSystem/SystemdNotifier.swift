#if canImport(Glibc)
import Glibc
#endif

/// sd_notify(3) without libsystemd: datagrams to the socket named by NOTIFY_SOCKET
/// (a path, or `@name` for the abstract namespace). A no-op when not run by systemd.
public final class SystemdNotifier {
    private let fd: Int32
    private var address = sockaddr_un()
    private var addressLength: socklen_t = 0

    /// Watchdog ping interval: half of WATCHDOG_USEC, when set for this process.
    public let watchdogInterval: Double?

    /// Reads NOTIFY_SOCKET and WATCHDOG_USEC/WATCHDOG_PID from the environment.
    public init(environment: [String: String]) {
        if let usec = environment["WATCHDOG_USEC"].flatMap(Double.init), usec > 0,
           environment["WATCHDOG_PID"].flatMap(Int32.init).map({ $0 == getpid() }) ?? true {
            watchdogInterval = usec / 2 / 1e6
        } else {
            watchdogInterval = nil
        }
        guard let path = environment["NOTIFY_SOCKET"], !path.isEmpty, path.utf8.count < 108,
              path.hasPrefix("/") || path.hasPrefix("@") else { fd = -1; return }
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        address.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(path.utf8)
        if bytes[0] == UInt8(ascii: "@") { bytes[0] = 0 }
        withUnsafeMutableBytes(of: &address.sun_path) { dst in
            for (i, b) in bytes.enumerated() { dst[i] = b }
        }
        addressLength = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count)
    }

    deinit { if fd >= 0 { close(fd) } }

    public var isActive: Bool { fd >= 0 }

    /// Sends `READY=1`, `STATUS=...`, `WATCHDOG=1`, `STOPPING=1`, `RELOADING=1`... (newline-separated).
    @discardableResult
    public func notify(_ state: String) -> Bool {
        guard fd >= 0 else { return false }
        var message = Array(state.utf8)
        let sent = message.withUnsafeMutableBytes { buf in
            withUnsafePointer(to: &address) { addr in
                addr.withMemoryRebound(to: sockaddr.self, capacity: 1) { sa in
                    sendto(fd, buf.baseAddress, buf.count, Int32(MSG_NOSIGNAL), sa, addressLength)
                }
            }
        }
        return sent == message.count
    }
}
