/// Crank revolutions made up from an instantaneous cadence, for a power meter whose pages carry
/// cadence only as rpm (page 0x10, 0x11): BLE carries cadence as a revolution count with its
/// event time, so the count advances by cadence × elapsed time, and the event time is when the
/// last whole revolution fell. A receiver computes the same rpm back from two readings.
struct ANTVirtualCrank: Sendable {
    private var revolutions = 0.0
    private var lastEventTime: UInt16 = 0
    private var last: MonotonicInstant?

    mutating func advance(rpm: UInt8, at instant: MonotonicInstant) -> CSCMeasurement.Revolutions {
        if let last, rpm > 0 {
            let seconds = Double(ANTPageField.nanoseconds(from: last, to: instant)) / 1e9
            let perSecond = Double(rpm) / 60
            let before = revolutions.rounded(.down)
            // Under 16 s between pages; more is a gap, which the channel clears before this.
            revolutions += perSecond * min(max(seconds, 0), 16)
            let whole = revolutions.rounded(.down)
            if whole > before {
                let sinceEvent = (revolutions - whole) / perSecond
                let eventAt = MonotonicInstant(nanoseconds: instant.nanoseconds &- (sinceEvent * 1e9).clampedInt64())
                lastEventTime = ANTPageField.ticks1024(eventAt)
            }
            if revolutions >= 65536 { revolutions -= 65536 }
        } else if last == nil {
            // The first page stands for a revolution now: the count starts from a known time.
            lastEventTime = ANTPageField.ticks1024(instant)
        }
        last = instant
        let count = UInt32(clamping: revolutions.clampedInt64(.down))
        return CSCMeasurement.Revolutions(cumulative: count, lastEventTime1024: lastEventTime)
    }
}
