/// A sensor value that holds until the next one for at most `HeartRateTracker.holdSeconds`,
/// and how much of that time has been credited: a heart rate, a footpod's cadence.
struct HeldReading<Value: Sendable>: Sendable {
    let value: Value
    private let since: MonotonicInstant
    private var creditedUntil: MonotonicInstant

    init(_ value: Value, at instant: MonotonicInstant) {
        self.value = value
        since = instant
        creditedUntil = instant
    }

    /// Whether the value still holds at `instant`.
    func holds(at instant: MonotonicInstant) -> Bool { instant.seconds(since: since) <= HeartRateTracker.holdSeconds }

    /// The seconds the value covers from the last credit up to `instant`, now credited;
    /// nil when there are none.
    mutating func credit(upTo instant: MonotonicInstant) -> Double? {
        let end = min(instant, since.advanced(bySeconds: HeartRateTracker.holdSeconds))
        let dt = end.seconds(since: creditedUntil)
        guard dt > 0 else { return nil }
        creditedUntil = end
        return dt
    }
}
