/// The daemon's sections of the config file:
///
/// ```
/// [unattended]
/// auto_start = any          ; off | movement | contact | any
/// start_speed_mps = 1.2     ; what counts as moving
/// start_after_s = 15        ; sustained movement / skin contact before a session starts
/// activity = auto           ; auto (guess from speed) | run | walk | ride
/// auto_stop_idle_min = 10   ; 0 = never
/// resume_within_min = 15    ; resume a crashed session when restarted within this
/// [alerts]
/// hr_high = 175             ; none to disable
/// hr_low = 110
/// zone_hold_s = 5
/// battery_low_pct = 15
/// [display]
/// clock = 24                ; 12 | 24
/// fields = elapsed:big, distance, pace:big:green, hr, zone   ; pacerctl watch (LiveFieldLayout)
/// ```
extension PacerConfig {
    mutating func applyDaemonKey(section: String, key: String, parser p: ConfigValueParser) throws {
        switch (section, key) {
        case ("unattended", "auto_start"): unattended.autoStart = try p.choice(UnattendedRecordingSettings.AutoStart.self)
        case ("unattended", "start_speed_mps"): unattended.startSpeed = try p.number(in: 0.1...20)
        case ("unattended", "start_after_s"): unattended.startAfterSeconds = try p.number(in: 0...600)
        case ("unattended", "activity"):
            unattended.activity = p.value.lowercased() == "auto" ? nil : try p.choice(Activity.self)
            if let a = unattended.activity, !a.profile.recordsTrack {
                throw ConfigValueProblem("a \(a.rawValue) session is started by command, not by movement: use run, walk, ride or auto")
            }
        case ("unattended", "auto_stop_idle_min"): unattended.autoStopIdleMinutes = try p.number(in: 0...1440)
        case ("unattended", "resume_within_min"): unattended.resumeWithinMinutes = try p.number(in: 0...1440)
        case ("alerts", "hr_high"): alerts.heartRateHigh = try optionalHeartRate(p)
        case ("alerts", "hr_low"): alerts.heartRateLow = try optionalHeartRate(p)
        case ("alerts", "zone_hold_s"): alerts.zoneHoldSeconds = try p.number(in: 0...600)
        case ("alerts", "battery_low_pct"): alerts.batteryLowPercent = try p.integer(in: 0...100)
        case ("display", "clock"):
            switch p.value {
            case "24": twentyFourHourClock = true
            case "12": twentyFourHourClock = false
            default: throw ConfigValueProblem("'\(p.value)' is not 12 or 24")
            }
        case ("display", "fields"):
            do { liveFields = try LiveFieldLayout(parsing: p.value) } catch let e as LiveFieldLayoutError { throw ConfigValueProblem(e.description) }
        case ("weather", _): try applyWeatherKey(key: key, parser: p)
        case ("altitude", _): try applyAltitudeKey(key: key, parser: p)
        case ("elevation", _): try applyElevationKey(key: key, parser: p)
        case ("course", _): try applyCourseKey(key: key, parser: p)
        case ("workout", "file"): workout.file = try p.absolutePath()
        case ("trainer", "mode"): trainer.mode = try p.choice(TrainerSettings.Mode.self)
        default: throw ConfigValueProblem("unknown key")
        }
    }

    private func optionalHeartRate(_ p: ConfigValueParser) throws -> Int? {
        p.value.lowercased() == "none" ? nil : try p.integer(in: 30...240)
    }
}

extension UnattendedRecordingSettings.AutoStart: CaseIterableNames {
    static var allNames: [String] { allCases.map(\.rawValue) }
}

extension Activity: CaseIterableNames {
    static var allNames: [String] { allCases.map(\.rawValue) }
}

extension TrainerSettings.Mode: CaseIterableNames {
    static var allNames: [String] { allCases.map(\.rawValue) }
}
