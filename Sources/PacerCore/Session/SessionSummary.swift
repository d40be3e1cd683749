/// The totals of one session, as `pacerctl replay --json` prints them, the journal stores
/// them at session end, and history lists them. Unknown values are nil (JSON null), never 0.
public struct SessionSummary: Codable, Equatable, Sendable {
    /// Journal-assigned identifier; nil for a replay that writes no journal.
    public var id: String?
    public var activity: Activity
    public var start: UTCTime?
    public var end: UTCTime?
    public var elapsedSeconds: Double
    public var movingSeconds: Double
    public var distanceMeters: Double
    public var averageSpeed: Double?
    public var maxSpeed: Double?
    public var elevationGain: Double?
    public var elevationLoss: Double?
    public var heartRateAverage: Double?
    public var heartRateMax: Int?
    /// Seconds in zones 1...5; nil when no heart rate was recorded.
    public var heartRateZoneSeconds: [Double]?
    public var steps: Int?
    public var cadenceAverage: Double?
    public var calories: Double?
    public var rmssd: Double?
    public var trimp: Double?
    /// Power over recording time, zeros included (Garmin's default), watts.
    public var powerAverage: Double?
    public var powerMax: Int?
    /// Coggan normalized power: 4th root of the mean 4th power of the 30 s rolling mean.
    public var powerNormalized: Double?
    public var laps: [SegmentSummary]
    public var splits: [SegmentSummary]
    /// True when the session was closed by recovery after a crash rather than by a stop.
    public var interrupted: Bool
    /// Where the elevation came from: `gps`, `barometer`, `dem` (the terrain model's tiles), or
    /// `dem+gps` (tiles on part of the track, the receiver's altitude where none answered).
    public var elevationSource: String?
    /// The course followed at the end (`SessionEngine+Course`): its name, the fraction of it
    /// ridden (the farthest progress over its length), and the time and times off it.
    public var courseName: String?
    public var courseCompleted: Double?
    public var courseOffSeconds: Double?
    public var courseOffCount: Int?
    /// The workout run (`SessionEngine+Workout`): its name and how each step begun went.
    public var workoutName: String?
    public var workoutSteps: [WorkoutStepSummary]?

    public init(id: String? = nil, activity: Activity, start: UTCTime? = nil, end: UTCTime? = nil,
                elapsedSeconds: Double = 0, movingSeconds: Double = 0, distanceMeters: Double = 0,
                averageSpeed: Double? = nil, maxSpeed: Double? = nil, elevationGain: Double? = nil,
                elevationLoss: Double? = nil, heartRateAverage: Double? = nil, heartRateMax: Int? = nil,
                heartRateZoneSeconds: [Double]? = nil, steps: Int? = nil, cadenceAverage: Double? = nil,
                calories: Double? = nil, rmssd: Double? = nil, trimp: Double? = nil,
                laps: [SegmentSummary] = [], splits: [SegmentSummary] = [], interrupted: Bool = false) {
        self.id = id
        self.activity = activity
        self.start = start
        self.end = end
        self.elapsedSeconds = elapsedSeconds
        self.movingSeconds = movingSeconds
        self.distanceMeters = distanceMeters
        self.averageSpeed = averageSpeed
        self.maxSpeed = maxSpeed
        self.elevationGain = elevationGain
        self.elevationLoss = elevationLoss
        self.heartRateAverage = heartRateAverage
        self.heartRateMax = heartRateMax
        self.heartRateZoneSeconds = heartRateZoneSeconds
        self.steps = steps
        self.cadenceAverage = cadenceAverage
        self.calories = calories
        self.rmssd = rmssd
        self.trimp = trimp
        self.laps = laps
        self.splits = splits
        self.interrupted = interrupted
    }
}

/// One lap or one split: a stretch of a session with its own totals.
public struct SegmentSummary: Codable, Equatable, Sendable {
    public var index: Int
    public var start: UTCTime?
    public var elapsedSeconds: Double
    public var movingSeconds: Double
    public var distanceMeters: Double
    public var averageSpeed: Double?
    public var heartRateAverage: Double?
    public var cadenceAverage: Double?
    public var elevationGain: Double?
    public var powerAverage: Double?
    public var powerMax: Int?
    public var powerNormalized: Double?

    public init(index: Int, start: UTCTime? = nil, elapsedSeconds: Double = 0, movingSeconds: Double = 0,
                distanceMeters: Double = 0, averageSpeed: Double? = nil, heartRateAverage: Double? = nil,
                cadenceAverage: Double? = nil, elevationGain: Double? = nil) {
        self.index = index
        self.start = start
        self.elapsedSeconds = elapsedSeconds
        self.movingSeconds = movingSeconds
        self.distanceMeters = distanceMeters
        self.averageSpeed = averageSpeed
        self.heartRateAverage = heartRateAverage
        self.cadenceAverage = cadenceAverage
        self.elevationGain = elevationGain
    }

    /// Pace in seconds per kilometre, nil when not moving.
    public var paceSecondsPerKilometre: Double? {
        guard let v = averageSpeed, v > 0 else { return nil }
        return 1000 / v
    }
}
