import PacerCore
import Synchronization

/// Values to write to a connected sensor's characteristics (a smart trainer's control point),
/// handed from the event loop to the BlueZ client's thread, which takes them on its next turn
/// (within its 200 ms poll). What to write is the core's decision (`TrainerController`).
public final class GATTWriteQueue: Sendable {
    public struct Write: Equatable, Sendable {
        public var kind: SensorKind
        public var characteristic: UInt16
        public var bytes: [UInt8]
        public init(kind: SensorKind, characteristic: UInt16, bytes: [UInt8]) {
            self.kind = kind
            self.characteristic = characteristic
            self.bytes = bytes
        }
    }

    private let queue = Mutex<[Write]>([])

    public init() {}

    /// Safe from any thread.
    public func post(_ write: Write) {
        queue.withLock { $0.append(write) }
    }

    /// Everything posted since the last call, in order.
    func take() -> [Write] {
        queue.withLock { q in
            let taken = q
            q.removeAll(keepingCapacity: true)
            return taken
        }
    }
}
