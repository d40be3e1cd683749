import Foundation
import PacerCore
import XCTest

/// Issue 13's accuracy table: every sim scenario with a barometer, on BOTH receiver models
/// (`sim/scenario.py --receiver a|b`) and several seeds, replayed twice through `pacerctl
/// replay`: as recorded (the barometer is the altitude source) and with `[altitude] source =
/// gps` (GPS-only figures beside). Naive baselines beside each: haversine between raw fixes,
/// every rise of the raw GPS altitude, every rise of the raw pressure altitude.
///
/// The table: `swift test --filter BarometricAccuracyTests 2>&1 | grep '^BARO'`.
final class BarometricAccuracyTests: XCTestCase {
    private struct Row {
        var truthGain = 0.0, baroGain = 0.0, gpsGain = 0.0, naiveGPSGain = 0.0, naiveBaroGain = 0.0
        var truthDistance = 0.0, distance = 0.0, naiveDistance = 0.0
    }

    /// `sensor`: extra `scenario.py` options for the barometer (its rate and noise).
    private func check(_ scenario: String, seeds: [Int], sensor: [String] = []) throws {
        for receiver in ["a", "b"] {
            for seed in seeds { try check(scenario, receiver: receiver, seed: seed, sensor: sensor) }
        }
    }

    private func check(_ scenario: String, receiver: String, seed: Int, sensor: [String]) throws {
        let dir = try BuiltBinaries.temporaryDirectory("baro")
        defer { try? FileManager.default.removeItem(at: dir) }
        try ReplayHarness.python("scenario.py", [scenario, "--seed", String(seed), "--out", dir.path, "--quiet",
                                                 "--receiver", receiver, "--barometer", "on"] + sensor)
        let truth = try ReplayHarness.json(dir.appendingPathComponent("\(scenario).truth.json"))
        let nmea = dir.appendingPathComponent("\(scenario).nmea"), ble = dir.appendingPathComponent("\(scenario).ble")
        let activity = truth["activity"] as! String
        let gpsOnly = dir.appendingPathComponent("gps.conf")
        try "[altitude]\nsource = gps\n".write(to: gpsOnly, atomically: true, encoding: .utf8)
        let withBarometer = try ReplayHarness.replay(nmea: nmea, ble: ble, config: nil, activity: activity)
        let withoutBarometer = try ReplayHarness.replay(nmea: nmea, ble: ble, config: gpsOnly, activity: activity)
        let n = ReplayHarness.number
        var row = Row()
        row.truthGain = n(truth["elevation_gain_m"])!
        row.baroGain = try XCTUnwrap(n(withBarometer["elevation_gain_m"]))
        row.gpsGain = n(withoutBarometer["elevation_gain_m"]) ?? -1
        row.naiveGPSGain = try ReplayHarness.naiveGain(nmea: nmea)
        row.naiveBaroGain = try BarometricAccuracyTests.naivePressureGain(ble: ble)
        row.truthDistance = n(truth["distance_m"])!
        row.distance = n(withBarometer["distance_m"])!
        row.naiveDistance = try ReplayHarness.naiveDistance(nmea: nmea)
        XCTAssertEqual(row.distance, n(withoutBarometer["distance_m"])!, accuracy: 1e-6, "the barometer never moves distance")
        let name = sensor.isEmpty ? scenario : "\(scenario) 4Hz"
        print(BarometricAccuracyTests.line(name, receiver, seed, row))

        let label = "\(name) receiver \(receiver) seed \(seed)"
        if row.truthDistance < 1 {
            XCTAssertLessThan(row.baroGain, 3, "\(label): standing still does not climb")
        } else if scenario == "track-intervals" {
            XCTAssertLessThan(row.baroGain, 3, "\(label): a flat track under 3 m")
        } else if row.truthGain < 60 {
            XCTAssertEqual(row.baroGain, row.truthGain, accuracy: 3, "\(label): gain within 3 m")
        } else {
            XCTAssertEqual(row.baroGain, row.truthGain, accuracy: row.truthGain * 0.05, "\(label): gain within 5 %")
        }
        // Distance: issue 13's 0.5 %, 0.75 % on walks and city runs (SimulatedAccuracyTests.tolerance
        // says which seeds miss 0.5 % and why); standing still under 3 m.
        if row.truthDistance >= 1 {
            XCTAssertEqual(row.distance, row.truthDistance,
                           accuracy: row.truthDistance * SimulatedAccuracyTests.tolerance(scenario).distance, "\(label): distance")
        } else {
            XCTAssertLessThan(row.distance, 3, "\(label): standing still must not run")
        }
    }

    private static func line(_ scenario: String, _ receiver: String, _ seed: Int, _ r: Row) -> String {
        func pct(_ a: Double, _ b: Double) -> String {
            b < 1 ? String(format: "%+.1f m", a - b) : String(format: "%+.1f%%", (a - b) / b * 100)
        }
        func f(_ v: Double) -> String { String(format: "%.1f", v) }
        return "BARO | " + ReplayHarness.pad("\(scenario) \(receiver) \(seed)", 24)
            + " | gain truth " + ReplayHarness.pad(f(r.truthGain), 6)
            + " baro " + ReplayHarness.pad("\(f(r.baroGain)) (\(pct(r.baroGain, r.truthGain)))", 18)
            + " naive-baro " + ReplayHarness.pad("\(f(r.naiveBaroGain)) (\(pct(r.naiveBaroGain, r.truthGain)))", 22)
            + " | gps-only " + ReplayHarness.pad("\(f(r.gpsGain)) (\(pct(r.gpsGain, r.truthGain)))", 18)
            + " naive-gps " + ReplayHarness.pad("\(f(r.naiveGPSGain)) (\(pct(r.naiveGPSGain, r.truthGain)))", 22)
            + " | dist truth " + ReplayHarness.pad(f(r.truthDistance), 8)
            + " pacer " + ReplayHarness.pad("(\(pct(r.distance, r.truthDistance)))", 12)
            + " naive (\(pct(r.naiveDistance, r.truthDistance)))"
    }

