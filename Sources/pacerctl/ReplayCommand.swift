import PacerCore
import PacerSystem

/// `pacerctl replay --nmea FILE [--ble FILE] [--config FILE] [--course FILE] [--workout FILE] [--dem DIR] [--activity run|walk|ride] [--journal DIR] [--events] [--json]`:
/// runs the daemon's session recorder over recordings as fast as possible and prints the summary.
enum ReplayCommand {
    static let subcommand = Subcommand(
        name: "replay", usage: "replay --nmea FILE [--ble FILE] [--config FILE] [--course FILE] [--workout FILE] [--dem DIR] [--activity run|walk|ride] [--journal DIR] [--events] [--json]",
        summary: "run the session engine over an NMEA recording (and a BLE log) and print the summary"
    ) { args in
        let arguments = try CommandArguments(args, flags: ["json", "events"], options: ["nmea", "ble", "config", "course", "workout", "dem", "activity", "journal"])
        try arguments.expectNoPositionals()
        guard let nmeaPath = arguments.option("nmea") else { throw UsageError("--nmea FILE is required") }
        var activity = Activity.run
        if let name = arguments.option("activity") {
            guard let a = Activity(rawValue: name) else { throw UsageError("--activity must be \(ActivityProfile.names), not '\(name)'") }
            activity = a
        }
        var config = PacerConfig()
        var configText = ""
        if let path = arguments.option("config") {
            do {
                configText = try FileByteSource.readText(path, limit: PacerConfig.maximumFileBytes)
                config = try PacerConfig(parsing: configText, file: path)
            } catch let error as ConfigError {
                printError("pacerctl replay: \(error)")
                return 1
            }
        }
        var notifications: [BLENotification] = []
        if let path = arguments.option("ble") {
            do {
                notifications = try BLELog.parse(try FileByteSource.readText(path, limit: BLELog.maximumFileBytes))
            } catch let error as BLELogError {
                printError("pacerctl replay: \(path):\(error)")
                return 1
            }
        }
        var replay = SessionReplay(config: config, activity: activity, notifications: notifications)
        // The course of --course, else the config's `[course] file`, as pacerd follows it from its start.
        if let path = arguments.option("course") ?? config.course.file {
            do { replay.follow(try CourseLoader.load(path)) } catch {
                printError("pacerctl replay: \(error)")
                return 1
            }
        }
        // The terrain model of --dem, else the config's `[elevation] dem`, as pacerd reads it.
        if let dem = try arguments.option("dem").map({ try AbsolutePath.resolve($0) }) ?? config.altitude.demDirectory {
            replay.useTerrain(TerrainLookup(source: DirectoryTileSource(path: dem)))
        }
        // The workout of --workout, else the config's `[workout] file`, as pacerd runs it from its start.
        if let path = arguments.option("workout") ?? config.workout.file {
            do { replay.run(try WorkoutLoader.load(path)) } catch {
                printError("pacerctl replay: \(error)")
                return 1
            }
        }
        var decoder = NMEADecoder()
        // With --journal the session is written as the daemon writes it (the same commits, so the
        // same bytes), synced once at the end: an offline replay has no crash to survive, and
        // an fdatasync per second of session time made it twelve times slower.
        var writerOptions = JournalWriter.Options()
        writerOptions.synchronous = false
        let journal = try arguments.option("journal").map {
            SessionJournalRecorder(writer: try JournalWriter(directory: $0, options: writerOptions), configSnapshot: configText)
        }
        // --events: each EVENT as pacerd sends it to watchers (alerts as decided, session events
        // as they happen), one JSON line each, before the summary.
        let events = arguments.flag("events") ? BufferedOutput() : nil
        let sink: (RecorderOutput) -> Void = { output in
            switch output {
            case .journal(let entry): journal?.apply(entry)
            // Zone changes reach watchers as alerts once held, as pacerd sends them.
            case .event(.zoneChanged): break
            case .event(let event): try? events?.write(String(decoding: LiveEvent(event, sessionID: nil).line, as: UTF8.self))
            case .alert(let alert): try? events?.write(String(decoding: alert.line, as: UTF8.self))
            // What pacerd logs (a bad terrain tile, a tile missing under the track) goes to stderr.
            case .notice(let text): printError("pacerctl replay: " + text)
            default: break
            }
        }
        let source = try FileByteSource(path: nmeaPath)
        try source.forEachChunk { chunk in
            decoder.decode(chunk) { replay.feed($0).forEach(sink) }
        }
        decoder.finish { replay.feed($0).forEach(sink) }
        let (finished, last) = replay.finish()
        last.forEach(sink)
        var summary = finished
        if let journal {
            if let error = journal.takeError() { throw error }
            try journal.writer.sync()
            summary.id = journal.sessionID
        }

        try events?.flush()
        let out = BufferedOutput()
        if arguments.flag("json") {
            try out.write(summary.json + "\n")
        } else {
            try out.write(summary.humanText(units: config.recording.units))
        }
        try out.flush()
        printError("NMEA: " + CountersReport.summary(decoder.counters)
            + "\nrecorder: " + CountersReport.summary(replay.counters)
            + "\nposition filter: " + CountersReport.summary(replay.engine.filter.counters))
        if replay.gapsClosed > 0 || replay.notificationsOffTimeline > 0 {
            let hours = SessionReplay.longestGapSeconds / 3600
            printError("pacerctl replay: \(replay.gapsClosed) gap(s) of more than \(hours) h between inputs closed to 1 s; "
                + "\(replay.notificationsOffTimeline) notification(s) more than \(hours) h before the first fix or after the last "
                + "skipped (a BLE log written on another clock?)")
        }
        if replay.glitchesBridged > 0 {
            printError("pacerctl replay: \(replay.glitchesBridged) receiver time glitch(es) bridged at the receiver's pace")
        }
        return 0
    }
}
