/// What the athlete is doing; it selects auto-pause thresholds, the stride model and MET values.
/// Everything that differs between activities is one row of `ActivityProfile.table`.
public enum Activity: String, Codable, Sendable, CaseIterable {
    case run, walk, ride
    /// Weight training: heart rate and the set log, no position (`Strength/`).
    case strength
    /// Anything else without a track (yoga, rowing machine, ...): heart rate only.
    case other

    /// This activity's row of the table. A scan of five rows, not a hashed lookup: the recorder
    /// asks on every fix, and a dictionary's hashing and storage cost more than the comparisons.
    public var profile: ActivityProfile {
        for row in ActivityProfile.table where row.activity == self { return row }
        preconditionFailure("ActivityProfile.table has no row for \(self)")
    }
}
