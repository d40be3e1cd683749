import Foundation
import PacerCore
import PacerSystem
import XCTest

/// The real pacerd driving the fake smart trainer (sim/fake_trainer.py on the mock BlueZ, a private
/// dbus-daemon): the control point sees Request Control, Start, then each step's target power at
/// each step change of a short workout; a trainer that refuses control, holds no power or drops
/// out leaves the workout running, and STATE and an EVENT say so. The control point writes and a
/// few STATE lines are printed.
final class DaemonTrainerTests: XCTestCase {
    static let trainer = "00:22:D0:AA:BB:26"

    /// What the fake trainer logged of the writes it received: (monotonic time, hex, result).
    private func writes(_ log: URL) -> [(t: Double, hex: String, result: String)] {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard let v = try? JSONValue.parse(String(line)), v["event"]?.string == "write", let t = v["t"]?.number,
                  let hex = v["hex"]?.string, let result = v["result"]?.string else { return nil }
            return (t, hex, result)
        }
    }

    /// A JSON value as its text, for the printed STATE and EVENT lines.
    private func text(_ v: JSONValue?) -> String {
        guard let v else { return "null" }
        var w = JSONWriter(capacity: 256)
        w.value(v)
        return String(decoding: w.takeBytes(), as: UTF8.self)
    }

    /// Reads STATEs and EVENTs until `done` holds on what was read (fails after `timeout`).
    private func read(_ client: UnixSocketConnection, timeout: Double, states: inout [JSONValue], events: inout [JSONValue],
                      until done: ([JSONValue], [JSONValue]) -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !done(states, events) {
            guard Date() < deadline else { throw DaemonTestError("gave up after \(timeout) s; last STATE: \(text(states.last))") }
            guard let v = try client.readReply(classes: ["STATE", "EVENT"], timeout: 1) else { continue }
            if v["class"]?.string == "EVENT" { events.append(v) } else { states.append(v) }
        }
    }

    private func start(_ name: String, trainerArguments: [String], workout: String, control: Bool = false)
        throws -> (dir: URL, log: URL, helpers: DaemonLiveTests.Helpers, daemon: DaemonProcess) {
        let helpers = DaemonLiveTests.Helpers()
        let dir = try BuiltBinaries.temporaryDirectory(name)
        let fifo = dir.appendingPathComponent("control").path
        if control { XCTAssertEqual(mkfifo(fifo, 0o600), 0) }
        let log = dir.appendingPathComponent("trainer.jsonl")
        let plan = dir.appendingPathComponent("erg.txt")
        try workout.write(to: plan, atomically: true, encoding: .utf8)
        let bus = try DaemonLiveTests.startFakeStrap(in: dir, helpers: helpers, control: control ? fifo : nil,
                                                     sensors: ["--trainer", Self.trainer, "--trainer-log", log.path] + trainerArguments)
        let config = "[unattended]\nauto_start = off\n[sensors]\nrecord_log = yes\n[workout]\nfile = \(plan.path)\n"
        let daemon = try DaemonProcess(config: config, extraArguments: ["--sensors", "bluez", "--gps", "gpsd:127.0.0.1:1"],
                                       environment: bus, directory: dir)
        return (dir, log, helpers, daemon)
    }

    /// A watcher on pacerd once the trainer is connected, and a ride started: the watcher and the session's id.
    private func rideOnTheTrainer(_ daemon: DaemonProcess) throws -> (client: UnixSocketConnection, session: String) {
        let client = try daemon.connect()
        try client.request(.watch(enable: true))
        _ = try client.waitForState(timeout: 60) { $0.sensors.contains { $0.kind == .trainer && $0.state == .connected } }
        try client.request(.start(activity: .ride))
        return (client, try XCTUnwrap(client.expect(["ACK"])["session"]?.string))
    }

    func testTheWorkoutDrivesTheTrainerStepByStep() throws {
        let run = try start("pacerd-trainer", trainerArguments: [], workout: "name: ERG\n20s 150W; 20s 250W; 20s 180W\n")
        defer { try? FileManager.default.removeItem(at: run.dir) }
        defer { _ = run.daemon.stop(SIGKILL) }
        let (client, id) = try rideOnTheTrainer(run.daemon)
        var states: [JSONValue] = [], events: [JSONValue] = []
        try read(client, timeout: 90, states: &states, events: &events) { _, events in
            events.contains { $0["type"]?.string == "workout_finished" }
        }
        // A second after the finish, for the free ride's grade.
        try read(client, timeout: 10, states: &states, events: &events) { states, _ in
            states.last?["trainer"]?["grade_pct"]?.number != nil
        }
        try client.request(.stop)
        _ = try client.expect(["ACK"])
        XCTAssertEqual(run.daemon.stop(SIGTERM), 0)

        let written = writes(run.log)
        print("control point writes (fake trainer's monotonic s, bytes, result):")
        for w in written { print(String(format: "%.3f", w.t), w.hex, w.result) }
        print("STATE lines:")
        let shown = states.filter { $0["trainer"] != nil }
        for s in [shown.first, shown.dropFirst(25).first, shown.dropFirst(45).first, shown.last].compactMap({ $0 }) {
            print("{\"session\":{\"elapsed_s\":\(s["session"]?["elapsed_s"]?.number ?? -1),\"power_w\":\(s["session"]?["power_w"]?.number ?? -1)},"
                  + "\"workout\":\(text(s["workout"])),\"trainer\":\(text(s["trainer"]))}")
        }
        XCTAssertEqual(Array(written.map(\.hex).prefix(5)), ["00", "07", "059600", "05fa00", "05b400"])
        XCTAssertEqual(written.map(\.hex).dropFirst(5).first, "1100000000" + "2833")
        XCTAssertTrue(written.allSatisfy { $0.result == "0x01" })
        // The first step's target once control is granted, the next ones at each step change (20 s apart).
        XCTAssertLessThan(written[2].t - written[0].t, 3)
        XCTAssertEqual(written[4].t - written[3].t, 20, accuracy: 1.5)
        XCTAssertEqual(written[5].t - written[4].t, 20, accuracy: 1.5)
        XCTAssertEqual(states.last?["trainer"]?["max_w"]?.number, 2000)
        XCTAssertTrue(events.contains { $0["type"]?.string == "trainer_control" })
        XCTAssertEqual(states.last?["trainer"]?["state"]?.string, "controlling")
        // The trainer obeys: its power follows 250 W during the second step.
        XCTAssertTrue(states.contains { ($0["session"]?["power_w"]?.number ?? 0) > 230 })

        // The session's BLE log holds the writes and the answers; a replay decides the same writes.
        let ble = run.dir.appendingPathComponent("journal").appendingPathComponent("session-\(id).ble")
        let logged = try BLELog.parse(String(contentsOf: ble, encoding: .utf8))
        let loggedWrites = logged.filter(\.written).map { $0.payload.map { String(format: "%02x", $0) }.joined() }
        XCTAssertEqual(Array(loggedWrites.prefix(6)), Array(written.map(\.hex).prefix(6)))
        XCTAssertTrue(logged.contains { !$0.written && $0.characteristic == 0x2AD9 && $0.payload == [0x80, 0x05, 0x01] })
        let empty = run.dir.appendingPathComponent("none.nmea")
        try Data().write(to: empty)
        let replayed = try BuiltBinaries.run("pacerctl", ["replay", "--nmea", empty.path, "--ble", ble.path, "--activity", "ride",
                                                          "--workout", run.dir.appendingPathComponent("erg.txt").path, "--events", "--json"])
        XCTAssertEqual(replayed.status, 0, replayed.stderr)
        XCTAssertTrue(String(decoding: replayed.stdout, as: UTF8.self).contains("\"type\":\"trainer_control\""))
    }

    /// Another app takes the trainer (status 0xFF): pacerd asks for control again and sends the target again.
    func testLostControlIsTakenBack() throws {
        let run = try start("pacerd-trainer-lose", trainerArguments: [], workout: "name: ERG\n60s 200W\n", control: true)
        defer { try? FileManager.default.removeItem(at: run.dir) }
        defer { _ = run.daemon.stop(SIGKILL) }
        let client = try rideOnTheTrainer(run.daemon).client
        var states: [JSONValue] = [], events: [JSONValue] = []
        try read(client, timeout: 30, states: &states, events: &events) { states, _ in states.last?["trainer"]?["target_w"]?.number == 200 }
        try command(run, "trainer lose \(Self.trainer)")
        try read(client, timeout: 30, states: &states, events: &events) { _, events in events.contains { $0["type"]?.string == "trainer_lost" } }
        states.removeAll()
        try read(client, timeout: 30, states: &states, events: &events) { states, _ in
            states.last?["trainer"]?["state"]?.string == "controlling" && states.last?["trainer"]?["target_w"]?.number == 200
        }
        XCTAssertEqual(run.daemon.stop(SIGTERM), 0)
        let lost = try XCTUnwrap(events.first { $0["type"]?.string == "trainer_lost" })
        print("EVENT: \(text(lost))")
        XCTAssertEqual(lost["reason"]?.string, "control permission lost")
        let written = writes(run.log).map(\.hex)
        print("control point writes: \(written.joined(separator: " "))")
        XCTAssertEqual(Array(written.prefix(6)), ["00", "07", "05c800", "00", "07", "05c800"])
    }

    /// Writes one command line to the fake strap's control FIFO.
    private func command(_ run: (dir: URL, log: URL, helpers: DaemonLiveTests.Helpers, daemon: DaemonProcess), _ line: String) throws {
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: run.dir.appendingPathComponent("control").path))
        handle.write(Data((line + "\n").utf8))
        try handle.close()
    }

    /// The trainer's link drops for 12 s (it forgets its controller, as a real one does): pacerd
    /// says `dropped` after 10 s of silence with the workout's target still shown, and once the
    /// trainer is back asks for control again and sends the step's target again.
    func testADroppedTrainerIsTakenUpAgain() throws {
        let run = try start("pacerd-trainer-drop", trainerArguments: [], workout: "name: ERG\n90s 150W; 30s 220W\n", control: true)
        defer { try? FileManager.default.removeItem(at: run.dir) }
        defer { _ = run.daemon.stop(SIGKILL) }
        let client = try rideOnTheTrainer(run.daemon).client
        var states: [JSONValue] = [], events: [JSONValue] = []
        try read(client, timeout: 30, states: &states, events: &events) { _, _ in self.writes(run.log).contains { $0.hex == "059600" } }
        try command(run, "drop \(Self.trainer) 12")
        try read(client, timeout: 30, states: &states, events: &events) { states, events in
            events.contains { $0["type"]?.string == "trainer_dropped" } && states.last?["trainer"]?["state"]?.string == "dropped"
        }
        let droppedState = try XCTUnwrap(states.last)
        try read(client, timeout: 60, states: &states, events: &events) { _, events in
            events.filter { $0["type"]?.string == "trainer_control" }.count == 2
        }
        try read(client, timeout: 10, states: &states, events: &events) { states, _ in
            states.last?["trainer"]?["state"]?.string == "controlling" && states.last?["trainer"]?["target_w"]?.number == 150
        }
        XCTAssertEqual(run.daemon.stop(SIGTERM), 0)
        let dropped = try XCTUnwrap(events.first { $0["type"]?.string == "trainer_dropped" })
        print("EVENT: \(text(dropped))")
        print("STATE while dropped: trainer \(text(droppedState["trainer"])), workout \(text(droppedState["workout"]))")
        XCTAssertEqual(dropped["reason"]?.string, "no data for 10 s")
        XCTAssertEqual(droppedState["workout"]?["step"]?.number, 1)
        XCTAssertEqual(droppedState["workout"]?["target"]?["low"]?.number, 150)
        let written = writes(run.log).map(\.hex)
        print("control point writes: \(written.joined(separator: " "))")
        XCTAssertEqual(written, ["00", "07", "059600", "00", "07", "059600"])
    }

    /// A trainer that only simulates answers Set Target Power "not supported": it stays under
    /// control, rides the grade (STATE's mode `sim`), and is not sent the next power step.
    func testATrainerWithoutErgRidesTheGrade() throws {
        let run = try start("pacerd-trainer-noerg", trainerArguments: ["--trainer-no-erg"], workout: "name: ERG\n10s 150W; 20s 250W\n")
        defer { try? FileManager.default.removeItem(at: run.dir) }
        defer { _ = run.daemon.stop(SIGKILL) }
        let client = try rideOnTheTrainer(run.daemon).client
        var states: [JSONValue] = [], events: [JSONValue] = []
        try read(client, timeout: 60, states: &states, events: &events) { states, _ in
            (states.last?["workout"]?["remaining_s"]?.number ?? 99) < 15 && states.last?["workout"]?["step"]?.number == 2
        }
        XCTAssertEqual(run.daemon.stop(SIGTERM), 0)
        let unsupported = try XCTUnwrap(events.first { $0["type"]?.string == "trainer_not_supported" })
        print("EVENT: \(text(unsupported))")
        let last = try XCTUnwrap(states.last)
        print("STATE trainer: \(text(last["trainer"])), workout: \(text(last["workout"]))")
        XCTAssertEqual(unsupported["reason"]?.string, "target power not supported; riding the grade")
        XCTAssertEqual(unsupported["state"]?.string, "controlling")
        XCTAssertEqual(last["trainer"]?["mode"]?.string, "sim")
        XCTAssertEqual(last["trainer"]?["state"]?.string, "controlling")
        XCTAssertEqual(last["trainer"]?["grade_pct"]?.number, 0)
        let written = writes(run.log)
        XCTAssertEqual(written.map(\.hex), ["00", "07", "059600", "1100000000" + "2833"])
        XCTAssertEqual(written.map(\.result), ["0x01", "0x01", "0x02", "0x01"])
    }

    func testARefusingTrainerLeavesTheWorkoutRunning() throws {
        let run = try start("pacerd-trainer-refuse", trainerArguments: ["--trainer-refuse"], workout: "name: ERG\n10s 150W; 10s 250W\n")
        defer { try? FileManager.default.removeItem(at: run.dir) }
        defer { _ = run.daemon.stop(SIGKILL) }
        let client = try rideOnTheTrainer(run.daemon).client
        var states: [JSONValue] = [], events: [JSONValue] = []
        try read(client, timeout: 60, states: &states, events: &events) { states, _ in
            states.last?["workout"]?["step"]?.number == 2
        }
        XCTAssertEqual(run.daemon.stop(SIGTERM), 0)
        let refused = try XCTUnwrap(events.first { $0["type"]?.string == "trainer_refused" })
        print("EVENT: \(text(refused))")
        let last = try XCTUnwrap(states.last)
        print("STATE trainer: \(text(last["trainer"])), workout: \(text(last["workout"]))")
        XCTAssertEqual(refused["reason"]?.string, "control not permitted")
        XCTAssertEqual(last["trainer"]?["state"]?.string, "refused")
        XCTAssertEqual(last["workout"]?["step"]?.number, 2)
        let written = writes(run.log)
        XCTAssertEqual(written.first?.hex, "00")
        XCTAssertTrue(written.allSatisfy { $0.hex == "00" && $0.result == "0x05" }, "\(written)")
    }
}
