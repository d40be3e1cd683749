/// What the runner is fed at each moment of the receiver's timeline: the time, the moving
/// distance, and the readings a target can be on (3 s power, heart rate, speed, cadence);
/// a reading the session does not have is left out.
public struct WorkoutSample: Equatable, Sendable {
    /// Seconds on the session's timeline (the engine's timer: it decides whether pauses count).
    public var time: Double
    /// Metres moved since the session began; nil without a distance source.
    public var distance: Double?
    public var readings: [WorkoutTarget.Quantity: Double]

    public init(time: Double, distance: Double? = nil, readings: [WorkoutTarget.Quantity: Double] = [:]) {
        self.time = time
        self.distance = distance
        self.readings = readings
    }

    /// The reading of `quantity` when it is a finite number.
    func value(_ quantity: WorkoutTarget.Quantity) -> Double? {
        guard let v = readings[quantity], v.isFinite else { return nil }
        return v
    }
}
