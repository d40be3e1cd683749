/// The STATE report: everything a frontend shows, sent on `status`, every second to
/// watchers, and on every change.
public struct LiveState: Equatable, Sendable {
    /// The daemon's UTC time when the report was made (GPS time when known, else the system clock).
    public var time: UTCTime?
    /// Nil when no session is being recorded.
    public var session: LiveSession?
    public var gps: LiveGPSState
    public var sensors: [LiveSensorState]
    /// Today's goals, the session being recorded counted in; nil (and left out) with no goals set.
    public var goals: GoalReport?
    /// The course being followed; nil (and left out) without one.
    public var course: LiveCourse?
    /// The workout being run; nil (and left out) without one.
    public var workout: LiveWorkout?
    /// The smart trainer Pacer drives; nil (and left out) while none has been heard in the session.
    public var trainer: LiveTrainer?
    public var weekStart: WeekStart = .monday

    public init(time: UTCTime?, session: LiveSession? = nil, gps: LiveGPSState, sensors: [LiveSensorState] = []) {
        self.time = time
        self.session = session
        self.gps = gps
        self.sensors = sensors
    }

    /// Appends the report as one line to `w` (which the caller resets and reuses, no allocation per report).
    public func write(into w: inout JSONWriter) {
        w.beginObject()
        w.key("class"); w.value("STATE")
        w.key("time"); w.value(time)
        w.key("session")
        if let session { session.write(into: &w) } else { w.null() }
        w.key("gps"); gps.write(into: &w)
        w.key("sensors"); w.beginArray()
        for sensor in sensors { sensor.write(into: &w) }
        w.endArray()
        if let goals { w.key("goals"); MotivationJSON.goals(goals, weekStart: weekStart, into: &w) }
        if let course { w.key("course"); course.write(into: &w) }
        if let workout { w.key("workout"); workout.write(into: &w) }
        if let trainer { w.key("trainer"); trainer.write(into: &w) }
        w.endObject()
        w.endLine()
    }

    public var line: [UInt8] {
        var w = JSONWriter(capacity: 640)
        write(into: &w)
        return w.takeBytes()
    }

    /// Decodes a STATE object (pacerctl's side); nil when it is not one.
    public init?(json: JSONValue) {
        guard json["class"]?.string == "STATE", let gps = json["gps"] else { return nil }
        self.init(time: json["time"]?.string.flatMap { UTCTime(rfc3339: $0) },
                  session: json["session"].flatMap { LiveSession(json: $0) },
                  gps: LiveGPSState(json: gps),
                  sensors: (json["sensors"]?.array ?? []).compactMap { LiveSensorState(json: $0) })
        course = json["course"].flatMap { LiveCourse(json: $0) }
        workout = json["workout"].flatMap { LiveWorkout(json: $0) }
        trainer = json["trainer"].flatMap { LiveTrainer(json: $0) }
    }
}
