/// The running workout as STATE shows it: the step, its target now (in W, bpm, m/s or rpm;
/// nil when there is none or it needs an FTP there is none of), whether the reading is in it
/// (after the grace period), and the time or distance left in the step.
public struct WorkoutStatus: Equatable, Sendable {
    public var name: String
    /// 0-based index of the current step among the unrolled steps (the last one once finished).
    public var step: Int
    public var steps: Int
    public var stepName: String
    public var target: WorkoutTarget?
    public var range: ClosedRange<Double>?
    public var judgement: WorkoutJudgement?
    public var remainingSeconds: Double?
    public var remainingMeters: Double?
    public var finished: Bool

    /// `in_target` of STATE: nil until judged.
    public var inTarget: Bool? { judgement.map { $0 == .within } }
}
