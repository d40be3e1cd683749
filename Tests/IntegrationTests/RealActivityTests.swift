import Foundation
import XCTest

/// Issue 3's real-activity table: the FIT/TCX/GPX recordings of ../shared/corpus/tracks,
/// converted by sim/convert.py, replayed, and compared with the recording device's own totals.
final class RealActivityTests: XCTestCase {
    func testDistanceAgainstTheDevicesOwnTotals() throws {
        let tracks = BuiltBinaries.corpus.appendingPathComponent("tracks")
        let files = try FileManager.default.contentsOfDirectory(atPath: tracks.path)
            .filter { $0.hasSuffix(".fit") || $0.hasSuffix(".tcx") || $0.hasSuffix(".gpx") }.sorted()
        XCTAssertGreaterThanOrEqual(files.count, 6)
        print("REAL | file | device total m | device distance field m | naive m | pacer m | error vs reference | device timer s | pacer moving s | elapsed s")
        var checked = 0
        for file in files {
            let dir = try BuiltBinaries.temporaryDirectory("track")
            defer { try? FileManager.default.removeItem(at: dir) }
            try ReplayHarness.python("convert.py", [tracks.appendingPathComponent(file).path, "--out", dir.path, "--quiet"])
            let devicePath = try FileManager.default.contentsOfDirectory(atPath: dir.path).first { $0.hasSuffix(".device.json") }
            let report = try ReplayHarness.json(dir.appendingPathComponent(try XCTUnwrap(devicePath, file)))
            let nmeaInfo = report["nmea"] as! [String: Any]
            let bleInfo = report["ble"] as? [String: Any]
            var nmea = dir.appendingPathComponent(nmeaInfo["file"] as! String)
            // Recordings made before 2017 carry dates a live receiver would have lost to the GPS week
            // rollover; gpsd's "# Date:" header says the log is a recording, so dates stay as they are.
            if let start = nmeaInfo["start"] as? String, start < "2017" {
                let dated = dir.appendingPathComponent("dated.nmea")
                var text = Data("# Date: \(start.prefix(10))\n".utf8)
                text.append(try Data(contentsOf: nmea))
                try text.write(to: dated)
                nmea = dated
            }
            let ble = (bleInfo?["file"] as? String).map { dir.appendingPathComponent($0) }
            let pacer = try ReplayHarness.replay(nmea: nmea, ble: ble, config: nil, activity: report["activity"] as? String ?? "run")
            let device = report["device"] as? [String: Any]
            let n = ReplayHarness.number
            // The reference is the device's own cumulative distance over the recorded points when the file
            // has one (slither_running.tcx's lap says a round 2200 m but its points run from 1242 to 3495 m),
            // else the session/lap total.
            let field = n((report["recording"] as? [String: Any])?["distance_field_m"])
            let deviceDistance = field ?? n(device?["distance_m"]), distance = n(pacer["distance_m"])!
            let naive = try ReplayHarness.naiveDistance(nmea: nmea)
            let error = deviceDistance.map { String(format: "%+.2f%%", (distance - $0) / $0 * 100) } ?? "-"
            print("REAL | \(file) | \(ReplayHarness.fixed(n(device?["distance_m"]))) | \(ReplayHarness.fixed(field)) | \(ReplayHarness.fixed(naive)) | \(ReplayHarness.fixed(distance)) | \(error)"
                + " | \(ReplayHarness.fixed(n(device?["timer_s"]))) | \(ReplayHarness.fixed(n(pacer["moving_s"]))) | \(ReplayHarness.fixed(n(pacer["elapsed_s"])))")
            // Issue 3: within 2 % of the device's total. The fenix 5 samples (under a minute, 68-460 m)
            // disagree with themselves: the FIT speed field, which the converter gives as the receiver's
            // speed over ground, integrates to 2.8 % (run: 0 m/s for the first 3 s while the distance
            // field grows 7 m) and 3.3 % (walk) less than the FIT distance field. Pacer integrates the
            // speed, as it should with a real receiver's Doppler, so where the recording contradicts itself
            // by more than the 2 % target it is held to the speed integral (within 1 %) and to 4 %.
            guard let deviceDistance else { continue }
            let speedIntegral = try ReplayHarness.speedIntegral(nmea: nmea)
            let selfContradiction = (speedIntegral - deviceDistance) / deviceDistance
            print("REAL | \(file) | speed field integrated \(ReplayHarness.fixed(speedIntegral)) m"
                + String(format: " (%+.2f%% vs distance reference)", selfContradiction * 100))
            if abs(selfContradiction) <= 0.02 {
                XCTAssertEqual(distance, deviceDistance, accuracy: deviceDistance * 0.02, file)
                checked += 1
            } else {
                XCTAssertEqual(distance, speedIntegral, accuracy: speedIntegral * 0.01, file)
                XCTAssertEqual(distance, deviceDistance, accuracy: deviceDistance * 0.04, file)
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 3)
    }
}
