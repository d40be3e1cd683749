/// What the position filter did, for diagnostics and tests: the COUNTERS reply's `filter` group,
/// in this order.
public enum PositionFilterCounter: String, CounterKey {
    case accepted
    case outliers
    case noPosition
    case duplicates
    case gapsBridged
    case resets
}

/// Running counts of what the filter did.
public typealias PositionFilterCounters = Counts<PositionFilterCounter>
