import Foundation
import XCTest
@testable import PacerCore

/// A ride with a power meter and crank cadence, recorded by the engine from synthetic inputs and
/// written by all four exporters, checked by Garmin's FIT SDK, gpxpy, lxml and the GPX schemas
/// (scripts/check-exports.py), plus the ride-specific fields read back here.
final class BikeExportTests: XCTestCase {
    func testPowerAndCadenceReachEveryExport() throws {
        try JournalTestSupport.requirePython()
        let t0 = UTCTime(year: 2026, month: 3, day: 1, hour: 7, minute: 0, second: 0)!
        func at(_ s: Double) -> MonotonicInstant { MonotonicInstant(seconds: 500 + s) }
        var engine = SessionEngine(activity: .ride)
        var samples: [SessionSample] = []
        let emit: (SessionOutput) -> Void = { if case .sample(let s) = $0 { samples.append(s) } }
        try engine.handle(.start(nil), at: at(0), time: t0, emit: emit)
        let plane = LocalTangentPlane(latitude: 47.3769, longitude: 8.5417)
        for s in 0...240 {
            let t = Double(s)
            // 8 m/s east; 180 W then 260 W after a lap at 120 s; 90 rpm (3 crank revs every 2 s).
            let (lat, lon) = plane.unproject(east: 8 * t, north: 0)
            let fix = GNSSFix(time: UTCTime(millisecondsSinceEpoch: t0.millisecondsSinceEpoch + Int64(s) * 1000), mode: .threeD, latitude: lat, longitude: lon,
                              altitudeMSL: 400, speed: 8, track: 90, hdop: 0.8, satellitesUsed: 10)
            engine.handle(fix: fix, at: at(t), emit: emit)
            if s == 120 { try engine.handle(.lap, at: at(t), time: t0, emit: emit) }
            let watts: Int16 = s < 120 ? 180 : 260
            let revs = UInt16(s * 3 / 2), time = UInt16(truncatingIfNeeded: s * 3 / 2 * 683)
            let p = UInt16(bitPattern: watts)
            let bytes: [UInt8] = [0x20, 0x00, UInt8(p & 0xFF), UInt8(p >> 8), UInt8(revs & 0xFF), UInt8(revs >> 8),
                                  UInt8(time & 0xFF), UInt8(time >> 8)]
            engine.handle(power: try CyclingPowerMeasurement(bytes: bytes), at: at(t + 0.3), emit: emit)
            engine.handle(heartRate: HeartRateReading(beatsPerMinute: 140), at: at(t + 0.5), emit: emit)
        }
        try engine.handle(.stop, at: at(240.5), time: t0, emit: emit)
        let summary = engine.summary()
        XCTAssertEqual(summary.powerMax, 260)
        XCTAssertEqual(try XCTUnwrap(summary.laps.first?.powerMax), 180)
        XCTAssertEqual(try XCTUnwrap(summary.cadenceAverage), 90, accuracy: 1)

        let session = ExportSession(summary: summary, samples: samples)
        let dir = try BuiltBinaries.temporaryDirectory("bike-export")
        defer { try? FileManager.default.removeItem(at: dir) }
        var files: [String] = []
        for (ext, bytes) in [("csv", CSVWriter.write(session)), ("fit", FITWriter.write(session)),
                             ("gpx", GPXWriter.write(session)), ("tcx", TCXWriter.write(session))] {
            let url = dir.appendingPathComponent("ride.\(ext)")
            try Data(bytes).write(to: url)
            files.append(url.path)
        }
        let json = dir.appendingPathComponent("ride.json")
        try Data(summary.json.utf8).write(to: json)
        let check = try runTool(JournalTestSupport.python,
                                [BuiltBinaries.projectRoot.appendingPathComponent("scripts/check-exports.py").path, json.path] + files)
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        for line in ["ok   fit avg_power = summary", "ok   fit max_power = summary", "ok   fit normalized_power = summary",
                     "ok   fit lap 1 avg_power and max_power = summary", "ok   fit avg_cadence = summary rpm",
                     "ok   fit power in records", "ok   tcx Watts per powered sample", "ok   gpx cadence extension per cadenced point",
                     "ok   gpx valid against GPX 1.1 + TrackPointExtension v1 schemas"] {
            XCTAssertTrue(check.stdout.contains(line), "missing '\(line)' in:\n\(check.stdout)")
        }
        XCTAssertFalse(check.stdout.contains("FAIL"), check.stdout)
        let tcx = try String(contentsOfFile: files[3], encoding: .utf8)
        XCTAssertTrue(tcx.contains("<ns3:AvgWatts>180</ns3:AvgWatts><ns3:MaxWatts>180</ns3:MaxWatts>"), tcx.prefix(3000).description)
    }
}
