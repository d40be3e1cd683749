/// The session part of the socket's STATE: what a watch face shows right now.
public struct SessionLiveState: Equatable, Sendable {
    public var phase: SessionPhase
    public var activity: Activity
    public var elapsedSeconds: Double
    public var movingSeconds: Double
    public var distanceMeters: Double
    /// Smoothed GPS speed, or the wheel sensor's when no position came for 3 s; m/s, nil with neither.
    public var speed: Double?
    /// Current pace (s/km) from `speed`; nil at 0.3 m/s or below (standing).
    public var paceSecondsPerKilometre: Double?
    public var averagePaceSecondsPerKilometre: Double?
    /// Number of the lap in progress, from 1.
    public var lap: Int
    public var heartRate: Int?
    public var heartRateZone: Int?
    public var cadence: Double?
    public var steps: Int?
    public var calories: Double?
    public var elevationGain: Double?
    /// Power held from the meter, watts; 0 while coasting, nil with no meter heard.
    public var power: Double?
    /// Mean of the last 3 s of power (what riders pace by: the instantaneous value jumps).
    public var power3s: Double?
    /// `gps` or `barometer`: what `elevationGain` is counted from.
    public var altitudeSource: AltitudeSettings.Source?

    public init(phase: SessionPhase, activity: Activity, elapsedSeconds: Double = 0, movingSeconds: Double = 0,
                distanceMeters: Double = 0, speed: Double? = nil, paceSecondsPerKilometre: Double? = nil,
                averagePaceSecondsPerKilometre: Double? = nil, lap: Int = 1, heartRate: Int? = nil,
                heartRateZone: Int? = nil, cadence: Double? = nil, steps: Int? = nil, calories: Double? = nil,
                elevationGain: Double? = nil) {
        self.phase = phase
        self.activity = activity
        self.elapsedSeconds = elapsedSeconds
        self.movingSeconds = movingSeconds
        self.distanceMeters = distanceMeters
        self.speed = speed
        self.paceSecondsPerKilometre = paceSecondsPerKilometre
        self.averagePaceSecondsPerKilometre = averagePaceSecondsPerKilometre
        self.lap = lap
        self.heartRate = heartRate
        self.heartRateZone = heartRateZone
        self.cadence = cadence
        self.steps = steps
        self.calories = calories
        self.elevationGain = elevationGain
    }
}
