/// Crank cadence (rpm) from a CSC sensor's cumulative crank revolutions and last crank event
/// time (1/1024 s), both 16-bit counters that roll over.
public struct CrankCadenceCalculator: Sendable {
    private var last: (revolutions: UInt16, eventTime: UInt16, instant: MonotonicInstant)?
    public private(set) var cadence: Double?

    public init() {}

    /// True while crank events keep arriving, for choosing between a CSC sensor and a power meter.
    public func isTurning(at instant: MonotonicInstant) -> Bool {
        guard let last else { return false }
        return instant.seconds(since: last.instant) <= 3
    }

    /// Returns the cadence after this measurement: unchanged when no new crank event arrived
    /// within 3 s of the last one, then 0 (the rider stopped pedalling).
    public mutating func update(revolutions: UInt16, eventTime: UInt16, at instant: MonotonicInstant) -> Double? {
        defer {
            if last == nil || last!.eventTime != eventTime || last!.revolutions != revolutions {
                last = (revolutions, eventTime, instant)
            }
        }
        guard let last else { return nil }
        let revs = revolutions &- last.revolutions
        let ticks = eventTime &- last.eventTime
        if revs == 0 || ticks == 0 {
            if instant.seconds(since: last.instant) > 3 { cadence = 0 }
            return cadence
        }
        let rpm = Double(revs) * 60 * 1024 / Double(ticks)
        // More than 250 rpm is a counter glitch, not a cyclist.
        if rpm <= 250 { cadence = rpm }
        return cadence
    }
}
