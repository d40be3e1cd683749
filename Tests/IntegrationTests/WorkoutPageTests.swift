import Foundation
import PacerCore
import XCTest

/// The report page of a session that ran a workout: the per-step compliance table (step,
/// duration, target, average, time in target) from the journal alone, as CoursePageTests draws
/// the course from it (the workout file is removed before the report).
final class WorkoutPageTests: XCTestCase {
    func testTheSessionPageHasTheStepsComplianceTable() throws {
        let dir = try BuiltBinaries.temporaryDirectory("workout-page")
        defer { try? FileManager.default.removeItem(at: dir) }
        try ReplayHarness.python("scenario.py", ["course-on", "--seed", "1", "--out", dir.path, "--quiet"])
        // A power meter at 1 Hz, half a second after each fix: 200 W for 3 min, then 100 W.
        let start = try XCTUnwrap(UTCTime(rfc3339: "2026-03-12T09:00:00.000Z"))
        var ble = ""
        for s in 0..<420 {
            let watts = s < 180 ? 200 : 100
            ble += start.adding(milliseconds: Int64(s) * 1000 + 500).rfc3339 + " 2a63 0000" + String(format: "%02x00", watts) + "\n"
        }
        let blePath = dir.appendingPathComponent("power.ble").path
        try ble.write(toFile: blePath, atomically: true, encoding: .utf8)
        let plan = dir.appendingPathComponent("plan.txt").path
        try "name: Page steps\n2m 190-210W; 2m 90-110W \"easy\"; 1m 250W".write(toFile: plan, atomically: true, encoding: .utf8)
        let journal = dir.appendingPathComponent("journal").path
        let replay = try BuiltBinaries.run("pacerctl", ["replay", "--nmea", dir.appendingPathComponent("course-on.nmea").path, "--ble", blePath,
                                                        "--activity", "ride", "--workout", plan, "--journal", journal])
        XCTAssertEqual(replay.status, 0, replay.stderr)
        try FileManager.default.removeItem(atPath: plan)
        let out = dir.appendingPathComponent("report").path
        let report = try BuiltBinaries.run("pacerctl", ["report", "--out", out, "--journal", journal])
        XCTAssertEqual(report.status, 0, report.stderr)
        let html = try String(contentsOfFile: out + "/session-1.html", encoding: .utf8)
        XCTAssertTrue(html.contains("<p class=\"note\">Page steps: 3 steps</p>"), html)
        let table = try XCTUnwrap(html.components(separatedBy: "<table class=\"workout\">").dropFirst().first?.components(separatedBy: "</table>").first)
        XCTAssertTrue(table.contains("<th>Step</th><th>Duration</th><th>Target</th><th>Average</th><th>Time in target</th>"), table)
        // Step 1: 200 W in 190-210 W all along (its first second has no reading yet).
        XCTAssertTrue(table.contains("<tr><td>1</td><td>2:00</td><td>190-210 W</td><td>200 W</td><td>1:59 (100 %)</td></tr>"), table)
        // Step 2: 200 W for its first minute, then 100 W (3 s power crosses in about 3 s).
        let row2 = try XCTUnwrap(table.components(separatedBy: "<tr><td>2</td>").dropFirst().first?.components(separatedBy: "</tr>").first)
        XCTAssertTrue(row2.hasPrefix("<td>2:00</td><td>90-110 W</td><td>1"), row2)
        XCTAssertTrue(row2.contains("(4") || row2.contains("(5"), "about half of step 2 in target: \(row2)")
        XCTAssertTrue(table.contains("<tr><td>3</td><td>1:00</td><td>250 W</td><td>100 W</td><td>0:00 (0 %)</td></tr>"), table)
    }
}
