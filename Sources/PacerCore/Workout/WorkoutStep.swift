/// One step of a workout: how long it lasts, what to hold while it does, and what kind of effort
/// it is (Garmin shows warm-up and recovery differently, and the writers need it back).
public struct WorkoutStep: Equatable, Sendable {
    /// The file's own name for the step ("Sprint", "Recover"); "" when it has none.
    public var name: String = ""
    public var duration: WorkoutDuration
    /// nil: ride free (Zwift's FreeRide, FIT's open target).
    public var target: WorkoutTarget?
    public var intensity: WorkoutIntensity = .active

    public init(_ duration: WorkoutDuration, _ target: WorkoutTarget? = nil, intensity: WorkoutIntensity = .active, name: String = "") {
        self.duration = duration
        self.target = target
        self.intensity = intensity
        self.name = name
    }

    /// What is wrong with the step as a plan (a zero-length step, a target no body holds), for
    /// the reader to put after its own words for the step; nil when it can be run.
    public var problem: String? {
        duration.problem ?? target?.problem
    }
}
