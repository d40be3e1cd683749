import Foundation
import XCTest

/// `pacerctl replay` as a user runs it: the JSON keys of docs/design.md, the human summary, errors.
final class ReplayCommandTests: XCTestCase {
    func testJSONHumanAndErrors() throws {
        let dir = try BuiltBinaries.temporaryDirectory("replay")
        defer { try? FileManager.default.removeItem(at: dir) }
        try ReplayHarness.python("scenario.py", ["strap-contact-loss", "--seed", "1", "--out", dir.path, "--quiet"])
        let nmea = dir.appendingPathComponent("strap-contact-loss.nmea").path
        let ble = dir.appendingPathComponent("strap-contact-loss.ble").path
        let result = try BuiltBinaries.run("pacerctl", ["replay", "--nmea", nmea, "--ble", ble, "--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let object = try JSONSerialization.jsonObject(with: result.stdout) as! [String: Any]
        for key in ["activity", "start", "end", "elapsed_s", "moving_s", "distance_m", "avg_speed_mps", "max_speed_mps",
                    "elevation_gain_m", "elevation_loss_m", "hr_avg", "hr_max", "hr_zones_s", "steps", "cadence_avg_spm",
                    "calories_kcal", "laps", "splits"] {
            XCTAssertNotNil(object[key], "missing \(key)")
        }
        XCTAssertEqual(object["activity"] as? String, "run")
        XCTAssertEqual((object["hr_zones_s"] as? [Any])?.count, 5)
        let splits = try XCTUnwrap(object["splits"] as? [[String: Any]])
        XCTAssertGreaterThanOrEqual(splits.count, 5)
        XCTAssertEqual(ReplayHarness.number(splits[0]["distance_m"])!, 1000, accuracy: 0.01)
        XCTAssertEqual(result.stdoutText.filter { $0 == "\n" }.count, 1, "one object, one line")

        // Without the BLE log the heart-rate values are unknown: null, not 0.
        let noHR = try BuiltBinaries.run("pacerctl", ["replay", "--nmea", nmea, "--json"])
        let plain = try JSONSerialization.jsonObject(with: noHR.stdout) as! [String: Any]
        XCTAssertTrue(plain["hr_avg"] is NSNull)
        XCTAssertTrue(plain["hr_zones_s"] is NSNull)

        let human = try BuiltBinaries.run("pacerctl", ["replay", "--nmea", nmea, "--ble", ble])
        XCTAssertEqual(human.status, 0)
        XCTAssertTrue(human.stdoutText.contains("distance"), human.stdoutText)
        XCTAssertTrue(human.stdoutText.contains("splits:"), human.stdoutText)

        let config = dir.appendingPathComponent("bad.conf")
        try "[athlete]\nmax_hr = 188\nrest_hr = lots\n".write(to: config, atomically: true, encoding: .utf8)
        let bad = try BuiltBinaries.run("pacerctl", ["replay", "--nmea", nmea, "--config", config.path])
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("bad.conf:3: athlete.rest_hr: 'lots' is not an integer"), bad.stderr)
        // A config (or BLE log) that never ends is refused at its limit; it aborted, out of memory.
        let endless = dir.appendingPathComponent("endless.conf")
        try FileManager.default.createSymbolicLink(atPath: endless.path, withDestinationPath: "/dev/zero")
        for flag in ["--config", "--ble"] {
            let huge = try BuiltBinaries.run("pacerctl", ["replay", "--nmea", nmea, flag, endless.path])
            XCTAssertEqual(huge.status, 1, flag)
            XCTAssertTrue(huge.stderr.contains("endless.conf (more than"), huge.stderr)
            XCTAssertTrue(huge.stderr.contains("File too large"), huge.stderr)
        }

        let missing = try BuiltBinaries.run("pacerctl", ["replay", "--ble", ble])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("--nmea FILE is required"), missing.stderr)
        let activity = try BuiltBinaries.run("pacerctl", ["replay", "--nmea", nmea, "--activity", "swim"])
        XCTAssertEqual(activity.status, 2)
    }
}
