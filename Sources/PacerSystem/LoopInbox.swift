#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Hands values from other threads (a GPS reader, the BLE client) to the event loop: a locked
/// queue plus a pipe whose read end the loop watches, so delivery wakes poll(2) at once.
public final class LoopInbox<Value: Sendable>: Sendable {
    private let queue = Mutex<[Value]>([])
    private let readFD: Int32
    private let writeFD: Int32

    public init() throws {
        var fds: [Int32] = [-1, -1]
        try retryingEINTR("pipe") { pipe(&fds) }
        readFD = fds[0]
        writeFD = fds[1]
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
    }

    deinit {
        close(readFD)
        close(writeFD)
    }

    /// Safe from any thread.
    public func post(_ value: Value) {
        let wasEmpty = queue.withLock { q in
            q.append(value)
            return q.count == 1
        }
        if wasEmpty {
            var byte: UInt8 = 1
            // EAGAIN means a wake-up is already pending: nothing is lost.
            _ = write(writeFD, &byte, 1)
        }
    }

    /// Registers with the loop; `deliver` runs on the loop's thread with every queued value, in order.
    public func attach(to loop: EventLoop, deliver: @escaping (Value) -> Void) {
        loop.watch(readFD, .read) { [self] _ in
            withUnsafeTemporaryAllocation(byteCount: 64, alignment: 1) { scratch in
                while read(readFD, scratch.baseAddress, scratch.count) > 0 {}
            }
            let values = queue.withLock { q in
                let taken = q
                q.removeAll(keepingCapacity: true)
                return taken
            }
            for value in values { deliver(value) }
        }
    }
}
