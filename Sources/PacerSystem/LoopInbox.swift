#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Hands values from other threads (the BLE client) to the event loop: a locked
/// queue plus a pipe whose read end the loop watches, so delivery wakes the loop at once.
public final class LoopInbox<Value: Sendable>: Sendable {
    private let queue = Mutex<[Value]>([])
    private let wakeup: WakeupPipe

    public init() throws { wakeup = try WakeupPipe() }

    /// Safe from any thread.
    public func post(_ value: Value) {
        let wasEmpty = queue.withLock { q in
            q.append(value)
            return q.count == 1
        }
        if wasEmpty { wakeup.wake() }
    }

    /// Registers with the loop; `deliver` runs on the loop's thread with every queued value, in order.
    public func attach(to loop: EventLoop, deliver: @escaping (Value) -> Void) {
        loop.watch(wakeup.readDescriptor, .read) { [self] _ in
            wakeup.drain()
            let values = queue.withLock { q in
                let taken = q
                q.removeAll(keepingCapacity: true)
                return taken
            }
            for value in values { deliver(value) }
        }
    }
}
