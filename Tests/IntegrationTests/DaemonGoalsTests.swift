import Foundation
import Glibc
import XCTest
import PacerCore
import PacerSystem

/// Goals, awards and reminders through the real pacerd on its real socket. The daemon's clock is
/// the GPS: a receiver on a pty, written by the test, says it is Wednesday 4 March 2026 at
/// 06:29:55 UTC (07:29:55 in Berlin, `TZ=Europe/Berlin`), so the 07:30 reminder is seconds away.
final class DaemonGoalsTests: XCTestCase {
    /// One receiver epoch (RMC + GGA) `tenth` tenths of a second after 06:29:55 UTC, `metres` north.
    static func epoch(tenth: Int, metres: Double, speedMps: Double) -> [UInt8] {
        let seconds = 6 * 3600 + 29 * 60 + 55 + tenth / 10
        let time = String(format: "%02d%02d%02d.%d0", seconds / 3600, seconds / 60 % 60, seconds % 60, tenth % 10)
        let lat = String(format: "48%09.6f", 7.38 + metres / 1852)
        let knots = String(format: "%.2f", speedMps * 3600 / 1852)
        return NMEASentence.framed("GNRMC,\(time),A,\(lat),N,01131.000324,E,\(knots),0.0,040326,,,A")
            + NMEASentence.framed("GNGGA,\(time),\(lat),N,01131.000324,E,1,12,0.7,530.2,M,47.6,M,,")
    }

    static let manualStart = "[unattended]\nauto_start = off\n"

    /// pacerd in Berlin's time zone reading the GPS on the pty at `gps`.
    static func daemon(config: String, gps: String) throws -> DaemonProcess {
        try DaemonProcess(config: config, extraArguments: ["--gps", "serial:\(gps)@38400"], environment: ["TZ": "Europe/Berlin"])
    }

    func testGoalReachedAndAwardEarnedOnTheSocket() throws {
        let pty = try RawPTY()
        let (master, path) = (pty.master, pty.path)
        defer { close(pty.slave) }
        let config = DaemonGoalsTests.manualStart + """
        [goals]
        daily_distance_km = 0.02
        [habit morning-run]
        activity = run
        days = wed
        """
        let daemon = try DaemonGoalsTests.daemon(config: config, gps: path)
        defer { daemon.stop(); daemon.removeDirectory() }
        let watcher = try daemon.connect()
        try watcher.request(.watch(enable: true))
        let control = try daemon.connect()

        // 5 Hz: 3 s standing (a fix, so GPS time is the daemon's time), then running at 3 m/s.
        let running = ManagedAtomicFlag()
        let writer = Thread { [master] in
            var metres = 0.0
            for tenth in stride(from: 0, to: 300, by: 2) {
                let speed = tenth < 30 ? 0.0 : 3.0
                metres += speed * 0.2
                let bytes = DaemonGoalsTests.epoch(tenth: tenth, metres: metres, speedMps: speed)
                _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
                if tenth == 30 { running.set() }
                usleep(200_000)
            }
        }
        writer.start()
        while !running.isSet { usleep(50_000) }
        try control.request(.start(activity: .run))
        XCTAssertEqual(try control.expect(["ACK", "ERROR"])["class"]?.string, "ACK")

        var seen: [LiveEvent] = []
        var goalsInState: JSONValue?
        let deadline = Date().addingTimeInterval(40)
        var stopped = false
        while Date() < deadline, !(stopped && seen.contains { $0.kind == .awardEarned }) {
            guard let reply = try watcher.readReply(classes: ["EVENT", "STATE"], timeout: 5) else { continue }
            if reply["class"]?.string == "STATE" {
                if reply["session"]?.isNull == false, let g = reply["goals"] { goalsInState = g }
                continue
            }
            guard let event = LiveEvent(json: reply) else { continue }
            seen.append(event)
            if event.kind == .goalReached, !stopped {
                try control.request(.stop)
                stopped = true
            }
        }
        let kinds = seen.map(\.kind)
        XCTAssertTrue(kinds.contains(.goalReached), "\(kinds)\n\(daemon.log)")
        let goal = try XCTUnwrap(seen.first { $0.kind == .goalReached })
        XCTAssertEqual(goal["goal"]?.string, "daily_distance_km")
        XCTAssertEqual(goal["target"]?.number, 0.02)
        XCTAssertGreaterThanOrEqual(goal["done"]?.number ?? 0, 0.02)
        // The STATE counted the running session into today's goals (Berlin's date).
        XCTAssertEqual(goalsInState?["date"]?.string, "2026-03-04")
        XCTAssertGreaterThan(goalsInState?["daily"]?.array?.first?["done"]?.number ?? 0, 0)
        // At the stop: the habit, its streak, and the first run's award.
        let award = try XCTUnwrap(seen.first { $0.kind == .awardEarned }, "\(kinds)")
        XCTAssertEqual(award["id"]?.string, "first-run")
        XCTAssertEqual(award["title"]?.string, "First run")
        XCTAssertTrue(kinds.contains(.habitDone))
        XCTAssertEqual(seen.first { $0.kind == .streak }?["days"]?.number, 1)
        XCTAssertEqual(kinds.filter { $0 == .goalReached }.count, 1)
        // The requests answer with the commands' JSON.
        try control.request(.awards)
        let awards = try control.expect(["AWARDS"])
        XCTAssertEqual(awards["awards"]?.array?.first?["id"]?.string, "first-run")
        try control.request(.goals(date: nil))
        XCTAssertEqual(try control.expect(["GOALS"])["goals"]?["daily"]?.array?.first?["met"]?.bool, true)
        try control.request(.habits)
        XCTAssertEqual(try control.expect(["HABITS"])["habits"]?.array?.first?["done_today"]?.bool, true)
        try control.request(.load(days: 1))
        XCTAssertEqual(try control.expect(["LOAD"])["load"]?.array?.count, 1)
    }

