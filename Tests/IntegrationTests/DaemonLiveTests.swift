import Foundation
import XCTest
import PacerCore
import PacerSystem

/// The real pacerd with real sources: a scenario recording played on a pty as its serial GPS
/// (sim/nmeaplay.py), and the fake strap on a private dbus-daemon.
final class DaemonLiveTests: XCTestCase {
    /// Background helpers of a test, killed at its end.
    final class Helpers {
        var processes: [Process] = []
        func start(_ path: String, _ arguments: [String], environment: [String: String]? = nil, log: URL) throws {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: path)
            p.arguments = arguments
            if let environment { p.environment = environment }
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            let h = try FileHandle(forWritingTo: log)
            p.standardOutput = h
            p.standardError = h
            try p.run()
            try h.close()
            processes.append(p)
        }
        deinit {
            for p in processes.reversed() where p.isRunning { p.terminate() }
            for p in processes { p.waitUntilExit() }
        }
    }

    /// Generates `scenario` starting now and plays it on a pty linked at DIR/gps.
    static func playScenario(_ scenario: String, in dir: URL, helpers: Helpers) throws -> String {
        let repo = BuiltBinaries.projectRoot.path
        let start = UTCTime(millisecondsSinceEpoch: Int64(Date().timeIntervalSince1970) * 1000).rfc3339
        let gen = try runTool("/usr/bin/python3", ["\(repo)/sim/scenario.py", scenario, "--out", dir.path, "--start",
                                                   String(start.prefix(19)) + "Z", "--quiet"])
        XCTAssertEqual(gen.status, 0, gen.stderr)
        let link = dir.appendingPathComponent("gps").path
        try helpers.start("/usr/bin/python3", ["\(repo)/sim/nmeaplay.py", dir.appendingPathComponent("\(scenario).nmea").path,
                                               "--link", link], log: dir.appendingPathComponent("nmeaplay.log"))
        for _ in 0..<200 where !FileManager.default.fileExists(atPath: link) { usleep(25_000) }
        return link
    }

    /// A private dbus-daemon standing in for the system bus, with the fake strap on it.
    static func startFakeStrap(in dir: URL, helpers: Helpers, control: String? = nil,
                               sensors: [String] = ["--strap", "00:22:D0:AA:BB:01", "--rate", "1"]) throws -> [String: String] {
        let busPath = dir.appendingPathComponent("system_bus").path
        try helpers.start("/usr/bin/dbus-daemon", ["--config-file=/usr/share/dbus-1/session.conf", "--address=unix:path=\(busPath)",
                                                   "--nofork", "--nopidfile"], log: dir.appendingPathComponent("dbus.log"))
        for _ in 0..<200 where !FileManager.default.fileExists(atPath: busPath) { usleep(25_000) }
        var env = ProcessInfo.processInfo.environment
        env["DBUS_SYSTEM_BUS_ADDRESS"] = "unix:path=\(busPath)"
        var args = ["\(BuiltBinaries.projectRoot.path)/sim/fakestrap.py"] + sensors
        if let control { args += ["--control", control] }
        try helpers.start("/usr/bin/python3", args, environment: env, log: dir.appendingPathComponent("fakestrap.log"))
        return ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(busPath)"]
    }

    func testHeartRateFromTheFakeStrapStartsASessionAndSensorLossIsAnEvent() throws {
        let helpers = Helpers()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pacerd-hr-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let control = dir.appendingPathComponent("strap-control").path
        XCTAssertEqual(mkfifo(control, 0o600), 0)
        let bus = try Self.startFakeStrap(in: dir, helpers: helpers, control: control)
        let daemon = try DaemonProcess(config: "[unattended]\nauto_start = contact\nstart_after_s = 2\n",
                                       extraArguments: ["--sensors", "bluez", "--gps", "gpsd:127.0.0.1:1"],
                                       environment: bus, directory: dir)
        defer { daemon.stop() }
        let watcher = try daemon.connect()
        try watcher.request(.watch(enable: true))
        let connected = try watcher.waitForState(timeout: 60) { $0.sensors.contains { $0.state == .connected } }
        let strap = try XCTUnwrap(connected.sensors.first)
        XCTAssertEqual(strap.kind, .heartRate)
        XCTAssertEqual(strap.address, "00:22:D0:AA:BB:01")
        // Skin contact for 2 s starts a session by itself; its STATE carries the heart rate and zone.
        let live = try watcher.waitForState(timeout: 60) { $0.session?.heartRate != nil }
        let hr = try XCTUnwrap(live.session?.heartRate)
        XCTAssertTrue((40...220).contains(hr), "\(hr)")
        XCTAssertNotNil(live.session?.heartRateZone)
        XCTAssertTrue(daemon.log.contains("by itself: heart-rate strap worn"), daemon.log)
        // The strap drops out for a moment: sensor_lost, then sensor_connected again.
        let fifo = try XCTUnwrap(FileHandle(forWritingAtPath: control))
        fifo.write(Data("drop 00:22:D0:AA:BB:01 1\n".utf8))
        var kinds: [LiveEvent.Kind] = []
        let deadline = Date().addingTimeInterval(60)
        while !kinds.contains(.sensorConnected) || !kinds.contains(.sensorLost), Date() < deadline {
            guard let v = try watcher.readReply(classes: ["EVENT"], timeout: 5), let e = LiveEvent(json: v) else { continue }
            if e.kind == .sensorLost || (e.kind == .sensorConnected && kinds.contains(.sensorLost)) { kinds.append(e.kind) }
        }
        XCTAssertEqual(kinds.prefix(2), [.sensorLost, .sensorConnected], daemon.log)
        try? fifo.close()
    }

    func testLiveStateHasDistanceFromTheSerialGPSAndHeartRateFromTheStrap() throws {
        let helpers = Helpers()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pacerd-live-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let gps = try Self.playScenario("steady-run", in: dir, helpers: helpers)
        let bus = try Self.startFakeStrap(in: dir, helpers: helpers)
        let daemon = try DaemonProcess(config: "[unattended]\nauto_start = movement\nstart_after_s = 3\n",
                                       extraArguments: ["--gps", "serial:\(gps)", "--sensors", "bluez"],
                                       environment: bus, directory: dir)
        defer { daemon.stop() }
        let watcher = try daemon.connect()
        try watcher.request(.watch(enable: true))
        let fixed = try watcher.waitForState(timeout: 30) { $0.gps.state == .fix }
        XCTAssertEqual(fixed.gps.source, "serial:\(gps)")
        XCTAssertNotNil(fixed.gps.latitude)
        // Sustained movement starts a session by itself; its distance grows with the fixes.
        let moving = try watcher.waitForState(timeout: 60) { ($0.session?.distanceMeters ?? 0) > 20 && $0.session?.heartRate != nil }
        let session = try XCTUnwrap(moving.session)
        XCTAssertEqual(session.activity, .run)
        XCTAssertEqual(session.state, .recording)
        XCTAssertNotNil(session.speed)
        XCTAssertTrue((40...220).contains(session.heartRate ?? 0))
        XCTAssertEqual(moving.sensors.first?.state, .connected)
        XCTAssertTrue(daemon.log.contains("starting a run session by itself"), daemon.log)
    }
}

