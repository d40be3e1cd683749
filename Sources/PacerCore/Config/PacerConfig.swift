/// Everything `pacerd` and `pacerctl replay` can be configured with, parsed from the INI file
/// of docs/design.md (`/etc/pacer/pacer.conf`). Every key has a default that works on a
/// Raspberry Pi with a USB GPS and a strap; an unknown key or a bad value is an error naming
/// file, line and key.
public struct PacerConfig: Equatable, Sendable {
    public enum SensorBackend: String, Sendable { case bluez, none }

    public var athlete = AthleteProfile()
    public var recording = RecordingSettings()
    public var weather = WeatherSettings()
    /// `[course]`: the course to follow and when the rider is off it (CourseSettings.swift).
    public var course = CourseSettings()
    /// `[workout]`: the structured workout followed from the start (WorkoutSettings.swift).
    public var workout = WorkoutSettings()
    /// `[trainer]`: how a smart trainer is driven (TrainerSettings.swift).
    public var trainer = TrainerSettings()
    /// `[altitude]`: GPS or barometer, and the IIO pressure sensor (AltitudeSettings.swift).
    public var altitude = AltitudeSettings()
    /// `[gpsd_compat]` and `[export]`: pacerd as a source for other software (#18).
    public var gpsdCompat = GPSDCompatSettings()
    public var export = ExportSettings()
    public var report = ReportSettings()
    /// `[display] fields`: what `pacerctl watch` shows, in order.
    public var liveFields = LiveFieldLayout.standard
    /// `[broadcast]`: BLE re-broadcast of the live values (#18).
    public var broadcast = BroadcastSettings()
    /// `[upload]`: the services a finished session goes to (UploadSettings.swift).
    public var upload = UploadSettings()

    // [gps]
    /// Source string as `pacerctl fixes --source` takes it.
    public var gpsSource = "gpsd:localhost:2947"

    // [sensors]
    public var sensors: SensorBackend = .bluez
    /// Bluetooth address to use per sensor kind (key: the kind's `configKey`); a kind not
    /// listed takes the first sensor of that kind seen.
    public var sensorAddresses: [SensorKind: String] = [:]
    /// ANT+ device number per sensor kind (`heart_rate = ant:12345`): that kind is the ANT+
    /// device with this number, and no BLE sensor is searched for it.
    public var antDeviceNumbers: [SensorKind: UInt32] = [:]
    /// `ant`: the ANT USB stick's tty, `auto` (the first tty with an ANT stick's USB ids) or `off`.
    public var antStick = "off"
    /// Wheel circumference for a speed sensor, millimetres (700x25c).
    public var wheelCircumferenceMillimetres: Double = 2105
    /// Whether the daemon writes the BLE notification log beside each session.
    public var recordBLELog = false

    // [journal]
    public var journalDirectory = "/var/lib/pacer"
    /// Seconds between fdatasyncs while recording (group commit): at most this much is lost
    /// at a power cut; raise it to spare an SD card. Session events always sync at once.
    public var journalSyncInterval: Double = 1

    // [socket]
    public var socketPath = "/run/pacer/pacer.sock"
    public var socketGroup = "pacer"
    public var socketMode: UInt32 = 0o660
    /// Whether members outside the socket group may `watch` (read-only) through a second socket.
    public var watchPublic = false

    // [unattended], [alerts], [display]: the daemon's own sections (PacerConfig+Daemon.swift).
    public var unattended = UnattendedRecordingSettings()
    public var alerts = AlertSettings()
    /// 24-hour clock in pacerctl's human output (`[display] clock = 12|24`).
    public var twentyFourHourClock = true
    /// `[goals]`, `[habit NAME]`, `[load]` (PacerConfig+Motivation.swift).
    public var motivation = MotivationSettings()

    public init() {}

    /// The largest config file read: a hundred times any real one.
    public static let maximumFileBytes = 1 << 20

