/// Whole numbers from doubles that came from outside (a server reply, a journal record, a
/// flag): `Int(double)` traps on 1e300, infinity or NaN, so such values are converted here.
extension Double {
    /// The value rounded by `rule` as an `Int`; nil when it is not finite or does not fit.
    public func roundedInt(_ rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) -> Int? {
        Int(exactly: rounded(rule))
    }
}
