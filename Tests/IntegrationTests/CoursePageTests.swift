import Foundation
import PacerCore
import XCTest

/// The report page of a session that followed a course: the course drawn under the ride from
/// the journal alone (the file may be gone), the stretch ridden off it in red, a Course tile.
final class CoursePageTests: XCTestCase {
    func testTheSessionPageDrawsTheCourseAndTheDetour() throws {
        let dir = try BuiltBinaries.temporaryDirectory("course-page")
        defer { try? FileManager.default.removeItem(at: dir) }
        try ReplayHarness.python("scenario.py", ["course-detour", "--seed", "1", "--out", dir.path, "--quiet"])
        let course = dir.appendingPathComponent("course-detour.course.gpx")
        let journal = dir.appendingPathComponent("journal").path
        let replay = try BuiltBinaries.run("pacerctl", ["replay", "--nmea", dir.appendingPathComponent("course-detour.nmea").path, "--activity", "ride",
                                                        "--course", course.path, "--journal", journal])
        XCTAssertEqual(replay.status, 0, replay.stderr)
        try FileManager.default.removeItem(at: course)
        let out = dir.appendingPathComponent("report").path
        let report = try BuiltBinaries.run("pacerctl", ["report", "--out", out, "--journal", journal])
        XCTAssertEqual(report.status, 0, report.stderr)
        let html = try String(contentsOfFile: out + "/session-1.html", encoding: .utf8)
        func vertices(_ cssClass: String) -> [Int] {
            html.components(separatedBy: "<polyline class=\"\(cssClass)\"").dropFirst().map { part in
                part.prefix { $0 != ">" }.split(separator: "\"")[3].split(separator: " ").count
            }
        }
        XCTAssertEqual(vertices("course").count, 1)
        XCTAssertGreaterThan(vertices("course")[0], 50, "the course's outline from the journal")
        XCTAssertEqual(vertices("off-course").count, 1, "one stretch off the course")
        XCTAssertGreaterThan(vertices("off-course")[0], 10)
        XCTAssertTrue(html.contains("over the course Detour course (off it in red)"))
        XCTAssertTrue(html.contains("<div class=\"tile\">Course<b>Detour course · 100.0 % ridden, off it once for "), html)
    }
}
