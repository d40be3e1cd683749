/// What the athlete is doing; it selects auto-pause thresholds, the stride model and MET values.
/// Everything that differs between activities is one row of `ActivityProfile.table`.
public enum Activity: String, Codable, Sendable, CaseIterable {
    case run, walk, ride
    /// Weight training: heart rate and the set log, no position (`Strength/`).
    case strength
    /// Anything else without a track (yoga, rowing machine, ...): heart rate only.
    case other

    /// This activity's row of the table.
    public var profile: ActivityProfile { ActivityProfile.table[ActivityProfile.index[self]!] }
}
