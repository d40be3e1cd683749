/// One session of one exercise, as `strength` lists it.
public struct ExerciseSession: Equatable, Sendable {
    public var sessionID: UInt64
    /// Local day (days since 1970-01-01) of its first set.
    public var day: Int
    public var sets = 0
    public var topWeight = 0.0
    /// The fewest reps among the sets at the top weight: what every top set reached.
    public var repsAtTopWeight = 0
    public var totalReps = 0
    /// Σ weight × reps.
    public var volume = 0.0
    /// Best Epley estimate over the sets.
    public var estimatedOneRepMax = 0.0
    /// Time of its last set (ms).
    public var lastSetTime: Int64 = 0

    public init(sessionID: UInt64, day: Int) {
        self.sessionID = sessionID
        self.day = day
    }

    public mutating func add(weight: Double, reps: Int, time: Int64) {
        sets += 1
        totalReps += reps
        volume += weight * Double(reps)
        estimatedOneRepMax = max(estimatedOneRepMax, StrengthRules.epley(weight: weight, reps: reps))
        if weight > topWeight {
            topWeight = weight
            repsAtTopWeight = reps
        } else if weight == topWeight {
            repsAtTopWeight = min(repsAtTopWeight, reps)
        }
        lastSetTime = max(lastSetTime, time)
    }
}