/// A crash mid-session: SIGKILL, then a restart within `resume_within_min` resumes the same
/// session, and the journal holds every sample up to the last sync before the kill.
final class DaemonCrashResumeTests: XCTestCase {
    func testSIGKILLThenRestartResumesTheSessionWithNothingLostBeforeTheLastSync() throws {
        let helpers = DaemonLiveTests.Helpers()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pacerd-crash-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let gps = try DaemonLiveTests.playScenario("steady-run", in: dir, helpers: helpers)
        let config = "[unattended]\nauto_start = movement\nstart_after_s = 2\nresume_within_min = 5\n[journal]\nsync_interval_s = 1\n"
        let ctl = try BuiltBinaries.url("pacerctl").path
        var before: LiveSession
        var killedAt: UTCTime
        do {
            let daemon = try DaemonProcess(config: config, extraArguments: ["--gps", "serial:\(gps)"], directory: dir)
            let watcher = try daemon.connect()
            try watcher.request(.watch(enable: true))
            let state = try watcher.waitForState(timeout: 60) { ($0.session?.elapsedSeconds ?? 0) >= 12 }
            before = try XCTUnwrap(state.session)
            killedAt = try XCTUnwrap(state.time)
            XCTAssertEqual(daemon.stop(SIGKILL), SIGKILL)
        }
        let restarted = try DaemonProcess(config: config, extraArguments: ["--gps", "serial:\(gps)"], directory: dir)
        defer { restarted.stop() }
        let watcher = try restarted.connect()
        try watcher.request(.watch(enable: true))
        let resumed = try watcher.waitForState(timeout: 60) { $0.session != nil && ($0.session?.elapsedSeconds ?? 0) > before.elapsedSeconds }
        XCTAssertEqual(resumed.session?.id, before.id, "a new session started instead of resuming")
        print("before the crash: \(before.distanceMeters) m in \(before.elapsedSeconds) s; resumed: \(resumed.session?.distanceMeters ?? -1) m in \(resumed.session?.elapsedSeconds ?? -1) s")
        // At most the last sync interval (1 s) plus one sample period (1 s) of running is lost.
        XCTAssertGreaterThanOrEqual(resumed.session?.distanceMeters ?? 0, before.distanceMeters - 3 * max(before.speed ?? 0, 2),
                                    "distance went back more than 2-3 s of running")
        XCTAssertTrue(restarted.log.contains("resumed session \(before.id)"), restarted.log)
        try watcher.request(.stop)
        let ack = try watcher.expect(["ACK", "ERROR"])
        XCTAssertEqual(ack["class"]?.string, "ACK", "\(ack)")
        XCTAssertEqual(ack["session"]?.string, before.id)
        try watcher.request(.sessions)
        let listing = try watcher.expect(["SESSIONS", "ERROR"])
        XCTAssertEqual(listing["sessions"]?.array?.map { $0["id"]?.string }, [before.id], "\(listing)")
        XCTAssertEqual(restarted.stop(SIGTERM), 0)
        let after = try runTool(ctl, ["sessions", "--journal", dir.appendingPathComponent("journal").path, "--json"])
        let all = try XCTUnwrap(JSONValue.parse(after.stdout).array)
        XCTAssertEqual(all.count, 1, after.stdout)
        XCTAssertEqual(all.first?["id"]?.string, before.id)
        XCTAssertGreaterThan(all.first?["elapsed_s"]?.number ?? 0, before.elapsedSeconds)
        XCTAssertEqual(all.first?["activity"]?.string, "run")
        // Every second recorded before the crash is in the journal, up to the last sync (1 s).
        let csv = try runTool(ctl, ["export", before.id, "--format", "csv", "--journal", dir.appendingPathComponent("journal").path])
        XCTAssertEqual(csv.status, 0, csv.stderr)
        let times = csv.stdout.split(separator: "\n").dropFirst().compactMap { UTCTime(rfc3339: $0.prefix { $0 != "," }) }
        let beforeCrash = times.filter { $0 <= killedAt }
        XCTAssertGreaterThanOrEqual(Double(beforeCrash.count), before.elapsedSeconds - 3,
                                    "samples before the crash: \(beforeCrash.count), elapsed then \(before.elapsedSeconds) s")
        XCTAssertGreaterThan(times.count, beforeCrash.count, "no samples after the restart")
    }

