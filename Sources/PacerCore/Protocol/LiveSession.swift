/// The live numbers of the session being recorded, as the STATE report's `session` object
/// carries them. Unknown values are nil (JSON null), never 0.
@dynamicMemberLookup
public struct LiveSession: Equatable, Sendable {
    public enum RecordingState: String, Sendable {
        case recording, paused, autopaused

        var phase: SessionPhase { SessionPhase(rawValue: rawValue)! }
    }

    public var id: String
    public var start: UTCTime?
    /// The engine's live numbers, held as they are: the STATE fields read through to them,
    /// so the protocol never keeps a second copy of what the engine defines.
    public var numbers: SessionLiveState

    /// Recording, paused or autopaused (a session object exists only while one is active).
    public var state: RecordingState { RecordingState(rawValue: numbers.phase.rawValue) ?? .recording }

    public subscript<T>(dynamicMember path: WritableKeyPath<SessionLiveState, T>) -> T {
        get { numbers[keyPath: path] }
        set { numbers[keyPath: path] = newValue }
    }

    init(id: String, start: UTCTime?, numbers: SessionLiveState) {
        self.id = id
        self.start = start
        self.numbers = numbers
    }

    public init(id: String, state: RecordingState = .recording, activity: Activity, start: UTCTime? = nil,
                elapsedSeconds: Double = 0, movingSeconds: Double = 0, distanceMeters: Double = 0,
                speed: Double? = nil, paceSecondsPerKilometre: Double? = nil,
                averagePaceSecondsPerKilometre: Double? = nil, lap: Int = 1, heartRate: Int? = nil,
                heartRateZone: Int? = nil, cadence: Double? = nil, steps: Int? = nil, calories: Double? = nil,
                elevationGain: Double? = nil) {
        self.init(id: id, start: start, numbers: SessionLiveState(
            phase: state.phase, activity: activity, elapsedSeconds: elapsedSeconds, movingSeconds: movingSeconds,
            distanceMeters: distanceMeters, speed: speed, paceSecondsPerKilometre: paceSecondsPerKilometre,
            averagePaceSecondsPerKilometre: averagePaceSecondsPerKilometre, lap: lap, heartRate: heartRate,
            heartRateZone: heartRateZone, cadence: cadence, steps: steps, calories: calories, elevationGain: elevationGain))
    }

    func write(into w: inout JSONWriter) {
        w.beginObject()
        w.key("id"); w.value(id)
        w.key("state"); w.value(state.rawValue)
        w.key("activity"); w.value(numbers.activity.rawValue)
        w.key("start"); w.value(start)
        w.key("elapsed_s"); w.value(numbers.elapsedSeconds, decimals: 1)
        w.key("moving_s"); w.value(numbers.movingSeconds, decimals: 1)
        w.key("distance_m"); w.value(numbers.distanceMeters, decimals: 1)
        w.key("speed_mps"); w.value(numbers.speed, decimals: 2)
        w.key("pace_s_per_km"); w.value(numbers.paceSecondsPerKilometre, decimals: 0)
        w.key("avg_pace_s_per_km"); w.value(numbers.averagePaceSecondsPerKilometre, decimals: 0)
        w.key("lap"); w.value(numbers.lap)
        w.key("hr"); w.value(numbers.heartRate)
        w.key("hr_zone"); w.value(numbers.heartRateZone)
        let ride = numbers.activity == .ride
        w.key("cadence_spm"); w.value(ride ? nil : numbers.cadence, decimals: 0)
        w.key("cadence_rpm"); w.value(ride ? numbers.cadence : nil, decimals: 0)
        w.key("power_w"); w.value(numbers.power, decimals: 0)
        w.key("power_3s_w"); w.value(numbers.power3s, decimals: 0)
        w.key("steps"); w.value(numbers.steps)
        w.key("calories_kcal"); w.value(numbers.calories, decimals: 0)
        w.key("elevation_gain_m"); w.value(numbers.elevationGain, decimals: 1)
        w.key("altitude_source"); w.value(numbers.altitudeSource?.rawValue)
        w.endObject()
    }

    init?(json: JSONValue) {
        guard let id = json["id"]?.string, let state = json["state"]?.string.flatMap(RecordingState.init(rawValue:)),
              let activity = json["activity"]?.string.flatMap(Activity.init(rawValue:)),
              let lap = json.optionalInteger("lap"), let heartRate = json.optionalInteger("hr"),
              let heartRateZone = json.optionalInteger("hr_zone"), let steps = json.optionalInteger("steps") else { return nil }
        self.init(id: id, state: state, activity: activity,
                  start: json["start"]?.string.flatMap { UTCTime(rfc3339: $0) },
                  elapsedSeconds: json["elapsed_s"]?.number ?? 0, movingSeconds: json["moving_s"]?.number ?? 0,
                  distanceMeters: json["distance_m"]?.number ?? 0, speed: json["speed_mps"]?.number,
                  paceSecondsPerKilometre: json["pace_s_per_km"]?.number,
                  averagePaceSecondsPerKilometre: json["avg_pace_s_per_km"]?.number,
                  lap: lap ?? 1, heartRate: heartRate,
                  heartRateZone: heartRateZone, cadence: json["cadence_spm"]?.number ?? json["cadence_rpm"]?.number,
                  steps: steps, calories: json["calories_kcal"]?.number,
                  elevationGain: json["elevation_gain_m"]?.number)
        numbers.power = json["power_w"]?.number
        numbers.power3s = json["power_3s_w"]?.number
        numbers.altitudeSource = json["altitude_source"]?.string.flatMap(AltitudeSettings.Source.init(rawValue:))
    }
}
