import Foundation
import XCTest
import PacerCore
import PacerSystem

/// The built pacerd taking sets over its socket in a strength session while the fake strap (on
/// a private dbus-daemon with the mock BlueZ) sends heart rate: each set lands in the journal
/// with its own heart rate, bad sets are refused with nothing journaled.
final class DaemonStrengthTests: XCTestCase {
    func testSetsOverTheSocketCarryTheStrapsHeartRateIntoTheJournal() throws {
        let helpers = DaemonLiveTests.Helpers()
        let dir = try BuiltBinaries.temporaryDirectory("pacerd-strength")
        defer { try? FileManager.default.removeItem(at: dir) }
        let bus = try DaemonLiveTests.startFakeStrap(in: dir, helpers: helpers)
        let daemon = try DaemonProcess(config: "[unattended]\nauto_start = off\n",
                                       extraArguments: ["--sensors", "bluez", "--gps", "gpsd:127.0.0.1:1"],
                                       environment: bus, directory: dir)
        defer { daemon.stop() }
        let client = try daemon.connect()
        try client.request(.watch(enable: true))
        _ = try client.waitForState(timeout: 60) { $0.sensors.contains { $0.state == .connected } }

        // Idle: refused.
        try client.request(.set(StrengthSetEntry(exercise: "Squat", weightKilograms: 100, reps: 5)))
        XCTAssertEqual(try client.expect(["ACK", "ERROR"])["message"]?.string,
                       "no session is being recorded: start one with 'pacerctl start strength'")

        let started = try BuiltBinaries.run("pacerctl", ["start", "strength", "--socket", daemon.socketPath])
        XCTAssertEqual(started.status, 0, started.stderr)
        _ = try client.waitForState(timeout: 60) { $0.session?.activity == .strength && ($0.session?.elapsedSeconds ?? 0) >= 6 && $0.session?.heartRate != nil }

        // First set through pacerctl (the catalogue's spelling and group), then two over the socket.
        let first = try BuiltBinaries.run("pacerctl", ["set", "bench press", "80", "8", "--socket", daemon.socketPath, "--json"])
        XCTAssertEqual(first.status, 0, first.stderr)
        let ack1 = try JSONValue.parse(Array(first.stdout.dropLast()))
        XCTAssertEqual(ack1["class"]?.string, "ACK")
        XCTAssertEqual(ack1["set"]?.integer, 1)
        XCTAssertEqual(ack1["exercise"]?.string, "Bench Press")
        XCTAssertEqual(ack1["muscle"]?.string, "chest")
        let hr1 = try XCTUnwrap(ack1["hr_avg"]?.integer, "\(ack1)")
        XCTAssertTrue((40...220).contains(hr1))
        _ = try client.waitForState(timeout: 30) { ($0.session?.elapsedSeconds ?? 0) >= 10 }
        try client.request(.set(StrengthSetEntry(exercise: "Bench Press", muscle: .chest, weightKilograms: 82.5, reps: 6)))
        let ack2 = try client.expect(["ACK", "ERROR"])
        XCTAssertEqual(ack2["set"]?.integer, 2, "\(ack2)")
        XCTAssertNotNil(ack2["rest_s"]?.integer)
        // Bad input and an ERROR for each; nothing journaled.
        for bad in [#"{"cmd":"set","exercise":"Squat","weight_kg":0,"reps":5}"#, #"{"cmd":"set","exercise":"Squat","weight_kg":1001,"reps":5}"#,
                    #"{"cmd":"set","exercise":"Squat","weight_kg":100,"reps":0}"#, #"{"cmd":"set","exercise":"","weight_kg":100,"reps":5}"#] {
            try client.send(Array((bad + "\n").utf8))
            XCTAssertEqual(try client.expect(["ACK", "ERROR"])["class"]?.string, "ERROR", bad)
        }
        try client.request(.set(StrengthSetEntry(exercise: "Plank", weightKilograms: 10, reps: 1)))
        XCTAssertEqual(try client.expect(["ACK", "ERROR"])["set"]?.integer, 3)
        let undo = try BuiltBinaries.run("pacerctl", ["set", "--undo", "--socket", daemon.socketPath])
        XCTAssertEqual(undo.stdoutText.hasPrefix("set 3 undone"), true, undo.stdoutText + undo.stderr)
        try client.request(.stop)
        let id = try XCTUnwrap(try client.expect(["ACK"])["session"]?.string)
        XCTAssertEqual(daemon.stop(SIGTERM), 0)

        // The journal: two sets, each with its heart rate, one row each in the CSV export.
        let csv = try BuiltBinaries.run("pacerctl", ["export", id, "--format", "csv", "--journal", daemon.journalPath])
        XCTAssertEqual(csv.status, 0, csv.stderr)
        let lines = csv.stdoutText.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        XCTAssertEqual(lines.count, 3, csv.stdoutText)
        XCTAssertEqual(lines[0], StrengthExport.csvHeader.dropLast().split(separator: ",").map(String.init))
        XCTAssertEqual(lines[1][2...5], ["Bench Press", "chest", "80", "8"])
        XCTAssertEqual(lines[2][2...5], ["Bench Press", "chest", "82.5", "6"])
        XCTAssertEqual(Int(lines[1][8]), hr1)
        for line in lines.dropFirst() {
            let avg = try XCTUnwrap(Int(line[8]), "\(line)"), max = try XCTUnwrap(Int(line[9]))
            XCTAssertTrue(avg <= max && (40...220).contains(avg), "\(line)")
        }
        let session = try BuiltBinaries.run("pacerctl", ["show", id, "--journal", daemon.journalPath, "--json"])
        let summary = try JSONValue.parse(Array(session.stdout))
        XCTAssertEqual(summary["activity"]?.string, "strength")
        XCTAssertNotNil(summary["hr_avg"]?.number)
        XCTAssertEqual(summary["distance_m"]?.number, 0)

        // A run refuses sets.
        let again = try DaemonProcess(config: "[unattended]\nauto_start = off\n", extraArguments: ["--gps", "gpsd:127.0.0.1:1"], directory: dir)
        defer { again.stop() }
        let c = try again.connect()
        try c.request(.start(activity: .run))
        _ = try c.expect(["ACK"])
        try c.request(.set(StrengthSetEntry(exercise: "Squat", weightKilograms: 100, reps: 5)))
        XCTAssertEqual(try c.expect(["ACK", "ERROR"])["message"]?.string, "sets are logged in a strength session, not in a run session")
    }
}
