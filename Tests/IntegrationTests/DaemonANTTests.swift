import Foundation
import XCTest
import PacerCore
import PacerSystem

/// ANT+ end to end: the real pacerd with sim/fake_ant_stick.py on a pty as its `[sensors] ant`
/// stick. Heart rate, power and cadence reach STATE (as `transport: ant` sensors with their
/// device numbers) and the journal; the stick unplugged and plugged in again is reopened and its
/// devices found again (the time is printed); the session's BLE log replays to the same summary;
/// `pacerctl ant-scan` lists the stick's devices.
final class DaemonANTTests: XCTestCase {
    static let python = "/usr/bin/python3"

    /// Starts the fake stick linked at DIR/ant0 and waits for the link.
    static func startStick(in dir: URL, helpers: DaemonLiveTests.Helpers, _ arguments: [String]) throws -> String {
        guard FileManager.default.isExecutableFile(atPath: python) else { throw MissingPrerequisite.error("no python3") }
        let link = dir.appendingPathComponent("ant0").path
        try helpers.start(python, [BuiltBinaries.projectRoot.appendingPathComponent("sim/fake_ant_stick.py").path, "--link", link] + arguments,
                          log: dir.appendingPathComponent("fake_ant_stick.log"))
        for _ in 0..<400 where !FileManager.default.fileExists(atPath: link) { usleep(25_000) }
        return link
    }