    /// Parses a whole config file. `file` is only used to name it in errors.
    public init(parsing text: String, file: String) throws {
        self.init()
        var section = ""
        var seen: Set<String> = []
        var keyLines: [String: Int] = [:]
        var lineNumber = 0
        // A byte-order mark (Windows editors write one) is not part of the first line.
        let text = text.hasPrefix("\u{FEFF}") ? text.dropFirst() : text[...]
        // On newlines, not the Character "\n": a CRLF file's "\r\n" is one Character, and a file
        // written on Windows read as one line.
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            lineNumber += 1
            let line = PacerConfig.stripComment(rawLine)
            if line.isEmpty { continue }
            if line.first == "[" {
                guard line.last == "]" else {
                    throw ConfigError(file: file, line: lineNumber, key: nil, message: "malformed section header '\(line)'")
                }
                let name = PacerConfig.trim(line.dropFirst().dropLast())
                if let habit = try beginHabitSection(name, file: file, line: lineNumber) { section = habit; continue }
                guard PacerConfig.sections.contains(String(name)) else {
                    throw ConfigError(file: file, line: lineNumber, key: nil, message: "unknown section [\(name)]")
                }
                section = String(name)
                continue
            }
            guard let eq = line.firstIndex(of: "=") else {
                throw ConfigError(file: file, line: lineNumber, key: nil, message: "expected 'key = value', got '\(line)'")
            }
            let key = String(PacerConfig.trim(line[..<eq]))
            let value = String(PacerConfig.trim(line[line.index(after: eq)...]))
            let qualified = section.isEmpty ? key : "\(section).\(key)"
            guard !section.isEmpty else {
                throw ConfigError(file: file, line: lineNumber, key: qualified, message: "key outside any section")
            }
            guard !seen.contains(qualified) else {
                throw ConfigError(file: file, line: lineNumber, key: qualified, message: "set twice")
            }
            seen.insert(qualified)
            keyLines[qualified] = lineNumber
            do {
                try apply(section: section, key: key, value: value)
            } catch let problem as ConfigValueProblem {
                throw ConfigError(file: file, line: lineNumber, key: qualified, message: problem.message)
            }
        }
        try validate(file: file, keyLines: keyLines)
    }

    static let sections: Set<String> = ["athlete", "recording", "gps", "sensors", "journal", "socket",
                                        "unattended", "alerts", "display", "goals", "load", "weather",
                                        "gpsd_compat", "export", "report", "broadcast", "altitude", "elevation", "course", "workout", "upload",
                                        "trainer"]

    private mutating func apply(section: String, key: String, value v: String) throws {
        let p = ConfigValueParser(value: v)
        switch (section, key) {
        case ("athlete", "max_hr"): athlete.maxHeartRate = try p.integer(in: 100...240)
        case ("athlete", "rest_hr"): athlete.restHeartRate = try p.integer(in: 25...120)
        case ("athlete", "lthr"): athlete.lactateThresholdHeartRate = try p.integer(in: 80...230)
        case ("athlete", "zones"): athlete.explicitZoneLowerBounds = try p.zoneBounds()
        case ("athlete", "zone_model"): athlete.zoneModel = try p.choice(HeartRateZoneModel.self)
        case ("athlete", "weight_kg"): athlete.weightKilograms = try p.number(in: 20...300)
        case ("athlete", "height_cm"): athlete.heightCentimetres = try p.number(in: 80...250)
        case ("athlete", "age"): athlete.age = try p.integer(in: 5...120)
        case ("athlete", "sex"): athlete.sex = try p.choice(AthleteProfile.Sex.self)
        case ("athlete", "ftp"): athlete.ftpWatts = try p.number(in: 30...2500)

        case ("recording", "auto_pause"): recording.autoPauseEnabled = try p.boolean()
        case ("recording", "auto_pause_run_below"): recording.autoPauseRun.pauseBelow = try p.number(in: 0...20)
        case ("recording", "auto_pause_run_above"): recording.autoPauseRun.resumeAbove = try p.number(in: 0...20)
        case ("recording", "auto_pause_walk_below"): recording.autoPauseWalk.pauseBelow = try p.number(in: 0...20)
        case ("recording", "auto_pause_walk_above"): recording.autoPauseWalk.resumeAbove = try p.number(in: 0...20)
        case ("recording", "auto_pause_ride_below"): recording.autoPauseRide.pauseBelow = try p.number(in: 0...50)
        case ("recording", "auto_pause_ride_above"): recording.autoPauseRide.resumeAbove = try p.number(in: 0...50)
        case ("recording", "auto_pause_delay_s"):
            let d = try p.number(in: 0...60)
            recording.autoPauseRun.pauseDelay = d; recording.autoPauseWalk.pauseDelay = d; recording.autoPauseRide.pauseDelay = d
        case ("recording", "auto_resume_delay_s"):
            let d = try p.number(in: 0...60)
            recording.autoPauseRun.resumeDelay = d; recording.autoPauseWalk.resumeDelay = d; recording.autoPauseRide.resumeDelay = d
        case ("recording", "auto_lap_m"):
            // 0 is off; a lap shorter than a GPS step's jitter would be thousands a fix (1e-300
            // made no progress at all and hung the daemon).
            let metres = try p.number(in: 0...1_000_000)
            guard metres == 0 || metres >= 50 else { throw ConfigValueProblem("\(p.value) is neither 0 (off) nor 50...1000000") }
            recording.autoLapMeters = metres
        case ("recording", "units"): recording.units = try p.choice(RecordingSettings.Units.self)

        case ("gps", "source"): gpsSource = try p.nonEmpty()

        case ("sensors", "backend"): sensors = try p.choice(SensorBackend.self)
        case ("sensors", let k) where SensorProfile.table.contains(where: { $0.configKey == k }):
            let kind = SensorProfile.table.first { $0.configKey == k }!.kind
            if let n = try p.antDeviceNumber() { antDeviceNumbers[kind] = n } else { sensorAddresses[kind] = try p.bluetoothAddress() }
        case ("sensors", "ant"): antStick = try p.antStick()
        case ("sensors", "wheel_mm"): wheelCircumferenceMillimetres = try p.number(in: 500...4000)
        case ("sensors", "record_log"): recordBLELog = try p.boolean()

        case ("journal", "dir"): journalDirectory = try p.absolutePath()
        case ("journal", "sync_interval_s"): journalSyncInterval = try p.number(in: 0...3600)

        case ("socket", "path"): socketPath = try p.absolutePath()
        case ("socket", "group"): socketGroup = try p.nonEmpty()
        case ("socket", "mode"): socketMode = try p.octalMode()
        case ("socket", "watch_public"): watchPublic = try p.boolean()
        case ("goals", _), ("load", _): try applyMotivationKey(section: section, key: key, parser: p)
        case (let s, _) where s.hasPrefix("habit "): try applyHabitKey(key: key, parser: p)
        case ("gpsd_compat", _): try applyGPSDCompatKey(key: key, parser: p)
        case ("export", _): try applyExportKey(key: key, parser: p)
        case ("report", _): try applyReportKey(key: key, parser: p)
        case ("broadcast", _): try applyBroadcastKey(key: key, parser: p)
        case ("upload", _): try applyUploadKey(key: key, parser: p)
        default: try applyDaemonKey(section: section, key: key, parser: p)
        }
    }

    /// Cross-key checks, reported at the line of the key that was set (line 0 when both defaulted).
    private func validate(file: String, keyLines: [String: Int]) throws {
        func line(_ keys: String...) -> Int { keys.compactMap { keyLines[$0] }.max() ?? 0 }
        for (name, pause) in [("run", recording.autoPauseRun), ("walk", recording.autoPauseWalk), ("ride", recording.autoPauseRide)]
        where pause.resumeAbove < pause.pauseBelow {
            throw ConfigError(file: file, line: line("recording.auto_pause_\(name)_above", "recording.auto_pause_\(name)_below"),
                              key: "recording.auto_pause_\(name)_above",
                              message: "must not be below auto_pause_\(name)_below (hysteresis)")
        }
        if athlete.restHeartRate >= athlete.maxHeartRate {
            throw ConfigError(file: file, line: line("athlete.rest_hr", "athlete.max_hr"), key: "athlete.rest_hr", message: "must be below max_hr")
        }
        if athlete.zoneModel == .percentLTHR, athlete.explicitZoneLowerBounds == nil, athlete.lactateThresholdHeartRate == nil {
            throw ConfigError(file: file, line: line("athlete.zone_model"), key: "athlete.lthr", message: "zone_model = lthr needs lthr")
        }
        if let (key, message) = validateUpload() {
            throw ConfigError(file: file, line: line(key), key: key, message: message)
        }
    }

    /// Drops a `;` or `#` comment (anywhere on the line) and surrounding blanks.
    static func stripComment(_ line: Substring) -> Substring {
        var end = line.endIndex
        if let c = line.firstIndex(where: { $0 == ";" || $0 == "#" }) { end = c }
        return trim(line[..<end])
    }

    /// On UTF-8 bytes: Character by Character from the end took quadratic time over a line of
    /// blanks (a minute for 250 000 of them, the daemon deaf meanwhile on a reload).
    static func trim(_ s: Substring) -> Substring {
        let blank: (UInt8) -> Bool = { $0 == 32 || $0 == 9 || $0 == 13 }
        let bytes = s.utf8
        guard let first = bytes.firstIndex(where: { !blank($0) }), let last = bytes.lastIndex(where: { !blank($0) }) else {
            return s[s.endIndex...]
        }
        return s[first...last]
    }
}