    /// Exports carry the barometric altitude: the GPX's `<ele>` series rises by about the true
    /// gain (GPS altitudes would rise hundreds of metres) and ends at the true altitude.
    func testGPXCarriesTheBarometricAltitude() throws {
        for receiver in ["a", "b"] {
            let dir = try BuiltBinaries.temporaryDirectory("baro-export")
            defer { try? FileManager.default.removeItem(at: dir) }
            try ReplayHarness.python("scenario.py", ["walk", "--seed", "1", "--out", dir.path, "--quiet",
                                                     "--receiver", receiver, "--barometer", "on"])
            let truth = try ReplayHarness.json(dir.appendingPathComponent("walk.truth.json"))
            let journal = dir.appendingPathComponent("journal").path
            let replay = try BuiltBinaries.run("pacerctl", ["replay", "--nmea", dir.appendingPathComponent("walk.nmea").path,
                                                            "--ble", dir.appendingPathComponent("walk.ble").path,
                                                            "--activity", "walk", "--journal", journal, "--json"])
            XCTAssertEqual(replay.status, 0, replay.stderr)
            let gpx = dir.appendingPathComponent("walk.gpx").path
            let export = try BuiltBinaries.run("pacerctl", ["export", "1", "--journal", journal, "--format", "gpx", "-o", gpx])
            XCTAssertEqual(export.status, 0, export.stderr)
            let text = try String(contentsOfFile: gpx, encoding: .utf8)
            let elevations = text.components(separatedBy: "<ele>").dropFirst().compactMap { Double($0.prefix { $0 != "<" }) }
            XCTAssertGreaterThan(elevations.count, 1500)
            let rises = zip(elevations, elevations.dropFirst()).reduce(0) { $0 + max(0, $1.1 - $1.0) }
            let trueGain = ReplayHarness.number(truth["elevation_gain_m"])!
            print("BARO | export walk \(receiver) 1 | GPX ele rises \(String(format: "%.1f", rises)) truth gain \(trueGain)"
                + " | last ele \(elevations.last!) truth \(ReplayHarness.number(truth["altitude_end_m"])!)")
            XCTAssertEqual(rises, trueGain, accuracy: trueGain * 0.25, receiver)
            XCTAssertEqual(elevations.last!, ReplayHarness.number(truth["altitude_end_m"])!, accuracy: 4, receiver)
        }
    }

    /// Every rise of the raw pressure altitude (ISA of each 0x2A6D reading), summed.
    static func naivePressureGain(ble: URL) throws -> Double {
        var previous: Double?
        var gain = 0.0
        try BLELog.parse(String(decoding: Data(contentsOf: ble), as: UTF8.self)) { note in
            guard case .pressure(let p)? = try? GATTMeasurement(note) else { return }
            let h = BarometricAltimeter.isaAltitude(pascals: p.pascals)
            if let previous, h > previous { gain += h - previous }
            previous = h
        }
        return gain
    }

    func testSteadyRun() throws { try check("steady-run", seeds: [1, 2, 3]) }
    func testCityRun() throws { try check("city-run", seeds: [1, 2, 3]) }
    func testStandingStill() throws { try check("standing-still", seeds: [1, 2]) }
    func testWalk() throws { try check("walk", seeds: [1, 2, 3, 4]) }
    func testTwoHourRide() throws { try check("ride-10hz", seeds: [1, 2]) }
    func testFlatTrack() throws { try check("track-intervals", seeds: [1, 2, 3]) }
    func testTunnel() throws { try check("tunnel", seeds: [1, 2]) }
    func testStrapContactLoss() throws { try check("strap-contact-loss", seeds: [1, 2]) }
    /// Rollers passed in 40-190 s: a 4 s low-pass of the altitude counted 89-92 % of their climbing
    /// (seeds 1-3), a quadratic fit over 11 s 98.9-100.1 %.
    func testRollingRide() throws { try check("rolling-ride", seeds: [1, 2, 3]) }
    /// A barometer read at 4 Hz with 3 Pa of noise (a BMP280 at low oversampling, through IIO):
    /// a smoothing chosen on 1 Hz readings must hold here too. On receiver a's seeds: a fit over
    /// 11 readings (2.75 s at 4 Hz) counted +3.2..+16.4 % (walks +4.3/+6.9 m), failing four of
    /// them; the 4 s low-pass lost 9.1 and 7.2 % of the rollers; the fit over 11 s with the
    /// refit reads -0.7..+0.9 % (walks +1.3/-0.1 m).
    func testFastNoisyBarometer() throws {
        let sensor = ["--barometer-rate", "4", "--barometer-noise", "3"]
        for scenario in ["rolling-ride", "steady-run", "tunnel", "walk"] { try check(scenario, seeds: [1, 2], sensor: sensor) }
    }
}
