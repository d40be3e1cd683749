import Foundation
import XCTest
import PacerCore

/// A simulated ride whose rider follows a workout's power plan (`sim/scenario.py --workout`),
/// replayed with the plan: a lap at each step boundary to the millisecond, and each step's time
/// in target and mean power against the simulator's truth of the rider's true power.
///
/// The figures: `swift test --filter SimulatedWorkoutTests 2>&1 | grep '^WORKOUT'`.
final class SimulatedWorkoutTests: XCTestCase {
    func testLapsAtTheStepsAndComplianceAgainstTheTruth() throws {
        let dir = try BuiltBinaries.temporaryDirectory("sim-workout")
        defer { try? FileManager.default.removeItem(at: dir) }
        try ReplayHarness.python("scenario.py", ["rolling-ride", "--seed", "3", "--out", dir.path, "--quiet",
                                                 "--workout", "120:150,180:250-270,120:180,60:300"])
        let truth = try ReplayHarness.json(dir.appendingPathComponent("rolling-ride.truth.json"))
        let steps = try XCTUnwrap((truth["workout"] as? [String: Any])?["steps"] as? [[String: Any]])
        let result = try BuiltBinaries.run("pacerctl", ["replay", "--nmea", dir.appendingPathComponent("rolling-ride.nmea").path,
                                                        "--ble", dir.appendingPathComponent("rolling-ride.ble").path,
                                                        "--workout", dir.appendingPathComponent("rolling-ride.workout.txt").path,
                                                        "--activity", "ride", "--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let summary = try JSONValue.parse(result.stdout)
        let start = try XCTUnwrap(summary["start"]?.string.flatMap { UTCTime(rfc3339: $0) })
        let lapStarts = Set((summary["laps"]?.array ?? []).compactMap { $0["start"]?.string.flatMap { UTCTime(rfc3339: $0) } }
            .map { $0.milliseconds(since: start) })
        let measured = try XCTUnwrap(summary["workout_steps"]?.array)
        XCTAssertEqual(measured.count, steps.count)
        for (k, step) in steps.enumerated() {
            let begin = try XCTUnwrap(ReplayHarness.number(step["start_s"])), end = try XCTUnwrap(ReplayHarness.number(step["end_s"]))
            // A lap at each step change and at the finish, to the millisecond (the first step starts the session).
            if k > 0 { XCTAssertTrue(lapStarts.contains(Int64(begin * 1000)), "no lap at \(begin) s: \(lapStarts.sorted())") }
            if k == steps.count - 1 { XCTAssertTrue(lapStarts.contains(Int64(end * 1000)), "no lap at the finish \(end) s") }
            let ours = measured[k]
            let inTarget = try XCTUnwrap(ours["in_target_s"]?.number), trueInTarget = try XCTUnwrap(ReplayHarness.number(step["in_target_s"]))
            let average = try XCTUnwrap(ours["avg"]?.number), trueAverage = try XCTUnwrap(ReplayHarness.number(step["avg_w"]))
            // Pacer judges the 3 s power, which trails each change of step by about a second and a
            // half, and a step's first second has no reading yet: up to 6 s fewer in target, and a
            // mean a few per cent off where the 3 s power carries the last step's watts in.
            XCTAssertEqual(inTarget, trueInTarget, accuracy: 6, "step \(k + 1)")
            XCTAssertEqual(average, trueAverage, accuracy: trueAverage * 0.04, "step \(k + 1)")
            print("WORKOUT | step \(k + 1) \(Int(begin))-\(Int(end)) s | in target \(Int(inTarget)) s (truth \(Int(trueInTarget)) s) "
                  + "| mean \(ReplayHarness.fixed(average, 1)) W (truth \(ReplayHarness.fixed(trueAverage, 1)) W)")
        }
    }
}
