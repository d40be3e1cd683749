import XCTest
@testable import PacerCore

/// The power meter row of the sensor table end to end in the core: a ride's BLE log through the
/// recorder (replay), into the summary and laps, and back out of the journal's fields with an id
/// (format 2). The decoder and the metric have their own tests (CyclingPowerMeasurementTests,
/// BikeMetricsTests).
final class PowerJournalTests: XCTestCase {
    private func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }

    /// Independent reference: the 1 s series, its 30 s rolling means, their 4th-power mean's 4th root.
    private func referenceNP(_ perSecond: [Double]) -> Double {
        var rolling: [Double] = []
        for i in 29..<perSecond.count { rolling.append(perSecond[(i - 29)...i].reduce(0, +) / 30) }
        return pow(rolling.map { pow($0, 4) }.reduce(0, +) / Double(rolling.count), 0.25)
    }

    /// A ride's BLE log with a power meter through replay: live fields, the summary, laps, the
    /// samples, and all of it back out of the journal's fields with an id.
    func testPowerThroughTheRecorderIntoSummaryLapsAndJournal() throws {
        let start = UTCTime(year: 2026, month: 6, day: 1, hour: 6, minute: 0, second: 0)!
        var log: [BLENotification] = []
        for s in 0..<600 {
            let w = s < 300 ? 200 : 260
            let crankRevs = UInt16(truncatingIfNeeded: s * 3 / 2)      // 90 rpm
            let crankTime = UInt16(truncatingIfNeeded: s * 1024)
            log.append(BLENotification(time: UTCTime(millisecondsSinceEpoch: start.millisecondsSinceEpoch + Int64(s) * 1000 + 200),
                                       characteristic: 0x2A63,
                                       payload: [0x20, 0x00] + le16(w) + le16(Int(crankRevs)) + le16(Int(crankTime))))
        }
        var config = PacerConfig()
        config.recording.autoLapMeters = 0
        var replay = SessionReplay(config: config, activity: .ride, notifications: log)
        var samples: [SessionSample] = []
        let summary = replay.finish { output in
            if case .journal(.sample(let s)) = output { samples.append(s) }
        }
        XCTAssertEqual(summary.powerMax, 260)
        XCTAssertEqual(summary.powerAverage ?? 0, 230, accuracy: 1)
        let perSecond = Array(repeating: 200.0, count: 300) + Array(repeating: 260.0, count: 300)
        XCTAssertEqual(summary.powerNormalized ?? 0, referenceNP(perSecond), accuracy: 1)
        XCTAssertEqual(summary.cadenceAverage ?? 0, 90, accuracy: 1)
        XCTAssertEqual(samples[100].power, 200)
        XCTAssertEqual(samples[400].power, 260)
        XCTAssertTrue(summary.json.contains("\"power_max_w\":260"), summary.json)
        XCTAssertTrue(summary.json.contains("\"cadence_avg_rpm\":"), summary.json)
        XCTAssertEqual(summary.laps.first?.powerMax, 260)
        XCTAssertEqual(summary.laps.first?.powerAverage ?? 0, 230, accuracy: 1)
        // The journal keeps power in the samples and the summary (format 2 fields with an id).
        var codec = JournalSampleCodec(sessionStart: start)
        var w = ByteWriter()
        for s in samples { codec.encode(s, into: &w) }
        var back = JournalSampleCodec(sessionStart: start)
        let decoded: [SessionSample] = try w.bytes.withUnsafeBytes { raw in
            var r = ByteReader(raw)
            return try samples.map { _ in try back.decode(&r) }
        }
        XCTAssertEqual(decoded.map(\.power), samples.map(\.power))
        var sw = ByteWriter()
        SessionSummaryCodec.encode(summary, into: &sw)
        let again = try sw.bytes.withUnsafeBytes { raw -> SessionSummary in
            var r = ByteReader(raw)
            return try SessionSummaryCodec.decode(&r)
        }
        XCTAssertEqual(again.powerAverage, summary.powerAverage)
        XCTAssertEqual(again.powerMax, 260)
        XCTAssertEqual(again.powerNormalized, summary.powerNormalized)
        XCTAssertEqual(again.laps.first?.powerMax, 260)
    }
}
