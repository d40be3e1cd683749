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
        // The numbers in one run (`JSONCursor`): this object goes out with every fix.
        let ride = numbers.activity == .ride
        w.cursorValue(atMost: 17 * JSONCursor.fieldRoom) { o in
            o.key("\"start\":"); o.time(start)
            o.key(",\"elapsed_s\":"); o.number(numbers.elapsedSeconds, trimmed: 1)
            o.key(",\"moving_s\":"); o.number(numbers.movingSeconds, trimmed: 1)
            o.key(",\"distance_m\":"); o.number(numbers.distanceMeters, trimmed: 1)
            o.key(",\"speed_mps\":"); o.number(numbers.speed, trimmed: 2)
            o.key(",\"pace_s_per_km\":"); o.number(numbers.paceSecondsPerKilometre, trimmed: 0)
            o.key(",\"avg_pace_s_per_km\":"); o.number(numbers.averagePaceSecondsPerKilometre, trimmed: 0)
            o.key(",\"lap\":"); o.integer(numbers.lap)
            o.key(",\"hr\":"); o.integer(numbers.heartRate)
            o.key(",\"hr_zone\":"); o.integer(numbers.heartRateZone)
            o.key(",\"cadence_spm\":"); o.number(ride ? nil : numbers.cadence, trimmed: 0)
            o.key(",\"cadence_rpm\":"); o.number(ride ? numbers.cadence : nil, trimmed: 0)
            o.key(",\"power_w\":"); o.number(numbers.power, trimmed: 0)
            o.key(",\"power_3s_w\":"); o.number(numbers.power3s, trimmed: 0)
            o.key(",\"steps\":"); o.integer(numbers.steps)
            o.key(",\"calories_kcal\":"); o.number(numbers.calories, trimmed: 0)
            o.key(",\"elevation_gain_m\":"); o.number(numbers.elevationGain, trimmed: 1)
        }
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
