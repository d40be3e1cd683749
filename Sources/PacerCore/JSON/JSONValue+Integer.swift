/// Checked integers from JSON numbers. A peer's number is a Double that may be 1e300, -0.5 or
/// 2^63: `Int(double)` traps on those, so every integer a reply or request carries is read here.
extension JSONValue {
    /// The value as an `Int` when it is a whole number that fits; nil otherwise (never traps).
    public var integer: Int? { if case .number(let n) = self { return Int(exactly: n) }; return nil }

    /// The member `name` as an optional integer: `.some(nil)` when absent or null, `.some(v)`
    /// for a whole number that fits, and nil when present but not one (the reply is malformed).
    public func optionalInteger(_ name: String) -> Int?? {
        guard let v = self[name], !v.isNull else { return .some(nil) }
        guard let i = v.integer else { return nil }
        return .some(i)
    }
}
