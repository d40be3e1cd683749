/// The kind of effort a step is, as FIT's `intensity` numbers it (Zwift's Warmup and Cooldown
/// elements, the text form's `warmup`/`cooldown`/`rest`/`recover` words map onto it).
public enum WorkoutIntensity: String, Equatable, Sendable, CaseIterable {
    case active, rest, warmup, cooldown, recovery, interval

    /// FIT's `intensity` enum.
    public var fitValue: Int64 {
        switch self { case .active: 0; case .rest: 1; case .warmup: 2; case .cooldown: 3; case .recovery: 4; case .interval: 5 }
    }

    /// The intensity FIT's number stands for; "other" (6) and unknown numbers are active.
    public static func fit(_ value: Int64?) -> WorkoutIntensity {
        allCases.first { $0.fitValue == value } ?? .active
    }
}