    /// A Raspberry Pi has no real-time clock: after a power cut its system clock may be days off.
    /// Resume is decided on the receiver's time, so the session goes on with the clock 3 days
    /// behind (Debian's faketime), then 3 days ahead, and its times stay the receiver's.
    func testResumeIsDecidedOnGPSTimeWithTheSystemClockDaysBehindAndAhead() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/faketime") else {
            throw XCTSkip("faketime missing: run scripts/install-deps")
        }
        let helpers = DaemonLiveTests.Helpers()
        let dir = try BuiltBinaries.temporaryDirectory("pacerd-faketime")
        defer { try? FileManager.default.removeItem(at: dir) }
        let gps = try DaemonLiveTests.playScenario("steady-run", in: dir, helpers: helpers)
        let config = "[unattended]\nauto_start = movement\nstart_after_s = 2\nresume_within_min = 5\n[journal]\nsync_interval_s = 1\n"
        let noMonotonic = ["FAKETIME_DONT_FAKE_MONOTONIC": "1"]
        var id: String?
        var elapsed = 0.0
        for (round, offset) in ["-3d", "+3d", "-3d"].enumerated() {
            let daemon = try DaemonProcess(config: config, extraArguments: ["--gps", "serial:\(gps)"], environment: noMonotonic,
                                           directory: dir, launcher: ["/usr/bin/faketime", "-f", offset])
            let watcher = try daemon.connect()
            try watcher.request(.watch(enable: true))
            let state = try watcher.waitForState(timeout: 60) { ($0.session?.elapsedSeconds ?? 0) > elapsed + 4 }
            let session = try XCTUnwrap(state.session)
            // The STATE's time and the session's start are the receiver's, not the faked clock's.
            let now = Date().timeIntervalSince1970
            XCTAssertEqual(state.time?.secondsSinceEpoch ?? 0, now, accuracy: 60, "system clock \(offset)")
            if let id {
                XCTAssertEqual(session.id, id, "round \(round) (clock \(offset)) started a new session instead of resuming: \(daemon.log)")
                XCTAssertTrue(daemon.log.contains("resumed session \(id)"), daemon.log)
            }
            id = session.id
            elapsed = session.elapsedSeconds
            // Killed twice; the last round ends the session cleanly (SIGTERM stops it).
            daemon.stop(round < 2 ? SIGKILL : SIGTERM)
        }
        let listed = try BuiltBinaries.run("pacerctl", ["sessions", "--journal", dir.appendingPathComponent("journal").path, "--json"])
        let sessions = try XCTUnwrap(JSONValue.parse(String(decoding: listed.stdout, as: UTF8.self)).array)
        XCTAssertEqual(sessions.count, 1, "one session across three crashes")
        XCTAssertEqual(sessions.first?["start"]?.string.flatMap { UTCTime(rfc3339: $0) }?.secondsSinceEpoch ?? 0,
                       Date().timeIntervalSince1970, accuracy: 300)
    }

    func testARestartTooLateClosesTheCrashedSessionAsInterrupted() throws {
        let helpers = DaemonLiveTests.Helpers()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pacerd-late-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let gps = try DaemonLiveTests.playScenario("steady-run", in: dir, helpers: helpers)
        var id = ""
        do {
            let daemon = try DaemonProcess(config: "[unattended]\nauto_start = movement\nstart_after_s = 2\n",
                                           extraArguments: ["--gps", "serial:\(gps)"], directory: dir)
            let watcher = try daemon.connect()
            try watcher.request(.watch(enable: true))
            id = try XCTUnwrap(watcher.waitForState(timeout: 60) { ($0.session?.elapsedSeconds ?? 0) >= 3 }.session?.id)
            daemon.stop(SIGKILL)
        }
        // resume_within_min = 0: never resume.
        let restarted = try DaemonProcess(config: "[unattended]\nauto_start = off\nresume_within_min = 0\n",
                                          extraArguments: ["--gps", "serial:\(gps)"], directory: dir)
        let c = try restarted.connect()
        try c.request(.status)
        XCTAssertNil(LiveState(json: try c.expect(["STATE"]))?.session)
        XCTAssertTrue(restarted.log.contains("session \(id) closed as interrupted"), restarted.log)
        XCTAssertEqual(restarted.stop(SIGTERM), 0)
        let listed = try runTool(try BuiltBinaries.url("pacerctl").path,
                                 ["sessions", "--journal", dir.appendingPathComponent("journal").path, "--json"])
        let first = try XCTUnwrap(JSONValue.parse(listed.stdout).array?.first)
        XCTAssertEqual(first["id"]?.string, id)
        XCTAssertEqual(first["interrupted"]?.bool, true, listed.stdout)
    }
}

