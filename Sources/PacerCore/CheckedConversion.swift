/// Whole numbers from doubles that came from outside (a server reply, a journal record, a
/// sensor, a flag): `Int(double)` traps on 1e300, infinity or NaN, so every conversion of a
/// floating-point value to an integer in Sources is one of these (`ConversionRulesTests`).
extension Double {
    /// The value rounded by `rule` as an `Int`; nil when it is not finite or does not fit.
    public func roundedInt(_ rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) -> Int? {
        Int(exactly: rounded(rule))
    }

    /// As `roundedInt`, held to Int64's range (NaN is 0): for writers whose field must hold a
    /// value and is narrower still (a GATT field, a FIT field), so the clamp happens anyway.
    public func clampedInt64(_ rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) -> Int64 {
        let r = rounded(rule)
        if r.isNaN { return 0 }
        // 2^63 is the first double past Int64.max.
        if r >= 9_223_372_036_854_775_808.0 { return .max }
        if r < -9_223_372_036_854_775_808.0 { return .min }
        return Int64(r)
    }

    /// As `clampedInt64`, as an `Int`.
    public func clampedInt(_ rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) -> Int {
        Int(clampedInt64(rule))
    }

    /// The whole number for a message or a log line: `-` when there is none.
    public func wholeText(_ rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) -> String {
        roundedInt(rule).map(String.init) ?? "-"
    }
}

/// Time arithmetic: every sum or difference of a time's milliseconds is one of these (a text
/// rule in `ConversionRulesTests`), so a time or a duration read from outside never traps it.
extension UTCTime {
    /// This instant `ms` milliseconds later (earlier when negative), held to Int64's range.
    public func adding(milliseconds ms: Int64) -> UTCTime {
        let (sum, overflow) = millisecondsSinceEpoch.addingReportingOverflow(ms)
        return UTCTime(millisecondsSinceEpoch: overflow ? (ms > 0 ? .max : .min) : sum)
    }

    /// This instant `ms` milliseconds earlier (later when negative), held to Int64's range.
    public func subtracting(milliseconds ms: Int64) -> UTCTime {
        let (difference, overflow) = millisecondsSinceEpoch.subtractingReportingOverflow(ms)
        return UTCTime(millisecondsSinceEpoch: overflow ? (ms < 0 ? .max : .min) : difference)
    }

    /// Milliseconds from `earlier` to this instant, held to Int64's range.
    public func milliseconds(since earlier: UTCTime) -> Int64 {
        let (difference, overflow) = millisecondsSinceEpoch.subtractingReportingOverflow(earlier.millisecondsSinceEpoch)
        return overflow ? (millisecondsSinceEpoch >= 0 ? .max : .min) : difference
    }

    /// The monotonic instant of the same count (a replay's timeline is its times), held to its range.
    public var monotonicInstant: MonotonicInstant {
        let (ns, overflow) = millisecondsSinceEpoch.multipliedReportingOverflow(by: 1_000_000)
        return MonotonicInstant(nanoseconds: overflow ? (millisecondsSinceEpoch > 0 ? .max : .min) : ns)
    }

    /// This instant `seconds` later (earlier when negative), to the millisecond toward zero; nil
    /// when the duration is NaN, infinite or past the milliseconds an Int64 holds.
    public func adding(seconds: Double) -> UTCTime? {
        guard let ms = (seconds * 1000).roundedInt(.towardZero).flatMap({ Int64(exactly: $0) }) else { return nil }
        let (sum, overflow) = millisecondsSinceEpoch.addingReportingOverflow(ms)
        return overflow ? nil : UTCTime(millisecondsSinceEpoch: sum)
    }
}
