/// Where a reading stands against the step's target.
public enum WorkoutJudgement: String, Equatable, Sendable {
    case below, within, above

    /// `value` against `band`.
    static func of(_ value: Double, in band: ClosedRange<Double>) -> WorkoutJudgement {
        value < band.lowerBound ? .below : value > band.upperBound ? .above : .within
    }
}
