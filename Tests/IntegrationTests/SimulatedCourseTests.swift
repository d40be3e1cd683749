import Foundation
import PacerCore
import XCTest

/// The simulator's course scenarios (sim/pacersim/course.py) ridden through `pacerctl replay
/// --course --events`, checked against the simulator's truth: every cue announced where the
/// truth's progress says it is 200 m and 50 m away, off course once per excursion (after the
/// 40 m line is crossed and 5 s have passed), back on where the rider rejoined, the summary's
/// course figures, and, for the GPX (which has no cues), turns found in the geometry only where
/// the course really turns.
final class SimulatedCourseTests: XCTestCase {
    static let scenarios = ["course-on", "course-detour", "course-shortcut", "course-loop-twice", "course-out-and-back", "course-figure-eight"]

    struct Truth {
        let start: UTCTime
        let course: [String: Any]
        var cues: [String: Double] { Dictionary(uniqueKeysWithValues: (course["cues"] as! [[String: Any]]).map { ($0["name"] as! String, $0["along_m"] as! Double) }) }
        var excursions: [[String: Double]] { course["excursions"] as! [[String: Double]] }
        /// The truth's progress at `t` seconds; nil off the course or across a lap's restart.
        func along(at t: Double) -> Double? {
            let progress = course["progress"] as! [[Double]]
            for (a, b) in zip(progress, progress.dropFirst()) where a[0] <= t && t <= b[0] && b[1] >= a[1] && b[0] - a[0] <= 10.5 {
                return a[1] + (b[1] - a[1]) * (t - a[0]) / (b[0] - a[0])
            }
            return nil
        }
    }

    func replay(_ scenario: String, course: URL, in dir: URL) throws -> (events: [JSONValue], summary: JSONValue) {
        let result = try BuiltBinaries.run("pacerctl", ["replay", "--nmea", dir.appendingPathComponent("\(scenario).nmea").path,
                                                        "--ble", dir.appendingPathComponent("\(scenario).ble").path, "--activity", "ride",
                                                        "--course", course.path, "--events", "--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = try String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map { try JSONValue.parse(Array($0.utf8)) }
        return (lines.filter { $0["class"]?.string == "EVENT" }, try XCTUnwrap(lines.last))
    }

    func testCourseScenariosAgainstTheSimulatorsTruth() throws {
        let dir = try BuiltBinaries.temporaryDirectory("sim-courses")
        defer { try? FileManager.default.removeItem(at: dir) }
        for scenario in Self.scenarios {
            try ReplayHarness.python("scenario.py", [scenario, "--seed", "3", "--out", dir.path, "--quiet"])
            let json = try ReplayHarness.json(dir.appendingPathComponent("\(scenario).truth.json"))
            let truth = Truth(start: try XCTUnwrap(UTCTime(rfc3339: json["start"] as! String)), course: json["course"] as! [String: Any])
            func seconds(_ e: JSONValue) -> Double { Double(UTCTime(rfc3339: e["time"]!.string!)!.milliseconds(since: truth.start)) / 1000 }
            let (events, summary) = try replay(scenario, course: dir.appendingPathComponent("\(scenario).course.tcx"), in: dir)
            func of(_ type: String) -> [JSONValue] { events.filter { $0["type"]?.string == type } }

            XCTAssertEqual(of("course_finished").count, 1, scenario)
            var announced: [String: Int] = [:]
            var worstCue = 0.0, figures: [String] = []
            // Past the finish a loop's rider rolls into its start again: cues of a lap the truth does not ride.
            let finish = try XCTUnwrap(truth.course["finish_t_s"] as? Double)
            for e in of("course_point") where seconds(e) <= finish {
                let name = try XCTUnwrap(e["name"]?.string), inMeters = try XCTUnwrap(e["in_m"]?.number)
                announced[name, default: 0] += 1
                guard let along = truth.along(at: seconds(e)) else { continue }
                let cue = try XCTUnwrap(truth.cues[name])
                worstCue = max(worstCue, abs(along + inMeters - cue))
                XCTAssertEqual(along + inMeters, cue, accuracy: 10, "\(scenario): \(name) announced \(inMeters) m ahead")
            }
            let skipped = truth.excursions.map { x in truth.cues.values.filter { $0 > x["leave_along_m"]! + 200 && $0 < x["rejoin_along_m"]! }.count }
            let laps = (truth.course["laps"] as? Int) ?? 1
            XCTAssertEqual(announced.values.reduce(0, +), (truth.cues.count * laps - skipped.reduce(0, +)) * 2, "\(scenario): \(announced)")

            let offs = of("off_course"), backs = of("back_on_course")
            XCTAssertEqual(offs.count, truth.excursions.count, scenario)
            XCTAssertEqual(backs.count, truth.excursions.count, scenario)
            for (k, x) in truth.excursions.enumerated() where k < offs.count && k < backs.count {
                figures.append(String(format: "off %.1f s after the 40 m line, back on at %.0f m (truth %.0f m)", seconds(offs[k]) - x["off_from_t_s"]!,
                                      backs[k]["along_m"]?.number ?? -1, x["rejoin_along_m"]!))
                // 5 s after the 40 m line, measured to the stretch being ridden (the truth measures to the whole
                // course: a detour that turns back beside the course is off sooner by that measure).
                XCTAssertEqual(seconds(offs[k]), x["off_from_t_s"]! + 4.5, accuracy: 3.5, "\(scenario): off course after the grace time")
                XCTAssertEqual(try XCTUnwrap(backs[k]["along_m"]?.number), x["rejoin_along_m"]!, accuracy: 35, "\(scenario): back on where it rejoined")
            }
            XCTAssertGreaterThan(try XCTUnwrap(summary["course_completed"]?.number), 0.99, scenario)
            XCTAssertEqual(summary["course_off_count"]?.number, Double(truth.excursions.count), scenario)
            let offSeconds = truth.excursions.reduce(0.0) { $0 + $1["off_to_t_s"]! - $1["off_from_t_s"]! }
            XCTAssertEqual(try XCTUnwrap(summary["course_off_s"]?.number), offSeconds, accuracy: 8, scenario)
            print("COURSE | \(scenario) | \(of("course_point").count) announcements, worst \(String(format: "%.1f", worstCue)) m from the truth | "
                + (figures.isEmpty ? "never off" : figures.joined(separator: "; "))
                + " | completed \(summary["course_completed"]?.number ?? -1), off \(summary["course_off_s"]?.number ?? -1) s (truth \(String(format: "%.1f", offSeconds)) s)")

            // The GPX has no cues: turns found in its geometry are where the course turns that way.
            let gpx = try replay(scenario, course: dir.appendingPathComponent("\(scenario).course.gpx"), in: dir)
            for e in gpx.events where e["type"]?.string == "course_point" {
                let along = try XCTUnwrap(e["along_m"]?.number), kind = try XCTUnwrap(e["kind"]?.string)
                let side = kind.contains("left") ? "Left" : kind.contains("right") ? "Right" : "U"
                XCTAssertTrue(truth.cues.contains { $0.key.hasPrefix(side) && abs($0.value - along) < 40 } || side == "U",
                              "\(scenario): a \(kind) found at \(along) m where the course does not turn so")
            }
        }
    }
}
