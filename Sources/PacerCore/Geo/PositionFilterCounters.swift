/// Running counts of what the filter did, for diagnostics and tests.
public struct PositionFilterCounters: Equatable, Sendable {
    public var accepted = 0
    public var outliers = 0
    public var noPosition = 0
    public var duplicates = 0
    public var gapsBridged = 0
    public var resets = 0
    public init() {}
}