/// `[sensors] record_log`: pacerd writes what the strap sent beside the session, in the BLE log
/// format, and replaying that log gives the session's heart rate again.
final class DaemonSensorLogTests: XCTestCase {
    func testTheSessionsBLELogReplaysToItsHeartRate() throws {
        let helpers = DaemonLiveTests.Helpers()
        let dir = try BuiltBinaries.temporaryDirectory("pacerd-blelog")
        defer { try? FileManager.default.removeItem(at: dir) }
        let bus = try DaemonLiveTests.startFakeStrap(in: dir, helpers: helpers)
        let daemon = try DaemonProcess(config: "[sensors]\nrecord_log = yes\n[unattended]\nauto_start = off\n",
                                       extraArguments: ["--sensors", "bluez", "--gps", "gpsd:127.0.0.1:1"],
                                       environment: bus, directory: dir)
        let watcher = try daemon.connect()
        try watcher.request(.watch(enable: true))
        _ = try watcher.waitForState(timeout: 60) { $0.sensors.contains { $0.state == .connected } }
        try watcher.request(.start(activity: .run))
        let id = try XCTUnwrap(watcher.expect(["ACK"])["session"]?.string)
        _ = try watcher.waitForState(timeout: 60) { ($0.session?.elapsedSeconds ?? 0) >= 12 && $0.session?.heartRate != nil }
        try watcher.request(.stop)
        _ = try watcher.expect(["ACK"])
        XCTAssertEqual(daemon.stop(SIGTERM), 0)

        let journal = dir.appendingPathComponent("journal")
        let log = journal.appendingPathComponent("session-\(id).ble")
        let text = try String(contentsOf: log, encoding: .utf8)
        let notifications = try BLELog.parse(text)
        XCTAssertGreaterThanOrEqual(notifications.filter { $0.characteristic == 0x2A37 }.count, 10, text)
        let listed = try BuiltBinaries.run("pacerctl", ["show", id, "--journal", journal.path, "--json"])
        let live = try XCTUnwrap(JSONValue.parse(String(decoding: listed.stdout, as: UTF8.self)))
        let empty = dir.appendingPathComponent("none.nmea")
        try Data().write(to: empty)
        let replayed = try BuiltBinaries.run("pacerctl", ["replay", "--nmea", empty.path, "--ble", log.path, "--json"])
        XCTAssertEqual(replayed.status, 0, replayed.stderr)
        let again = try XCTUnwrap(JSONValue.parse(String(decoding: replayed.stdout, as: UTF8.self)))
        XCTAssertEqual(again["hr_max"]?.number, live["hr_max"]?.number, "\(again) vs \(live)")
        XCTAssertEqual(again["hr_avg"]?.number ?? 0, live["hr_avg"]?.number ?? -10, accuracy: 1.5)
        // The live session began at the start command, the replay at the first notification after it.
        let start = { (v: JSONValue) in v["start"]?.string.flatMap { UTCTime(rfc3339: $0) }?.secondsSinceEpoch ?? 0 }
        XCTAssertEqual(start(again), start(live), accuracy: 1.5)
    }
}

