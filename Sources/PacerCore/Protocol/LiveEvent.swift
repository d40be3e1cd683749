/// An EVENT report: something that happened, pushed to watchers as it happens
/// (frontends turn these into beeps, voice prompts or banners).
public struct LiveEvent: Equatable, Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case sessionStarted = "session_started"
        case sessionStopped = "session_stopped"
        /// A session interrupted by a crash or power loss was picked up again after a restart.
        case sessionResumed = "session_resumed"
        case paused, resumed, autopaused, autoresumed
        case lap, split
        case zoneChanged = "zone_changed"
        case course
        case offCourse = "off_course"
        case backOnCourse = "back_on_course"
        case coursePoint = "course_point"
        case climbStarted = "climb_started"
        case climbFinished = "climb_finished"
        case courseFinished = "course_finished"
        case workout
        case workoutStep = "workout_step"
        case targetLow = "target_low"
        case targetHigh = "target_high"
        case workoutFinished = "workout_finished"
        case workoutSkipped = "workout_skipped"
        case workoutCleared = "workout_cleared"
        /// The smart trainer: control granted, refused, not supported, lost (asked again), dropped.
        case trainerControl = "trainer_control"
        case trainerRefused = "trainer_refused"
        case trainerNotSupported = "trainer_not_supported"
        case trainerLost = "trainer_lost"
        case trainerDropped = "trainer_dropped"
        case heartRateHigh = "hr_high"
        case heartRateLow = "hr_low"
        case heartRateInRange = "hr_in_range"
        case sensorConnected = "sensor_connected"
        case sensorLost = "sensor_lost"
        case sensorBatteryLow = "sensor_battery_low"
        case gpsFix = "gps_fix"
        case gpsLost = "gps_lost"
        case gpsDeviceLost = "gps_device_lost"
        case goalReached = "goal_reached"
        case habitDone = "habit_done"
        case streak
        case awardEarned = "award_earned"
        case reminder
        case error
    }

    public var kind: Kind
    public var time: UTCTime?
    /// Event-specific fields (lap totals, the new zone, the sensor address...), in order.
    public var details: [(String, JSONValue)]

    public init(_ kind: Kind, time: UTCTime?, details: [(String, JSONValue)] = []) {
        self.kind = kind
        self.time = time
        self.details = details
    }

    public static func == (a: LiveEvent, b: LiveEvent) -> Bool {
        a.kind == b.kind && a.time == b.time && JSONValue.object(a.details) == JSONValue.object(b.details)
    }

    /// A detail by name.
    public subscript(name: String) -> JSONValue? { details.last(where: { $0.0 == name })?.1 }

    public var line: [UInt8] {
        var w = JSONWriter(capacity: 160)
        w.beginObject()
        w.key("class"); w.value("EVENT")
        w.key("type"); w.value(kind.rawValue)
        w.key("time"); w.value(time)
        for (name, value) in details { w.key(name); w.value(value) }
        w.endObject()
        w.endLine()
        return w.takeBytes()
    }

    /// Decodes an EVENT object; nil when it is not one or its type is unknown to this build.
    public init?(json: JSONValue) {
        guard json["class"]?.string == "EVENT", let kind = json["type"]?.string.flatMap(Kind.init(rawValue:)),
              case .object(let members) = json else { return nil }
        self.init(kind, time: json["time"]?.string.flatMap { UTCTime(rfc3339: $0) },
                  details: members.filter { !["class", "type", "time"].contains($0.0) })
    }
}
