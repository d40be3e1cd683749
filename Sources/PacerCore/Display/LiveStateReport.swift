/// The human-readable text of a STATE (`pacerctl status`): one labelled line per value.
public struct LiveStateReport: Sendable {
    public let format: MeasurementFormatter

    public init(_ preferences: DisplayPreferences) { format = MeasurementFormatter(preferences) }

    public func text(_ state: LiveState) -> String {
        var lines: [String] = []
        func row(_ label: String, _ value: String) {
            lines.append(label.padding(toLength: 12) + value)
        }
        row("time", format.clock(state.time))
        if let s = state.session {
            row("session", "\(s.id), \(s.activity.rawValue), \(s.state.rawValue)")
            row("elapsed", "\(format.duration(s.elapsedSeconds))   moving \(format.duration(s.movingSeconds))")
            row("distance", "\(format.distance(s.distanceMeters)) \(format.distanceUnit)   lap \(s.lap)")
            if s.activity == .ride {
                row("speed", "\(format.speed(s.speed)) \(format.speedUnit)")
            } else {
                row("pace", "\(format.pace(secondsPerKilometre: s.paceSecondsPerKilometre)) \(format.paceUnit)"
                    + "   avg \(format.pace(secondsPerKilometre: s.averagePaceSecondsPerKilometre)) \(format.paceUnit)")
            }
            row("heart rate", s.heartRate.map { "\($0) bpm" + (s.heartRateZone.map { "   zone \($0)" } ?? "") } ?? "--")
            row("cadence", "\(format.integer(s.cadence)) \(s.activity == .ride ? "rpm" : "spm")   steps \(format.integer(s.steps))")
            row("calories", "\(format.integer(s.calories)) kcal   climb \(format.elevation(s.elevationGain)) \(format.elevationUnit)")
        } else {
            row("session", "none (idle)")
        }
        if let course = state.course { row("course", courseText(course)) }
        if let workout = state.workout { row("workout", workoutText(workout)) }
        if let trainer = state.trainer { row("trainer", trainerText(trainer)) }
        row("gps", gpsText(state.gps))
        if state.sensors.isEmpty { row("sensors", "none") }
        for sensor in state.sensors {
            row("sensor", sensorText(sensor))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// "Alpine loop: 84.20 km to go · Turn left in 180 m · climb 2.10 km left, +140 m, 6.5 % · ETA 2:48:00".
    public func courseText(_ c: LiveCourse) -> String {
        let p = c.progress
        guard p.along != nil else { return "\(c.name), \(format.distance(c.distance)) \(format.distanceUnit): not on it yet" }
        var parts = [p.finished ? "finished" : "\(format.distance(p.toGo)) \(format.distanceUnit) to go"]
        if !p.onCourse { parts.append("OFF COURSE by \(format.elevation(p.offset)) \(format.elevationUnit)") }
        if let next = p.nextCue { parts.append("\(next.cue.name.isEmpty ? next.cue.kind.name : next.cue.name) in \(format.elevation(next.inMeters)) \(format.elevationUnit)") }
        if let climb = p.climb {
            parts.append("climb \(format.distance(climb.toGo)) \(format.distanceUnit) left, +\(format.elevation(climb.gainToGo)) \(format.elevationUnit), "
                + "\(UnitSystem.fixed(climb.grade, 1)) %")
        }
        if let eta = c.eta, !p.finished { parts.append("ETA \(format.duration(eta))") }
        return c.name + ": " + parts.joined(separator: " · ")
    }

    /// "Threshold: step 2/7 on · 250-270 W · 5:12 left · in target"; before the session starts
    /// it, the name and the step count.
    public func workoutText(_ w: LiveWorkout) -> String {
        guard let step = w.step else { return "\(w.name): \(w.steps) steps, starts with the session" }
        if w.finished { return "\(w.name): finished" }
        var parts = ["step \(step)/\(w.steps)" + (w.stepName.isEmpty ? "" : " " + w.stepName)]
        if let t = w.target { parts.append(LiveField.targetValue(w, format) + " " + LiveField.targetUnit(t.kind, format)) }
        let left = LiveField.stepLeft(w, format)
        if left != "--" { parts.append(left + (w.remainingMeters != nil ? " \(format.distanceUnit)" : "") + " left") }
        if let inTarget = w.inTarget { parts.append(inTarget ? "in target" : "OUT of target") }
        return w.name + ": " + parts.joined(separator: " · ")
    }

    /// "ERG 250 W · controlling (0-2000 W)", "SIM grade 3.5 % · controlling", "ERG · dropped".
    public func trainerText(_ t: LiveTrainer) -> String {
        var head = t.mode.uppercased()
        if let w = t.targetWatts { head += " \(w) W" } else if let g = t.gradePercent { head += " grade \(UnitSystem.fixed(g, 1)) %" }
        var text = head + " · " + t.state.replacingUnderscores
        if let low = t.minimumWatts, let high = t.maximumWatts { text += " (\(low)-\(high) W)" }
        return text
    }

    public func gpsText(_ g: LiveGPSState) -> String {
        var parts: [String]
        switch g.state {
        case .noDevice: parts = ["no device"]
        case .noFix: parts = ["no fix"]
        case .fix: parts = [g.mode >= 3 ? "3D fix" : "2D fix"]
        }
        if let n = g.satellitesUsed { parts.append("\(n) sats") }
        if let h = g.hdop { parts.append("hdop \(format.fixed(h, 1))") }
        if let lat = g.latitude, let lon = g.longitude { parts.append("\(format.fixed(lat, 5)), \(format.fixed(lon, 5))") }
        parts.append("(\(g.source))")
        return parts.joined(separator: ", ")
    }

    public func sensorText(_ s: LiveSensorState) -> String {
        var text = "\(s.kind.rawValue.replacingUnderscores) \(s.name ?? s.address) \(s.state.rawValue)"
        if let b = s.batteryPercent { text += ", battery \(b)%" }
        return text
    }
}

extension String {
    func padding(toLength n: Int) -> String { count >= n ? self + " " : self + String(repeating: " ", count: n - count) }
    var replacingUnderscores: String { String(map { $0 == "_" ? " " : $0 }) }
}
