extension CommandArguments {
    /// An option that must be a whole number in `range` (`--count 1e30`, `--count -1` and
    /// `--count 2.5` are usage errors, never a trapping conversion).
    public func integer(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let v = try number(name) else { return nil }
        guard let i = Int(exactly: v), range.contains(i) else {
            throw UsageError("--\(name) must be a whole number in \(range.lowerBound)...\(range.upperBound)")
        }
        return i
    }
}
