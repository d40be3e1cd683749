import Foundation
import XCTest
import PacerCore
import PacerSystem

/// Workouts in the real pacerd: a simulated ride played to pacerd on a pty with `[workout] file`
/// set journals, to the byte, what `pacerctl replay` with the same config journals (the workout
/// and its steps as markers, a lap at each step change, the summary's steps); STATE carries the
/// workout (name, step, target, time left); `workout load` during a session runs it from then;
/// a malformed file gets one ERROR naming the file and the step, through the socket and through
/// `pacerctl workout load`; `workout skip` with no workout is an ERROR.
final class DaemonWorkoutTests: XCTestCase {
    /// 5 min of steps in a ride of about 8: it finishes inside the ride. No power meter here, so
    /// the steps are timed and judged by nothing; the targets are shown.
    static let plan = "name: Pty intervals\n2m 150-200W warmup; 2x(1m 250-270W \"on\", 30s 120W recovery)\n"

    func testAWorkoutOnAPtyJournalsWhatReplayJournalsAndTheWorkoutCommandsWork() throws {
        let dir = try BuiltBinaries.temporaryDirectory("pacerd-workout")
        defer { if ProcessInfo.processInfo.environment["KEEP"] == nil { try? FileManager.default.removeItem(at: dir) } else { print("KEPT", dir.path) } }
        try ReplayHarness.python("scenario.py", ["course-on", "--seed", "2", "--out", dir.path, "--quiet"])
        let planPath = dir.appendingPathComponent("intervals.txt").path
        try Self.plan.write(toFile: planPath, atomically: true, encoding: .utf8)
        let badPath = dir.appendingPathComponent("bad.txt").path
        try "10m z2; 5x(3m 2700W, 2m 150W)".write(toFile: badPath, atomically: true, encoding: .utf8)
        let badMessage = "\(badPath): text: step 2 (\"3m 2700W\"): a power target above 2500 W"
        let config = "[unattended]\nauto_start = off\n[journal]\nsync_interval_s = 1\n[workout]\nfile = \(planPath)\n"
        let configURL = dir.appendingPathComponent("replay.conf")
        try config.write(to: configURL, atomically: true, encoding: .utf8)
        let nmeaPath = dir.appendingPathComponent("course-on.nmea").path
        let epochs = DaemonReplayEquivalenceTests.epochs(try String(contentsOfFile: nmeaPath, encoding: .utf8))

        let replayJournal = dir.appendingPathComponent("replay-journal").path
        let replayed = try BuiltBinaries.run("pacerctl", ["replay", "--nmea", nmeaPath, "--config", configURL.path,
                                                          "--activity", "ride", "--journal", replayJournal, "--json"])
        XCTAssertEqual(replayed.status, 0, replayed.stderr)
        let summary = try JSONValue.parse(replayed.stdout)
        XCTAssertEqual(summary["workout"]?.string, "Pty intervals")
        XCTAssertEqual(summary["workout_steps"]?.array?.compactMap { $0["start_s"]?.number ?? $0["start"]?.number }.count, 5)

        let pacerd = try PTYDaemon(config: config, in: dir)
        defer { withExtendedLifetime(pacerd) {} }
        let (daemon, client, write, control) = (pacerd.daemon, pacerd.client, pacerd.write, pacerd.control)
        /// STATE's workout as one line, for the eye (the issue's note wants STATE lines).
        func show(_ state: LiveState) {
            let line = String(decoding: state.line, as: UTF8.self)
            guard let at = line.range(of: "\"workout\":") else { return }
            print("STATE \(state.gps.time?.rfc3339 ?? "-") …\(line[at.lowerBound...].dropLast())")
        }
        try client.request(.watch(enable: true))
        write(epochs[0])
        let first = try client.waitForState(timeout: 30) { $0.gps.state == .fix }
        XCTAssertEqual(first.workout?.name, "Pty intervals", "the config's workout is loaded from the start")
        XCTAssertNil(first.workout?.step, "it starts with the session")
        XCTAssertEqual(try control(.start(activity: .ride))["class"]?.string, "ACK")
        XCTAssertEqual(try control(.watch(enable: false))["cmd"]?.string, "watch")
        // Five epochs every 50 ms (as DaemonCourseTests); a STATE at a few points on the way.
        var sent = 1
        var seen: [LiveState] = []
        while sent < epochs.count {
            usleep(50_000)
            let n = min(5, epochs.count - sent)
            write(epochs[sent..<(sent + n)].joined())
            sent += n
            if sent % 60 < 5 {
                try client.request(.status)
                if let state = LiveState(json: try client.expect(["STATE"])) { seen.append(state); show(state) }
            }
        }
        let lastTime = ReplayHarness.lastFixTime(epochs.joined())
        try client.request(.watch(enable: true))
        let end = try client.waitForState(timeout: 30) { $0.gps.time == lastTime }
        show(end)
        try client.request(.watch(enable: false))
        _ = try client.expect(["ACK"])
        let running = try XCTUnwrap(seen.first { $0.workout?.step == 2 }, "a STATE in the second step")
        XCTAssertEqual(running.workout?.target?.text, "250-270W")
        XCTAssertEqual(running.workout?.target?.kind, "power")
        XCTAssertEqual(running.workout?.target?.low, 250)
        XCTAssertEqual(running.workout?.target?.high, 270)
        XCTAssertTrue((0...60).contains(running.workout?.remainingSeconds ?? -1))
        XCTAssertEqual(end.workout?.finished, true)
        XCTAssertEqual(end.workout?.step, 5)

        // A malformed file: one ERROR naming the file and the step, the workout run stays.
        let refused = try control(.workout(.load(file: badPath)))
        XCTAssertEqual(refused["class"]?.string, "ERROR")
        XCTAssertEqual(refused["message"]?.string, badMessage)
        let viaCtl = try BuiltBinaries.run("pacerctl", ["workout", "load", badPath, "--socket", daemon.socketPath])
        XCTAssertNotEqual(viaCtl.status, 0)
        XCTAssertEqual(viaCtl.stderr.components(separatedBy: badMessage).count - 1, 1, viaCtl.stderr)
        try client.request(.status)
        XCTAssertEqual(LiveState(json: try client.expect(["STATE"]))?.workout?.name, "Pty intervals")
        XCTAssertEqual(try control(.stop)["class"]?.string, "ACK")
        XCTAssertEqual(try control(.workout(.clear))["class"]?.string, "ACK")
        let skip = try control(.workout(.skip))
        XCTAssertEqual(skip["class"]?.string, "ERROR")
        XCTAssertEqual(skip["message"]?.string, "workout skip: no workout is loaded")
        XCTAssertEqual(daemon.stop(SIGTERM), 0)

        let segment = "segment-00000001.pjl"
        let liveBytes = try Data(contentsOf: URL(fileURLWithPath: daemon.journalPath).appendingPathComponent(segment))
        let replayBytes = try Data(contentsOf: URL(fileURLWithPath: replayJournal).appendingPathComponent(segment))
        XCTAssertEqual(liveBytes, replayBytes, "journal bytes differ (\(liveBytes.count) vs \(replayBytes.count))\n\(daemon.log)")
        for marker in ["workout", "workout_step", "workout_finished"] {
            XCTAssertNotNil(liveBytes.range(of: Data(marker.utf8)), "the journal has a \(marker) marker")
        }
    }

