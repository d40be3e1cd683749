/// How one step went: how long the reading was within the target, its time-weighted average,
/// and the target it was held against (as written, and in W, bpm, m/s or rpm at the step's
/// start and end, which differ on a ramp). Readings hold until the next one for at most the
/// runner's hold time, as the heart-rate zones do; time without a reading is not judged.
public struct WorkoutStepCompliance: Equatable, Sendable {
    /// The step's index among the unrolled steps.
    public let step: Int
    public let target: WorkoutTarget?
    public let start: Double
    /// nil while the step runs.
    public internal(set) var end: Double?
    public internal(set) var resolvedAtStart: ClosedRange<Double>?
    public internal(set) var resolvedAtEnd: ClosedRange<Double>?
    public internal(set) var secondsInTarget = 0.0
    /// Seconds with a reading of the target's quantity.
    public internal(set) var secondsMeasured = 0.0
    private var weightedSum = 0.0

    init(step: Int, target: WorkoutTarget?, start: Double, resolved: ClosedRange<Double>?) {
        self.step = step
        self.target = target
        self.start = start
        resolvedAtStart = resolved
    }

    /// The average of the target's quantity over the seconds measured; nil without any.
    public var average: Double? { secondsMeasured > 0 ? weightedSum / secondsMeasured : nil }

    /// `seconds` more of `value`, judged against `band`; `mean` is what the average takes.
    mutating func add(_ value: Double, mean: Double, seconds: Double, band: ClosedRange<Double>?) {
        guard seconds > 0, seconds.isFinite else { return }
        secondsMeasured += seconds
        weightedSum += mean * seconds
        if let band, band.contains(value) { secondsInTarget += seconds }
    }
}
