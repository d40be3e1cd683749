#if canImport(Glibc)
import Glibc
#endif

/// A non-blocking pipe that another thread writes to in order to wake a `poll(2)`
/// loop (to stop it); the loop polls `readDescriptor`.
public final class WakeupPipe: @unchecked Sendable {
    public let readDescriptor: Int32
    private let writeDescriptor: Int32

    /// Wraps `pipe` and `fcntl` (O_NONBLOCK, FD_CLOEXEC on both ends).
    public init() throws {
        var fds: [Int32] = [-1, -1]
        try retryingEINTR("pipe") { pipe(&fds) }
        readDescriptor = fds[0]
        writeDescriptor = fds[1]
        for fd in fds {
            _ = try? retryingEINTR("fcntl") { fcntl(fd, F_SETFL, O_NONBLOCK) }
            _ = try? retryingEINTR("fcntl") { fcntl(fd, F_SETFD, FD_CLOEXEC) }
        }
    }

    deinit {
        close(readDescriptor)
        close(writeDescriptor)
    }

    /// Wakes the loop; a full pipe already means "woken", so EAGAIN is fine.
    public func wake() {
        var byte: UInt8 = 1
        _ = try? retryingEINTR("write") { write(writeDescriptor, &byte, 1) }
    }

    /// Empties the pipe after a wake-up.
    public func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while (try? retryingEINTR("read") { read(readDescriptor, &buffer, buffer.count) }) ?? 0 > 0 {}
    }
}
