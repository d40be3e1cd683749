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
        // The numbers in one run (`JSONCursor`): this object goes out with every fix. The start,
        // then every row of `SessionLiveState.metrics`.
        w.cursorValue(atMost: (1 + LiveSession.numberKeys) * JSONCursor.fieldRoom) { o in
            o.key("\"start\":"); o.time(start)
            SessionMetric.writeNumbers(SessionLiveState.metrics, keys: SessionLiveState.cursorKeys, of: numbers,
                                       activity: numbers.activity, into: &o)
        }
        w.key("altitude_source"); w.value(numbers.altitudeSource?.rawValue)
        w.endObject()
    }

    /// The keys `write` puts in the cursor's run after `start`: its room.
    static let numberKeys = SessionLiveState.cursorKeys.reduce(0) { $0 + $1.count }

    init?(json: JSONValue) {
        guard let id = json["id"]?.string, let state = json["state"]?.string.flatMap(RecordingState.init(rawValue:)),
              let activity = json["activity"]?.string.flatMap(Activity.init(rawValue:)) else { return nil }
        self.init(id: id, state: state, activity: activity, start: json["start"]?.string.flatMap { UTCTime(rfc3339: $0) })
        guard SessionMetric.readNumbers(SessionLiveState.metrics, from: json, into: &numbers) else { return nil }
        numbers.altitudeSource = json["altitude_source"]?.string.flatMap(AltitudeSettings.Source.init(rawValue:))
    }
}
