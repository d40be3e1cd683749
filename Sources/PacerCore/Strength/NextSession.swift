/// The predicted next session of an exercise.
public struct NextSession: Equatable, Sendable {
    public var weightKilograms: Double
    public var reps: Int
    public var sets: Int
    /// The weight went up (the rule's condition was met).
    public var increase: Bool
}
