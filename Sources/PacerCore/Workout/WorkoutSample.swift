/// What the runner is fed at each moment of the receiver's timeline: the time, the moving
/// distance, and the readings a target can be on (3 s power, heart rate, speed, cadence);
/// a reading the session does not have is left out. `means` are what a step's average is made
/// of where it differs from what is judged: a step's mean power is the power's own mean, not
/// the mean of the 3 s power, which trails each change of step and carries the last one in.
public struct WorkoutSample: Equatable, Sendable {
    /// Seconds on the session's timeline (the engine's timer: it decides whether pauses count).
    public var time: Double
    /// Metres moved since the session began; nil without a distance source.
    public var distance: Double?
    public var readings: [WorkoutTarget.Quantity: Double]
    public var means: [WorkoutTarget.Quantity: Double]

    public init(time: Double, distance: Double? = nil, readings: [WorkoutTarget.Quantity: Double] = [:],
                means: [WorkoutTarget.Quantity: Double] = [:]) {
        self.time = time
        self.distance = distance
        self.readings = readings
        self.means = means
    }

    /// The reading of `quantity` when it is a finite number.
    func value(_ quantity: WorkoutTarget.Quantity) -> Double? {
        guard let v = readings[quantity], v.isFinite else { return nil }
        return v
    }

    /// What a step's average takes for `quantity`: its mean reading, else the judged one.
    func meanValue(_ quantity: WorkoutTarget.Quantity) -> Double? {
        guard let v = means[quantity], v.isFinite else { return value(quantity) }
        return v
    }
}
