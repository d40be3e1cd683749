#if canImport(Glibc)
import Glibc
#endif

/// A non-blocking pipe that any thread writes to in order to wake a `poll(2)` loop, which polls
/// `readDescriptor`: to stop it (the byte is left in the pipe, so `isWoken` stays true) or to say
/// there is work (the loop `drain`s it and looks).
public final class WakeupPipe: Sendable {
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

    /// True while a wake-up is in the pipe (since `wake`, until a `drain`).
    public var isWoken: Bool {
        var p = pollfd(fd: readDescriptor, events: Int16(POLLIN), revents: 0)
        return (try? retryingEINTR("poll") { poll(&p, 1, 0) }) == 1
    }

    /// Empties the pipe after a wake-up.
    public func drain() {
        withUnsafeTemporaryAllocation(byteCount: 64, alignment: 1) { scratch in
            while (try? retryingEINTR("read") { read(readDescriptor, scratch.baseAddress, scratch.count) }) ?? 0 > 0 {}
        }
    }
}