/// Bike sensors end to end: the fake power meter and speed/cadence sensor on the private bus,
/// found through the sensor table, into STATE, the journal and all four exports (checked by
/// Garmin's FIT SDK, gpxpy and the schemas in scripts/check-exports.py).
final class DaemonBikeSensorTests: XCTestCase {
    func testPowerMeterAndSpeedCadenceSensorIntoStateJournalAndExports() throws {
        let helpers = DaemonLiveTests.Helpers()
        let dir = try BuiltBinaries.temporaryDirectory("pacerd-bike")
        defer { try? FileManager.default.removeItem(at: dir) }
        let busPath = dir.appendingPathComponent("system_bus").path
        try helpers.start("/usr/bin/dbus-daemon", ["--config-file=/usr/share/dbus-1/session.conf", "--address=unix:path=\(busPath)",
                                                   "--nofork", "--nopidfile"], log: dir.appendingPathComponent("dbus.log"))
        for _ in 0..<200 where !FileManager.default.fileExists(atPath: busPath) { usleep(25_000) }
        let bus = ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(busPath)"]
        var env = ProcessInfo.processInfo.environment
        env["DBUS_SYSTEM_BUS_ADDRESS"] = bus["DBUS_SYSTEM_BUS_ADDRESS"]
        try helpers.start("/usr/bin/python3", ["\(BuiltBinaries.projectRoot.path)/sim/fakestrap.py", "--power", "00:22:D0:AA:BB:05",
                                               "--csc", "00:22:D0:AA:BB:06", "--rate", "1"],
                          environment: env, log: dir.appendingPathComponent("fakestrap.log"))
        let daemon = try DaemonProcess(config: "[unattended]\nauto_start = off\n[sensors]\nwheel_mm = 2105\n",
                                       extraArguments: ["--sensors", "bluez", "--gps", "gpsd:127.0.0.1:1"],
                                       environment: bus, directory: dir)
        let watcher = try daemon.connect()
        try watcher.request(.watch(enable: true))
        let both = try watcher.waitForState(timeout: 60) { state in
            [SensorKind.power, .speedCadence].allSatisfy { kind in state.sensors.contains { $0.kind == kind && $0.state == .connected } }
        }
        XCTAssertEqual(both.sensors.first { $0.kind == .power }?.address, "00:22:D0:AA:BB:05")
        try watcher.request(.start(activity: .ride))
        let id = try XCTUnwrap(watcher.expect(["ACK"])["session"]?.string)
        // STATE's power fields are not decoded by LiveSession: read them from the raw object.
        var raw: JSONValue?
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            guard let v = try watcher.readReply(classes: ["STATE"], timeout: 5), let s = v["session"],
                  (s["elapsed_s"]?.number ?? 0) >= 40, s["power_w"]?.number != nil else { continue }
            raw = s
            break
        }
        let session = try XCTUnwrap(raw, "no STATE with power: \(daemon.log)")
        XCTAssertTrue((170...270).contains(session["power_w"]?.number ?? 0), "\(session)")
        XCTAssertTrue((170...270).contains(session["power_3s_w"]?.number ?? 0), "\(session)")
        XCTAssertEqual(session["cadence_rpm"]?.number ?? 0, 90, accuracy: 3, "\(session)")
        try watcher.request(.stop)
        _ = try watcher.expect(["ACK"])
        XCTAssertEqual(daemon.stop(SIGTERM), 0)