    func testReminderOnceAtItsTimeByTheGPSClockOnlyWhenDue() throws {
        let pty = try RawPTY()
        let (master, path) = (pty.master, pty.path)
        defer { close(pty.slave) }
        let config = DaemonGoalsTests.manualStart + """
        [habit morning-run]
        days = mon,wed,fri
        remind_at = 07:30
        [habit thursday-walk]
        activity = walk
        days = thu
        remind_at = 07:30
        [habit later]
        days = daily
        remind_at = 08:00
        """
        let daemon = try DaemonGoalsTests.daemon(config: config, gps: path)
        defer { daemon.stop(); daemon.removeDirectory() }
        let watcher = try daemon.connect()
        try watcher.request(.watch(enable: true))
        // Standing still from 07:29:55 to 07:30:07 Berlin time (the system clock says otherwise).
        let writer = Thread { [master] in
            for tenth in stride(from: 0, to: 120, by: 2) {
                let bytes = DaemonGoalsTests.epoch(tenth: tenth, metres: 0, speedMps: 0)
                _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
                usleep(200_000)
            }
        }
        writer.start()
        var reminders: [LiveEvent] = []
        var lastTime = UTCTime(millisecondsSinceEpoch: 0)
        let end = UTCTime(rfc3339: "2026-03-04T06:30:05Z")!
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, lastTime < end {
            guard let reply = try watcher.readReply(classes: ["EVENT", "STATE"], timeout: 5) else { continue }
            if reply["class"]?.string == "STATE" {
                // GPS time only: before the first fix the STATE carries the system clock's time.
                if reply["gps"]?["state"]?.string == "fix", let t = reply["time"]?.string.flatMap({ UTCTime(rfc3339: $0) }) { lastTime = t }
                continue
            }
            if let event = LiveEvent(json: reply), event.kind == .reminder { reminders.append(event) }
        }
        XCTAssertGreaterThanOrEqual(lastTime, end, "the GPS clock never reached 07:30:05\n\(daemon.log)")
        XCTAssertEqual(reminders.map { $0["habit"]?.string }, ["morning-run"], daemon.log)
        let t = try XCTUnwrap(reminders.first?.time)
        XCTAssertGreaterThanOrEqual(t, UTCTime(rfc3339: "2026-03-04T06:30:00Z")!)
        XCTAssertLessThan(t, UTCTime(rfc3339: "2026-03-04T06:30:03Z")!)
    }
}

/// A flag one thread sets and another polls.
final class ManagedAtomicFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.lock(); value = true; lock.unlock() }
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
}