    func testHeartRatePowerAndCadenceFromTheStickAndAReplug() throws {
        let helpers = DaemonLiveTests.Helpers()
        let dir = try BuiltBinaries.temporaryDirectory("pacerd-ant")
        defer { try? FileManager.default.removeItem(at: dir) }
        let link = try Self.startStick(in: dir, helpers: helpers, ["--hr", "150", "--power", "220", "--cadence", "90",
                                                                    "--unplug-after", "25", "--replug-after", "2"])
        // The footpod is pinned to a number the stick does not have: a ride gets no running cadence.
        let config = "[sensors]\nant = \(link)\nrecord_log = yes\nfootpod = ant:1\n[unattended]\nauto_start = off\n"
        let daemon = try DaemonProcess(config: config, extraArguments: ["--gps", "gpsd:127.0.0.1:1"], directory: dir)
        let watcher = try daemon.connect()
        try watcher.request(.watch(enable: true))
        func tracking(_ state: LiveState, _ kind: SensorKind) -> LiveSensorState? {
            state.sensors.first { $0.kind == kind && $0.transport == .ant && $0.state == .connected }
        }
        let found = try watcher.waitForState(timeout: 30) { s in tracking(s, .heartRate) != nil && tracking(s, .power) != nil }
        XCTAssertEqual(tracking(found, .heartRate)?.deviceNumber, 12120, daemon.log)
        XCTAssertEqual(tracking(found, .heartRate)?.address, "ant:12120")
        XCTAssertEqual(tracking(found, .power)?.deviceNumber, 12011)
        XCTAssertNil(tracking(found, .footpod), "pinned to ant:1")
        try watcher.request(.start(activity: .ride))
        let id = try XCTUnwrap(watcher.expect(["ACK"])["session"]?.string)

        // STATE's power and cadence are not decoded by LiveSession: read the raw object.
        var raw: JSONValue?
        let deadline = Date().addingTimeInterval(40)
        while Date() < deadline {
            guard let v = try watcher.readReply(classes: ["STATE"], timeout: 5), let s = v["session"],
                  (s["elapsed_s"]?.number ?? 0) >= 8, s["power_w"]?.number != nil, s["cadence_rpm"]?.number != nil else { continue }
            raw = s
            break
        }
        let session = try XCTUnwrap(raw, "no STATE with power and cadence: \(daemon.log)")
        XCTAssertEqual(session["hr"]?.number ?? 0, 150, accuracy: 1, "\(session)")
        XCTAssertEqual(session["power_w"]?.number ?? 0, 220, accuracy: 2, "\(session)")
        XCTAssertEqual(session["cadence_rpm"]?.number ?? 0, 90, accuracy: 3, "\(session)")

        // The stick is unplugged 25 s after it was plugged in, and back 2 s later.
        _ = try watcher.waitForState(timeout: 40) { s in s.sensors.contains { $0.kind == .heartRate && $0.transport == .ant && $0.state == .lost } }
        let lostAt = Date()
        _ = try watcher.waitForState(timeout: 30) { s in tracking(s, .heartRate) != nil && tracking(s, .power) != nil }
        let seconds = Date().timeIntervalSince(lostAt)
        print("ANT reconnected in \(String(format: "%.2f", seconds)) s (the fake stick is away for 2 s)")
        XCTAssertLessThan(seconds, 8, daemon.log)
        XCTAssertTrue(daemon.log.contains("ANT stick \(link)"), daemon.log)
        _ = try watcher.waitForState(timeout: 30) { ($0.session?.elapsedSeconds ?? 0) >= 45 }
        try watcher.request(.stop)
        _ = try watcher.expect(["ACK"])
        XCTAssertEqual(daemon.stop(SIGTERM), 0)

        let journal = dir.appendingPathComponent("journal")
        let shown = try BuiltBinaries.run("pacerctl", ["show", id, "--journal", journal.path, "--json"])
        XCTAssertEqual(shown.status, 0, shown.stderr)
        let live = try XCTUnwrap(JSONValue.parse(String(decoding: shown.stdout, as: UTF8.self)))
        XCTAssertEqual(live["hr_max"]?.number, 150, "\(live)")
        XCTAssertEqual(live["hr_avg"]?.number ?? 0, 150, accuracy: 1, "\(live)")
        XCTAssertEqual(live["power_max_w"]?.number ?? 0, 220, accuracy: 2, "\(live)")
        XCTAssertEqual(live["cadence_avg_rpm"]?.number ?? 0, 90, accuracy: 3, "\(live)")

        // Live equals replay: the session's BLE log, replayed, gives the same summary.
        let log = journal.appendingPathComponent("session-\(id).ble")
        let notifications = try BLELog.parse(try String(contentsOf: log, encoding: .utf8))
        XCTAssertGreaterThan(notifications.filter { $0.characteristic == 0x2A63 }.count, 40)
        let empty = dir.appendingPathComponent("none.nmea")
        try Data().write(to: empty)
        let replayed = try BuiltBinaries.run("pacerctl", ["replay", "--nmea", empty.path, "--ble", log.path, "--activity", "ride", "--json"])
        XCTAssertEqual(replayed.status, 0, replayed.stderr)
        let again = try XCTUnwrap(JSONValue.parse(String(decoding: replayed.stdout, as: UTF8.self)))
        for key in ["hr_max", "power_max_w"] { XCTAssertEqual(again[key]?.number, live[key]?.number, "\(key): \(again) vs \(live)") }
        for key in ["hr_avg", "power_avg_w", "cadence_avg_rpm"] {
            XCTAssertEqual(again[key]?.number ?? 0, live[key]?.number ?? -100, accuracy: 1.5, "\(key): \(again) vs \(live)")
        }
    }

