/// When an input reached the recorder: the monotonic instant (liveness, and the receiver clock's
/// mapping) and the system clock's reading, which only labels a session that has never seen a
/// fix (a board without a real-time clock may be days off; nothing is decided on it).
/// A replay passes the recorded time as both.
public struct InputInstant: Sendable {
    public var monotonic: MonotonicInstant
    public var systemTime: UTCTime

    public init(monotonic: MonotonicInstant, systemTime: UTCTime) {
        self.monotonic = monotonic
        self.systemTime = systemTime
    }

    /// A recorded input replayed at its own time: both clocks read the recorded time.
    public init(recorded time: UTCTime) {
        self.init(monotonic: time.monotonicInstant, systemTime: time)
    }
}
