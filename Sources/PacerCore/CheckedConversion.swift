/// Whole numbers from doubles that came from outside (a server reply, a journal record, a
/// flag): `Int(double)` traps on 1e300, infinity or NaN, so such values are converted here.
extension Double {
    /// The value rounded by `rule` as an `Int`; nil when it is not finite or does not fit.
    public func roundedInt(_ rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) -> Int? {
        Int(exactly: rounded(rule))
    }
}

/// Time arithmetic on values read from outside: an instant plus a duration that is NaN,
/// infinite or past the milliseconds an Int64 holds is no instant (nil), never a trap.
extension UTCTime {
    /// This instant `seconds` later (earlier when negative), to the millisecond toward zero.
    public func adding(seconds: Double) -> UTCTime? {
        guard let ms = (seconds * 1000).roundedInt(.towardZero).flatMap({ Int64(exactly: $0) }) else { return nil }
        let (sum, overflow) = millisecondsSinceEpoch.addingReportingOverflow(ms)
        return overflow ? nil : UTCTime(millisecondsSinceEpoch: sum)
    }
}