    func testAntScanListsTheSticksDevices() throws {
        let helpers = DaemonLiveTests.Helpers()
        let dir = try BuiltBinaries.temporaryDirectory("pacerctl-ant-scan")
        defer { try? FileManager.default.removeItem(at: dir) }
        let link = try Self.startStick(in: dir, helpers: helpers, ["--device-number", "500"])
        let scan = try BuiltBinaries.run("pacerctl", ["ant-scan", "--device", link, "--seconds", "3", "--json"])
        XCTAssertEqual(scan.status, 0, scan.stderr)
        let lines = String(decoding: scan.stdout, as: UTF8.self).split(separator: "\n").compactMap { try? JSONValue.parse(String($0)) }
        XCTAssertEqual(Set(lines.compactMap { $0["device_number"]?.number }), [620, 511, 621, 624], String(decoding: scan.stdout, as: UTF8.self))
        let hr = try XCTUnwrap(lines.first { $0["device_type"]?.number == 120 })
        XCTAssertEqual(hr["profile"]?.string, "heart rate")
        XCTAssertEqual(hr["transmission_type"]?.number, 1)
        XCTAssertEqual(hr["rssi_dbm"]?.number, -60)
        let text = try BuiltBinaries.run("pacerctl", ["ant-scan", "--device", link, "--seconds", "2"])
        XCTAssertTrue(String(decoding: text.stdout, as: UTF8.self).contains("heart rate: device 620, type 120, transmission type 1, RSSI -60 dBm"),
                      String(decoding: text.stdout, as: UTF8.self))
        let missing = try BuiltBinaries.run("pacerctl", ["ant-scan", "--device", dir.appendingPathComponent("none").path, "--seconds", "1"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("no ANT+ device found"), missing.stderr)
    }

    /// A strap out of range for 12 s (the stick reports EVENT_RX_FAIL, then goes quiet): pacerd
    /// says the sensor is lost, searches again with its number, and tracks it again when its
    /// pages come back; the session records on, with the heart rate back after the gap.
    func testADeviceThatDropsOutIsSearchedForAndFoundAgain() throws {
        let helpers = DaemonLiveTests.Helpers()
        let dir = try BuiltBinaries.temporaryDirectory("pacerd-ant-dropout")
        defer { try? FileManager.default.removeItem(at: dir) }
        // Silent from 8 s to 20 s of every 20 s.
        let link = try Self.startStick(in: dir, helpers: helpers, ["--hr", "140", "--dropout", "20:12"])
        let config = "[sensors]\nant = \(link)\n[unattended]\nauto_start = off\n"
        let daemon = try DaemonProcess(config: config, extraArguments: ["--gps", "gpsd:127.0.0.1:1"], directory: dir)
        defer { daemon.stop() }
        let watcher = try daemon.connect()
        try watcher.request(.watch(enable: true))
        func heartRate(_ state: LiveState) -> LiveSensorState? { state.sensors.first { $0.kind == .heartRate && $0.transport == .ant } }
        _ = try watcher.waitForState(timeout: 30) { heartRate($0)?.state == .connected }
        try watcher.request(.start(activity: .run))
        _ = try watcher.expect(["ACK"])
        let lost = try watcher.waitForState(timeout: 40) { heartRate($0).map { $0.state != .connected } ?? false }
        XCTAssertEqual(heartRate(lost)?.deviceNumber ?? 12120, 12120, "the channel keeps the device's number while it searches")
        let back = try watcher.waitForState(timeout: 40) { heartRate($0)?.state == .connected && $0.session?.heartRate == 140 }
        XCTAssertEqual(heartRate(back)?.deviceNumber, 12120)
        XCTAssertNotNil(back.session, "the session recorded through the drop-out")
        XCTAssertTrue(daemon.log.contains("ANT+ heart rate ant:12120 tracking"), daemon.log)
    }

    /// A strap heard on both radios (heart rate `auto`, the stick and the mock BlueZ): the session
    /// is fed from one only, the first heard (ANT+, 170 bpm); when ANT+ falls silent BLE takes
    /// over after 5 s, and ANT+ coming back does not take it again. The BLE log shows one switch.
    func testAKindOnBothRadiosIsReadFromOne() throws {
        let helpers = DaemonLiveTests.Helpers()
        let dir = try BuiltBinaries.temporaryDirectory("pacerd-ant-ble")
        defer { try? FileManager.default.removeItem(at: dir) }
        // ANT+ silent from 20 s to 32 s of every 32 s; the BLE strap (120-160 bpm) appears on command.
        let link = try Self.startStick(in: dir, helpers: helpers, ["--hr", "170", "--dropout", "32:12"])
        let control = dir.appendingPathComponent("strap-control").path
        XCTAssertEqual(mkfifo(control, 0o600), 0)
        let bus = try DaemonLiveTests.startFakeStrap(in: dir, helpers: helpers, control: control, sensors: ["--rate", "1"])
        let config = "[sensors]\nant = \(link)\nrecord_log = yes\n[unattended]\nauto_start = off\n"
        let daemon = try DaemonProcess(config: config, extraArguments: ["--sensors", "bluez", "--gps", "gpsd:127.0.0.1:1"],
                                       environment: bus, directory: dir)
        defer { daemon.stop() }
        let watcher = try daemon.connect()
        try watcher.request(.watch(enable: true))
        func heartRate(_ s: LiveState, _ transport: LiveSensorState.Transport) -> Bool {
            s.sensors.contains { $0.kind == .heartRate && $0.transport == transport && $0.state == .connected }
        }
        _ = try watcher.waitForState(timeout: 30) { heartRate($0, .ant) }
        try watcher.request(.start(activity: .run))
        let id = try XCTUnwrap(watcher.expect(["ACK"])["session"]?.string)
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: control))
        handle.write(Data("appear hr 00:22:D0:AA:BB:01\n".utf8))
        try handle.close()
        let both = try watcher.waitForState(timeout: 60) { heartRate($0, .ble) && heartRate($0, .ant) && ($0.session?.elapsedSeconds ?? 0) > 3 }
        XCTAssertEqual(both.session?.heartRate, 170, "ANT+ was heard first: BLE's values are dropped")
        _ = try watcher.waitForState(timeout: 60) { s in heartRate(s, .ble) && (s.session?.heartRate ?? 170) != 170 }
        let takeover = daemon.log.split(separator: "\n").first { $0.contains("heart_rate now read over ble") }
        print("pacerd: \(takeover ?? "no takeover line")")
        XCTAssertNotNil(takeover, daemon.log)
        // ANT+ back (at 32 s): its 170s stay out.
        _ = try watcher.waitForState(timeout: 40) { s in heartRate(s, .ant) && heartRate(s, .ble) && (s.session?.elapsedSeconds ?? 0) > 40 }
        try watcher.request(.stop)
        _ = try watcher.expect(["ACK"])
        XCTAssertEqual(daemon.stop(SIGTERM), 0)

