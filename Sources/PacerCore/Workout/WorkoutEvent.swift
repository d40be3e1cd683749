/// What happens while a workout runs, at the time on the session's timeline it happened: the
/// engine makes a lap at each `step` after the first and at `finished`, and sends the events
/// as EVENT `type`s.
public enum WorkoutEvent: Equatable, Sendable {
    /// Step `index` (0-based, of the unrolled steps) began; index 0 is the workout's start.
    case step(index: Int, at: Double)
    /// The reading stayed below (above) the target for the grace period.
    case targetLow(step: Int, at: Double)
    case targetHigh(step: Int, at: Double)
    /// The last step ended.
    case finished(at: Double)

    /// The EVENT `type` of the socket protocol.
    public var type: String {
        switch self {
        case .step: "workout_step"
        case .targetLow: "target_low"
        case .targetHigh: "target_high"
        case .finished: "workout_finished"
        }
    }

    public var time: Double {
        switch self {
        case .step(_, let t), .targetLow(_, let t), .targetHigh(_, let t), .finished(let t): t
        }
    }
}
