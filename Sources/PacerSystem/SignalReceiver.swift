#if canImport(Glibc)
import Glibc
#endif
import CLinux

/// Turns SIGTERM, SIGINT and SIGHUP into readable events on a signalfd, so the daemon handles
/// them on its event loop (no async-signal-safety traps). SIGPIPE is ignored: a client that
/// vanishes mid-write is an EPIPE error, not a dead daemon.
public final class SignalReceiver {
    public let fd: Int32

    /// Blocks the signals (do it before any thread starts, so every thread inherits the mask).
    public init(signals: [Int32] = [SIGTERM, SIGINT, SIGHUP]) throws {
        signal(SIGPIPE, SIG_IGN)
        fd = try retryingEINTR("signalfd") { signals.withUnsafeBufferPointer { pacer_signalfd($0.baseAddress, Int32($0.count)) } }
    }

    deinit { close(fd) }

    /// The signals that arrived since the last call, in order.
    public func drain() -> [Int32] {
        var received: [Int32] = []
        while true {
            let signo = pacer_signalfd_read(fd)
            if signo > 0 { received.append(signo); continue }
            if signo < 0 && errno == EINTR { continue }
            return received
        }
    }
}
