#if canImport(Glibc)
import Glibc
#endif

/// sd_notify(3) without libsystemd: datagrams to the socket named by NOTIFY_SOCKET
/// (a path, or `@name` for the abstract namespace). A no-op when not run by systemd.
public final class SystemdNotifier {
    private let fd: Int32
    private let address: UnixSocketAddress?

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
        guard let path = environment["NOTIFY_SOCKET"], path.hasPrefix("/") || path.hasPrefix("@"),
              let target = UnixSocketAddress(path, allowingAbstract: true) else { fd = -1; address = nil; return }
        address = target
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    }

    deinit { if fd >= 0 { close(fd) } }

    public var isActive: Bool { fd >= 0 }

    /// Sends `READY=1`, `STATUS=...`, `WATCHDOG=1`, `STOPPING=1`, `RELOADING=1`... (newline-separated).
    @discardableResult
    public func notify(_ state: String) -> Bool {
        guard fd >= 0, let address else { return false }
        let message = Array(state.utf8)
        let sent = message.withUnsafeBytes { buf in
            address.withSocketAddress { a, n in restartingEINTR { sendto(fd, buf.baseAddress, buf.count, Int32(MSG_NOSIGNAL), a, n) } }
        }
        return sent == message.count
    }
}