        let journal = dir.appendingPathComponent("journal").path
        let shown = try BuiltBinaries.run("pacerctl", ["show", id, "--journal", journal, "--json"])
        let summary = try JSONValue.parse(String(decoding: shown.stdout, as: UTF8.self))
        XCTAssertEqual(summary["power_avg_w"]?.number ?? 0, 220, accuracy: 25, "\(summary)")
        XCTAssertEqual(summary["power_max_w"]?.number ?? 0, 258, accuracy: 3, "\(summary)")
        XCTAssertNotNil(summary["power_np_w"]?.number)
        XCTAssertEqual(summary["cadence_avg_rpm"]?.number ?? 0, 90, accuracy: 3, "\(summary)")
        try shown.stdout.write(to: dir.appendingPathComponent("summary.json"))
        var files: [String] = []
        for format in ["csv", "fit", "gpx", "tcx"] {
            let out = dir.appendingPathComponent("ride.\(format)").path
            let export = try BuiltBinaries.run("pacerctl", ["export", id, "--format", format, "-o", out, "--journal", journal])
            XCTAssertEqual(export.status, 0, export.stderr)
            files.append(out)
        }
        let check = try runTool(JournalTestSupport.python, [BuiltBinaries.projectRoot.appendingPathComponent("scripts/check-exports.py").path,
                                                            dir.appendingPathComponent("summary.json").path] + files)
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        XCTAssertTrue(check.stdout.contains("ok   fit avg_power = summary"), check.stdout)
        XCTAssertTrue(check.stdout.contains("ok   fit avg_cadence = summary rpm"), check.stdout)
        print(check.stdout.split(separator: "\n").last ?? "")
    }
}