        let log = dir.appendingPathComponent("journal").appendingPathComponent("session-\(id).ble")
        let beats = try BLELog.parse(try String(contentsOf: log, encoding: .utf8)).filter { $0.characteristic == HeartRateMeasurement.characteristic }
        let fromANT = beats.map { $0.payload.count > 1 && $0.payload[1] == 170 }
        let switches = zip(fromANT, fromANT.dropFirst()).filter { $0 != $1 }.count
        print("BLE log heart rate lines: \(fromANT.filter { $0 }.count) from ANT+, then \(fromANT.filter { !$0 }.count) from BLE, \(switches) switch")
        XCTAssertEqual(fromANT.first, true)
        XCTAssertEqual(fromANT.last, false)
        XCTAssertEqual(switches, 1)
    }

    /// `[sensors] ant` set while pacerd runs: a reload (SIGHUP) opens the stick, no restart.
    func testAReloadOpensTheStick() throws {
        let helpers = DaemonLiveTests.Helpers()
        let dir = try BuiltBinaries.temporaryDirectory("pacerd-ant-reload")
        defer { try? FileManager.default.removeItem(at: dir) }
        let link = try Self.startStick(in: dir, helpers: helpers, ["--hr", "130"])
        let daemon = try DaemonProcess(config: "[unattended]\nauto_start = off\n", extraArguments: ["--gps", "gpsd:127.0.0.1:1"], directory: dir)
        defer { daemon.stop() }
        let watcher = try daemon.connect()
        try watcher.request(.watch(enable: true))
        let before = try watcher.waitForState(timeout: 30) { _ in true }
        XCTAssertFalse(before.sensors.contains { $0.transport == .ant })
        try "[unattended]\nauto_start = off\n[sensors]\nant = \(link)\n".write(to: dir.appendingPathComponent("pacer.conf"), atomically: true, encoding: .utf8)
        XCTAssertEqual(kill(daemon.daemonPID, SIGHUP), 0)
        let after = try watcher.waitForState(timeout: 30) { s in s.sensors.contains { $0.kind == .heartRate && $0.transport == .ant && $0.state == .connected } }
        XCTAssertEqual(after.sensors.first { $0.kind == .heartRate && $0.transport == .ant }?.deviceNumber, 12120)
        XCTAssertTrue(daemon.log.contains("configuration reloaded"), daemon.log)
    }
}
