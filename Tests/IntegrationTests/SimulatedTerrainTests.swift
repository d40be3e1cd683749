import Foundation
import PacerCore
import PacerSystem
import XCTest

/// The simulator's terrain tiles (`sim/scenario.py --dem`) read through the daemon's path
/// (`DirectoryTileSource` mapping the files, `TerrainModel` interpolating): at every check point
/// of the true path the height is what the simulator's own bilinear reader of its files gives,
/// and within the error the simulator says its DEM added of the true altitude. Python runs here
/// (IntegrationTests), never in the core or system tests: the arm64 chroot has no python.
///
/// The figures: `swift test --filter SimulatedTerrainTests 2>&1 | grep '^DEM'`.
final class SimulatedTerrainTests: XCTestCase {
    func testOneArcSecondTilesOfAWalk() throws {
        try check("walk", seed: 2, options: [])
    }

    func testThreeArcSecondLowerCaseTilesWithVoidsOfARun() throws {
        try check("steady-run", seed: 1, options: ["--dem-grid", "3", "--dem-voids", "2", "--dem-case", "lower"], voids: true)
    }

    /// Without a barometer, `[elevation] dem` makes the elevation gain the ground's: within 5 %
    /// of the truth on a run and a ride, within 3 m on a flat track, where the receiver's altitude
    /// alone is off by tens of percent. Seeds whose paths never come near themselves at another
    /// height (the simulator's ground is then the true altitude, `ambiguous` 0).
    func testGainFromTheTilesWithoutABarometer() throws {
        for (scenario, seed, activity) in [("steady-run", 6, "run"), ("rolling-ride", 4, "ride"), ("track-intervals", 4, "run")] {
            let dir = try BuiltBinaries.temporaryDirectory("dem-gain")
            defer { try? FileManager.default.removeItem(at: dir) }
            let demDir = dir.appendingPathComponent("dem")
            try ReplayHarness.python("scenario.py", [scenario, "--seed", String(seed), "--out", dir.path, "--quiet", "--dem", demDir.path])
            let truth = try ReplayHarness.json(dir.appendingPathComponent("\(scenario).truth.json"))
            let checks = try XCTUnwrap((truth["dem"] as? [String: Any])?["checks"] as? [[Any]])
            XCTAssertEqual(checks.filter { $0[6] as? Bool == true }.count, 0, "\(scenario) seed \(seed) comes near itself")
            let config = dir.appendingPathComponent("pacer.conf")
            try "[elevation]\ndem = \(demDir.path)\n".write(to: config, atomically: true, encoding: .utf8)
            let nmea = dir.appendingPathComponent("\(scenario).nmea"), ble = dir.appendingPathComponent("\(scenario).ble")
            let dem = try ReplayHarness.replay(nmea: nmea, ble: ble, config: config, activity: activity)
            let gps = try ReplayHarness.replay(nmea: nmea, ble: ble, config: nil, activity: activity)
            let expected = try XCTUnwrap(ReplayHarness.number(truth["elevation_gain_m"]))
            let gain = try XCTUnwrap(ReplayHarness.number(dem["elevation_gain_m"]))
            XCTAssertEqual(dem["elevation_source"] as? String, "dem")
            XCTAssertEqual(gps["elevation_source"] as? String, "gps")
            XCTAssertEqual(gain, expected, accuracy: expected > 60 ? expected * 0.05 : 3, scenario)
            let gpsGain = ReplayHarness.number(gps["elevation_gain_m"]) ?? 0
            print("DEM GAIN | \(scenario) seed \(seed) | truth \(ReplayHarness.fixed(expected, 1)) m | tiles \(ReplayHarness.fixed(gain, 1)) m "
                  + "| GPS alone \(ReplayHarness.fixed(gpsGain, 1)) m")
        }
    }

    private func check(_ scenario: String, seed: Int, options: [String], voids: Bool = false) throws {
        let dir = try BuiltBinaries.temporaryDirectory("dem")
        defer { try? FileManager.default.removeItem(at: dir) }
        let demDir = dir.appendingPathComponent("dem")
        try ReplayHarness.python("scenario.py", [scenario, "--seed", String(seed), "--out", dir.path, "--quiet",
                                                 "--dem", demDir.path] + options)
        let truth = try ReplayHarness.json(dir.appendingPathComponent("\(scenario).truth.json"))
        let dem = try XCTUnwrap(truth["dem"] as? [String: Any])
        let bound = try XCTUnwrap(ReplayHarness.number(dem["error_bound_m"]))
        let checks = try XCTUnwrap(dem["checks"] as? [[Any]])
        var model = TerrainModel(source: DirectoryTileSource(path: demDir.path))
        var errors: [Double] = [], holes = 0, ambiguous = 0
        for c in checks {
            let n = ReplayHarness.number
            let (t, lat, lon, alt) = (n(c[0])!, n(c[1])!, n(c[2])!, n(c[3])!)
            let height = model.elevation(latitude: lat, longitude: lon)
            guard let expected = n(c[5]) else {
                XCTAssertNil(height, "t=\(t): a void is a hole")
                holes += 1
                continue
            }
            let h = try XCTUnwrap(height, "t=\(t) \(lat) \(lon)")
            XCTAssertEqual(h, expected, accuracy: 1e-6, "t=\(t): the simulator's reader of the same files")
            if c[6] as? Bool == true { ambiguous += 1; continue }
            XCTAssertEqual(h, alt, accuracy: bound, "t=\(t): within the DEM's error of the true altitude")
            errors.append(h - alt)
        }
        XCTAssertEqual(model.takeReports(), [])
        XCTAssertGreaterThan(errors.count, checks.count / 2)
        if voids { XCTAssertGreaterThan(holes, 0) } else { XCTAssertEqual(holes, 0) }
        let mean = errors.reduce(0, +) / Double(errors.count)
        let worst = errors.map { abs($0) }.max() ?? 0
        print("DEM | \(scenario) seed \(seed) \(options.joined(separator: " ")) | checks \(checks.count) voids \(holes) "
              + "ambiguous \(ambiguous) | error mean \(ReplayHarness.fixed(mean, 2)) m, worst \(ReplayHarness.fixed(worst, 2)) m, "
              + "bound \(ReplayHarness.fixed(bound, 2)) m")
    }
}
