/// What the athlete is doing; it selects auto-pause thresholds, the stride model and MET values.
/// Its journal code, export names, track or not and fixed MET are a row of `ActivityProfile.table`;
/// auto-pause thresholds are `[recording]` settings per activity, and what a ride does apart
/// (crank cadence, its exports' fields) is decided where it is used (`activity == .ride`).
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
