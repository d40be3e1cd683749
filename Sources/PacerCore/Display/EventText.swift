/// One line a person reads for an EVENT ("14:05:09 lap 3: 1.00 km in 5:12, 5:12 /km, 151 bpm"), in
/// the user's units and clock; `pacerctl watch` shows the latest few under the big numbers.
public struct EventText: Sendable {
    public let format: MeasurementFormatter
    public init(_ preferences: DisplayPreferences) { format = MeasurementFormatter(preferences) }

    public func line(_ event: LiveEvent) -> String {
        "\(format.clock(event.time)) \(text(event))"
    }

    private func text(_ e: LiveEvent) -> String {
        func number(_ name: String) -> Double? { e[name]?.number }
        func string(_ name: String) -> String? { e[name]?.string }
        let sensor = sensorName(e)
        switch e.kind {
        case .sessionStarted: return "\(string("activity") ?? "session") started"
        case .sessionStopped: return "session stopped: \(distance(number("distance_m"))) in \(format.duration(number("elapsed_s")))"
        case .sessionResumed: return "session resumed after a restart"
        case .paused: return "paused"
        case .resumed: return "resumed"
        case .autopaused: return "auto-paused"
        case .autoresumed: return "auto-resumed"
        case .lap, .split: return segment(e)
        case .zoneChanged:
            let previous = number("previous").flatMap { $0.roundedInt(.towardZero) }.map { " (was \($0))" } ?? ""
            return "heart-rate zone \(format.integer(number("zone")))\(previous)\(bpm(number("hr"), prefix: " at "))"
        case .heartRateHigh: return "heart rate high: \(bpm(number("hr")))\(limit(number("limit")))"
        case .heartRateLow: return "heart rate low: \(bpm(number("hr")))\(limit(number("limit")))"
        case .heartRateInRange: return "heart rate back in range: \(bpm(number("hr")))"
        case .sensorConnected: return "\(sensor) connected"
        case .sensorLost: return "\(sensor) lost"
        case .sensorBatteryLow: return "\(sensor) battery low: \(format.integer(number("battery_pct"))) %"
        case .gpsFix: return e["regained"]?.bool == true ? "GPS fix regained" : "GPS fix"
        case .gpsLost: return "GPS fix lost"
        case .gpsDeviceLost: return "GPS receiver lost"
        case .error: return "error: \(string("message") ?? "unknown")"
        case .goalReached: return goal(e)
        case .habitDone: return "habit \(string("habit") ?? "?") done for today"
        case .streak: return "habit \(string("habit") ?? "?"): \(format.integer(number("days"))) in a row"
        case .awardEarned: return "award: \(string("title") ?? string("id") ?? "?")"
        case .reminder: return "reminder: \(string("habit") ?? "a habit") is due today"
        case .course: return "following \(string("name") ?? "a course"), \(distance(number("distance_m")))"
        case .offCourse: return "off course: \(short(number("off_course_m"))) away"
        case .backOnCourse: return "back on course"
        case .coursePoint: return "\(string("name") ?? string("kind") ?? "cue") in \(short(number("in_m")))"
        case .climbStarted:
            return "climb \(format.integer(number("climb"))): \(distance(number("length_m"))) at \(format.integer(number("grade_pct"))) %, "
                + "+\(format.elevation(number("gain_m"))) \(format.elevationUnit)"
        case .climbFinished: return "climb \(format.integer(number("climb"))) done"
        case .courseFinished: return "course finished"
        case .workout: return "workout \(string("name") ?? "?"): \(format.integer(number("steps"))) steps"
        case .workoutStep:
            return "step \(format.integer(number("step"))) of \(format.integer(number("steps"))): \(string("name") ?? string("text") ?? "")"
        case .targetLow: return "below target (step \(format.integer(number("step"))))"
        case .targetHigh: return "above target (step \(format.integer(number("step"))))"
        case .workoutFinished: return "workout finished"
        case .workoutSkipped: return "step \(format.integer(number("step"))) skipped"
        case .workoutCleared: return "workout cleared"
        case .trainerControl: return "trainer under control"
        case .trainerRefused: return "trainer refused control: \(string("reason") ?? "?")"
        case .trainerNotSupported: return "trainer cannot be controlled: \(string("reason") ?? "?")"
        case .trainerLost: return "trainer control lost: \(string("reason") ?? "?"), asking again"
        case .trainerDropped: return "trainer dropped: \(string("reason") ?? "?")"
        }
    }

    /// "lap 3: 1.00 km in 5:12, 5:12 /km, 151 bpm".
    private func segment(_ e: LiveEvent) -> String {
        var parts = ["\(distance(e["distance_m"]?.number)) in \(format.duration(e["elapsed_s"]?.number))"]
        if let pace = e["pace_s_per_km"]?.number { parts.append("\(format.pace(secondsPerKilometre: pace)) \(format.paceUnit)") }
        if let hr = e["hr_avg"]?.number { parts.append(bpm(hr)) }
        let index = e["index"]?.integer.map { " \($0)" } ?? ""
        return "\(e.kind.rawValue)\(index): " + parts.joined(separator: ", ")
    }

    /// "heart-rate strap Polar H10 A1B2C3D4", or the address when the sensor has no name.
    private func sensorName(_ e: LiveEvent) -> String {
        let kind = e["kind"]?.string.flatMap(SensorKind.init(rawValue:))?.profile.noun ?? "sensor"
        return (e["name"]?.string ?? e["address"]?.string).map { "\(kind) \($0)" } ?? kind
    }

    /// `daily_distance_km.run` as "daily distance_km.run 5.2 of 5".
    private func goal(_ e: LiveEvent) -> String {
        let name = String((e["goal"]?.string ?? "goal").map { $0 == "_" ? " " : $0 })
        func amount(_ v: Double?) -> String { v.map { UnitSystem.fixed($0, $0 == $0.rounded() ? 0 : 2) } ?? "--" }
        return "goal reached: \(name): \(amount(e["done"]?.number)) of \(amount(e["target"]?.number))"
    }

    private func distance(_ metres: Double?) -> String { "\(format.distance(metres)) \(format.distanceUnit)" }
    /// A short distance (a cue ahead, how far off course) in metres or feet.
    private func short(_ metres: Double?) -> String { "\(format.elevation(metres)) \(format.elevationUnit)" }
    private func bpm(_ v: Double?, prefix: String = "") -> String { v.flatMap { $0.roundedInt(.towardZero) }.map { "\(prefix)\($0) bpm" } ?? "" }
    private func limit(_ v: Double?) -> String { v.flatMap { $0.roundedInt(.towardZero) }.map { " (limit \($0))" } ?? "" }
}