    /// `pacerctl workout load` during a session: the workout runs from then, its steps' laps
    /// counted from the load, and the journal has its marker.
    func testWorkoutLoadDuringASessionRunsItFromThen() throws {
        let dir = try BuiltBinaries.temporaryDirectory("pacerd-workout-load")
        defer { try? FileManager.default.removeItem(at: dir) }
        try ReplayHarness.python("scenario.py", ["course-on", "--seed", "2", "--out", dir.path, "--quiet"])
        let planPath = dir.appendingPathComponent("short.txt").path
        try "name: Short\n1m 200W; 1m 100W\n".write(toFile: planPath, atomically: true, encoding: .utf8)
        let epochs = DaemonReplayEquivalenceTests.epochs(try String(contentsOf: dir.appendingPathComponent("course-on.nmea"), encoding: .utf8))
        let pacerd = try PTYDaemon(config: "[unattended]\nauto_start = off\n", in: dir)
        defer { withExtendedLifetime(pacerd) {} }
        let (daemon, client, write) = (pacerd.daemon, pacerd.client, pacerd.write)
        try client.request(.watch(enable: true))
        write(epochs[0])
        _ = try client.waitForState(timeout: 30) { $0.gps.state == .fix }
        try client.request(.watch(enable: false))
        _ = try client.expect(["ACK"])
        try client.request(.start(activity: .ride))
        XCTAssertEqual(try client.expect(["ACK"])["class"]?.string, "ACK")
        var sent = 1
        func play(_ count: Int) {
            while sent < min(count, epochs.count) {
                usleep(50_000)
                let n = min(5, count - sent)
                write(epochs[sent..<(sent + n)].joined())
                sent += n
            }
        }
        play(30)
        let loaded = try BuiltBinaries.run("pacerctl", ["workout", "load", planPath, "--socket", daemon.socketPath])
        XCTAssertEqual(loaded.status, 0, loaded.stderr)
        play(200)
        try client.request(.status)
        let state = try XCTUnwrap(LiveState(json: try client.expect(["STATE"])))
        XCTAssertEqual(state.workout?.name, "Short")
        XCTAssertEqual(state.workout?.finished, true, "two minutes after the load at about 30 s, the workout is done")
        try client.request(.stop)
        _ = try client.expect(["ACK"])
        XCTAssertEqual(daemon.stop(SIGTERM), 0)
        let report = try BuiltBinaries.run("pacerctl", ["show", "1", "--journal", daemon.journalPath, "--json"])
        XCTAssertEqual(report.status, 0, report.stderr)
        let s = try JSONValue.parse(report.stdout)
        XCTAssertEqual(s["workout"]?.string, "Short")
        let steps = try XCTUnwrap(s["workout_steps"]?.array)
        XCTAssertEqual(steps.count, 2)
        // The load lands at the timeline's present (a fix between 25 and 30 s); the steps last a minute each.
        let starts = steps.compactMap { $0["start_s"]?.number }
        XCTAssertEqual(starts.count, 2, "\(steps)")
        if starts.count == 2 {
            XCTAssertTrue((20...31).contains(starts[0]), "\(starts)")
            XCTAssertEqual(starts[1] - starts[0], 60)
        }
    }
}
