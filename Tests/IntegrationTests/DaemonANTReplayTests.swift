import Foundation
import XCTest
import PacerCore
import PacerSystem

/// Live equals replay with ANT+: pacerd records a run from a receiver on a pty (at its own pace)
/// and heart rate, footpod and power from sim/fake_ant_stick.py; `pacerctl replay` of the NMEA it
/// was sent and the session's BLE log journals the same bytes. The ANT readings travel as the
/// BLE notifications they map to, so nothing in the journal says which radio brought them.
final class DaemonANTReplayTests: XCTestCase {
    func testAnANTSessionReplaysToTheSameJournal() throws {
        let helpers = DaemonLiveTests.Helpers()
        let dir = try BuiltBinaries.temporaryDirectory("pacerd-ant-replay")
        defer { if ProcessInfo.processInfo.environment["KEEP"] == nil { try? FileManager.default.removeItem(at: dir) } else { print("KEPT", dir.path) } }
        try ReplayHarness.python("scenario.py", ["steady-run", "--seed", "1", "--out", dir.path, "--quiet"])
        let epochs = Array(DaemonReplayEquivalenceTests.epochs(try String(contentsOf: dir.appendingPathComponent("steady-run.nmea"),
                                                                                encoding: .utf8)).prefix(15))
        let link = try DaemonANTTests.startStick(in: dir, helpers: helpers, ["--hr", "148", "--power", "210", "--cadence", "88"])
        let config = "[sensors]\nant = \(link)\nrecord_log = yes\n[unattended]\nauto_start = off\n[journal]\nsync_interval_s = 1\n"
        let pacerd = try PTYDaemon(config: config, in: dir)
        defer { withExtendedLifetime(pacerd) {} }
        let (daemon, client, write) = (pacerd.daemon, pacerd.client, pacerd.write)
        try client.request(.watch(enable: true))
        _ = try client.waitForState(timeout: 30) { s in s.sensors.contains { $0.kind == .heartRate && $0.transport == .ant && $0.state == .connected } }
        write(epochs[0])
        _ = try client.waitForState(timeout: 30) { $0.gps.state == .fix }
        try client.request(.start(activity: .run))
        let id = try XCTUnwrap(client.expect(["ACK"])["session"]?.string)
        try client.request(.watch(enable: false))
        _ = try client.expect(["ACK"])
        // The receiver's own pace: a fix a second, the stick's pages in between.
        for epoch in epochs.dropFirst() {
            usleep(1_000_000)
            write(epoch)
        }
        try client.request(.watch(enable: true))
        let lastTime = ReplayHarness.lastFixTime(epochs.joined())
        let end = try client.waitForState(timeout: 30) { $0.gps.time == lastTime }
        XCTAssertEqual(end.session?.heartRate, 148, "\(daemon.log)")
        try client.request(.stop)
        _ = try client.expect(["ACK"])
        XCTAssertEqual(daemon.stop(SIGTERM), 0)

        let nmea = dir.appendingPathComponent("sent.nmea")
        try epochs.joined().write(to: nmea, atomically: true, encoding: .utf8)
        let configURL = dir.appendingPathComponent("replay.conf")
        try config.write(to: configURL, atomically: true, encoding: .utf8)
        let ble = SensorLogFile.path(journal: daemon.journalPath, sessionID: id)
        let notifications = try BLELog.parse(try String(contentsOfFile: ble, encoding: .utf8))
        XCTAssertGreaterThan(notifications.filter { $0.characteristic == 0x2A37 }.count, 10, "heart rate from the stick in the BLE log")
        let replayJournal = dir.appendingPathComponent("replay-journal").path
        let replayed = try BuiltBinaries.run("pacerctl", ["replay", "--nmea", nmea.path, "--ble", ble, "--config", configURL.path,
                                                          "--activity", "run", "--journal", replayJournal, "--json"])
        XCTAssertEqual(replayed.status, 0, replayed.stderr)
        let segment = "segment-00000001.pjl"
        let liveBytes = try Data(contentsOf: URL(fileURLWithPath: daemon.journalPath).appendingPathComponent(segment))
        let replayBytes = try Data(contentsOf: URL(fileURLWithPath: replayJournal).appendingPathComponent(segment))
        XCTAssertEqual(liveBytes, replayBytes, "journal bytes differ (\(liveBytes.count) vs \(replayBytes.count))\n\(daemon.log)")
        let summary = try JSONValue.parse(replayed.stdout)
        XCTAssertEqual(summary["hr_max"]?.number, 148)
    }
}
