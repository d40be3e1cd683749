/// The live numbers of the session being recorded, as the STATE report's `session` object
/// carries them. Unknown values are nil (JSON null), never 0.
public struct LiveSession: Equatable, Sendable {
    public enum RecordingState: String, Sendable {
        case recording, paused, autopaused
    }

    public var id: String
    public var state: RecordingState
    public var activity: Activity
    public var start: UTCTime?
    public var elapsedSeconds: Double
    public var movingSeconds: Double
    public var distanceMeters: Double
    public var speed: Double?
    public var paceSecondsPerKilometre: Double?
    public var averagePaceSecondsPerKilometre: Double?
    /// 1-based number of the lap in progress.
    public var lap: Int
    public var heartRate: Int?
    /// 1...5, nil without a heart rate.
    public var heartRateZone: Int?
    public var cadence: Double?
    public var steps: Int?
    public var calories: Double?
    public var elevationGain: Double?

    public init(id: String, state: RecordingState = .recording, activity: Activity, start: UTCTime? = nil,
                elapsedSeconds: Double = 0, movingSeconds: Double = 0, distanceMeters: Double = 0,
                speed: Double? = nil, paceSecondsPerKilometre: Double? = nil,
                averagePaceSecondsPerKilometre: Double? = nil, lap: Int = 1, heartRate: Int? = nil,
                heartRateZone: Int? = nil, cadence: Double? = nil, steps: Int? = nil, calories: Double? = nil,
                elevationGain: Double? = nil) {
        self.id = id
        self.state = state
        self.activity = activity
        self.start = start
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

    func write(into w: inout JSONWriter) {
        w.beginObject()
        w.key("id"); w.value(id)
        w.key("state"); w.value(state.rawValue)
        w.key("activity"); w.value(activity.rawValue)
        w.key("start"); w.value(start?.rfc3339)
        w.key("elapsed_s"); w.value(elapsedSeconds, decimals: 1)
        w.key("moving_s"); w.value(movingSeconds, decimals: 1)
        w.key("distance_m"); w.value(distanceMeters, decimals: 1)
        w.key("speed_mps"); w.value(speed, decimals: 2)
        w.key("pace_s_per_km"); w.value(paceSecondsPerKilometre, decimals: 0)
        w.key("avg_pace_s_per_km"); w.value(averagePaceSecondsPerKilometre, decimals: 0)
        w.key("lap"); w.value(lap)
        w.key("hr"); w.value(heartRate)
        w.key("hr_zone"); w.value(heartRateZone)
        w.key("cadence_spm"); w.value(cadence, decimals: 0)
        w.key("steps"); w.value(steps)
        w.key("calories_kcal"); w.value(calories, decimals: 0)
        w.key("elevation_gain_m"); w.value(elevationGain, decimals: 1)
        w.endObject()
    }

    init?(json: JSONValue) {
        guard let id = json["id"]?.string, let state = json["state"]?.string.flatMap(RecordingState.init(rawValue:)),
              let activity = json["activity"]?.string.flatMap(Activity.init(rawValue:)) else { return nil }
        self.init(id: id, state: state, activity: activity,
                  start: json["start"]?.string.flatMap { UTCTime(rfc3339: $0) },
                  elapsedSeconds: json["elapsed_s"]?.number ?? 0, movingSeconds: json["moving_s"]?.number ?? 0,
                  distanceMeters: json["distance_m"]?.number ?? 0, speed: json["speed_mps"]?.number,
                  paceSecondsPerKilometre: json["pace_s_per_km"]?.number,
                  averagePaceSecondsPerKilometre: json["avg_pace_s_per_km"]?.number,
                  lap: Int(json["lap"]?.number ?? 1), heartRate: json["hr"]?.number.map { Int($0) },
                  heartRateZone: json["hr_zone"]?.number.map { Int($0) }, cadence: json["cadence_spm"]?.number,
                  steps: json["steps"]?.number.map { Int($0) }, calories: json["calories_kcal"]?.number,
                  elevationGain: json["elevation_gain_m"]?.number)
    }
}
