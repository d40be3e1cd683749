#if canImport(Glibc)
import Glibc
#endif

/// A pipe that another thread writes to, to wake (and stop) a poll loop: the only
/// thing shared between threads, and a write(2) is safe from any of them.
public final class LoopWakeup: Sendable {
    let readEnd: Int32
    let writeEnd: Int32

    public init() throws {
        var fds: [Int32] = [-1, -1]
        try retryingEINTR("pipe") { pipe(&fds) }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, O_NONBLOCK)
        }
        readEnd = fds[0]
        writeEnd = fds[1]
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Wakes the loop; it sees `isSignalled` from then on.
    public func signal() {
        var byte: UInt8 = 1
        _ = try? retryingEINTR("write") { write(writeEnd, &byte, 1) }
    }

    /// True once `signal` was called (the byte stays in the pipe).
    public var isSignalled: Bool {
        var p = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
        return (try? retryingEINTR("poll") { poll(&p, 1, 0) }) == 1
    }
}
