import Foundation
import XCTest
import PacerCore
import PacerSystem

/// Courses in the real pacerd: the simulator's detour ridden to pacerd on a pty with `[course]
/// file` set journals, to the byte, what `pacerctl replay` with the same config journals (the
/// course, off course, back on, the cues, the finish as markers; the summary's course figures);
/// STATE carries the course; a file that is no course gets an ERROR and leaves the course
/// followed as it was; `course clear` clears it.
final class DaemonCourseTests: XCTestCase {
    func testADetourOnAPtyJournalsWhatReplayJournalsAndTheCourseCommandsWork() throws {
        let dir = try BuiltBinaries.temporaryDirectory("pacerd-course")
        defer { if ProcessInfo.processInfo.environment["KEEP"] == nil { try? FileManager.default.removeItem(at: dir) } else { print("KEPT", dir.path) } }
        try ReplayHarness.python("scenario.py", ["course-detour", "--seed", "2", "--out", dir.path, "--quiet"])
        let course = dir.appendingPathComponent("course-detour.course.tcx").path
        let config = "[unattended]\nauto_start = off\n[journal]\nsync_interval_s = 1\n[course]\nfile = \(course)\n"
        let configURL = dir.appendingPathComponent("replay.conf")
        try config.write(to: configURL, atomically: true, encoding: .utf8)
        let nmea = try String(contentsOf: dir.appendingPathComponent("course-detour.nmea"), encoding: .utf8)
        let epochs = DaemonReplayEquivalenceTests.epochs(nmea)

        let replayJournal = dir.appendingPathComponent("replay-journal").path
        let replayed = try BuiltBinaries.run("pacerctl", ["replay", "--nmea", dir.appendingPathComponent("course-detour.nmea").path,
                                                          "--config", configURL.path, "--activity", "ride", "--journal", replayJournal, "--json"])
        XCTAssertEqual(replayed.status, 0, replayed.stderr)
        let summary = try JSONValue.parse(replayed.stdout)
        XCTAssertEqual(summary["course"]?.string, "Detour course")
        XCTAssertEqual(summary["course_off_count"]?.number, 1)

        let pacerd = try PTYDaemon(config: config, in: dir)
        defer { withExtendedLifetime(pacerd) {} }
        let (daemon, client, write, control) = (pacerd.daemon, pacerd.client, pacerd.write, pacerd.control)
        try client.request(.watch(enable: true))
        write(epochs[0])
        let first = try client.waitForState(timeout: 30) { $0.gps.state == .fix }
        XCTAssertEqual(first.course?.name, "Detour course", "the config's course is followed from the start")
        XCTAssertEqual(try control(.start(activity: .ride))["class"]?.string, "ACK")
        // Not read while epochs are written: a watcher would fill its queue and be dropped.
        XCTAssertEqual(try control(.watch(enable: false))["cmd"]?.string, "watch")
        // Five epochs every 50 ms: twenty times the receiver's pace, each burst well inside the jump limit.
        var sent = 1
        while sent < epochs.count {
            usleep(50_000)
            let n = min(5, epochs.count - sent)
            write(epochs[sent..<(sent + n)].joined())
            sent += n
        }
        let lastTime = ReplayHarness.lastFixTime(epochs.joined())
        try client.request(.watch(enable: true))
        let end = try client.waitForState(timeout: 30) { $0.gps.time == lastTime }
        let live = try XCTUnwrap(end.course)
        XCTAssertTrue(live.progress.finished)
        XCTAssertTrue(live.progress.onCourse)
        try client.request(.watch(enable: false))
        _ = try client.expect(["ACK"])

        // A file that is no course: one ERROR naming it, the course followed stays.
        let refused = try control(.course(file: "/etc/hostname"))
        XCTAssertEqual(refused["class"]?.string, "ERROR")
        XCTAssertEqual(refused["message"]?.string, "/etc/hostname: not a GPX, TCX or FIT course file")
        try client.request(.status)
        XCTAssertEqual(LiveState(json: try client.expect(["STATE"]))?.course?.name, "Detour course")
        XCTAssertEqual(try control(.stop)["class"]?.string, "ACK")
        XCTAssertEqual(try control(.course(file: nil))["class"]?.string, "ACK")
        try client.request(.status)
        XCTAssertNil(LiveState(json: try client.expect(["STATE"]))?.course)
        XCTAssertEqual(daemon.stop(SIGTERM), 0)

        let segment = "segment-00000001.pjl"
        let liveBytes = try Data(contentsOf: URL(fileURLWithPath: daemon.journalPath).appendingPathComponent(segment))
        let replayBytes = try Data(contentsOf: URL(fileURLWithPath: replayJournal).appendingPathComponent(segment))
        XCTAssertEqual(liveBytes, replayBytes, "journal bytes differ (\(liveBytes.count) vs \(replayBytes.count))\n\(daemon.log)")
        for marker in ["off_course", "back_on_course", "course_point", "course_finished"] {
            XCTAssertNotNil(liveBytes.range(of: Data(marker.utf8)), "the journal has a \(marker) marker")
        }
    }
}
