import XCTest
@testable import PacerCore

/// The power meter row of the sensor table: its decoder (every flag of 0x2A63), its metric
/// (average over recording time with zeros, maximum, Coggan normalized power, per lap), and its
/// way through the recorder and the journal's fields with an id.
final class CyclingPowerTests: XCTestCase {
    private func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }

    func testEveryFlagDecodes() throws {
        // Flags 0x1FFF: every optional field, offset compensation set; hand-assembled in spec order.
        var bytes = le16(0x1FFF) + le16(-12 & 0xFFFF)          // power -12 W (sint16)
        bytes += [101]                                          // balance 50.5 %, reference left (bit 1)
        bytes += le16(32 * 25)                                  // accumulated torque 25 N·m, crank based (bit 3)
        bytes += [0x10, 0x27, 0x00, 0x00] + le16(4096)          // wheel 10000 revs at 2 s (1/2048 s)
        bytes += le16(65_535) + le16(1024)                      // crank 65535 revs at 1 s
        bytes += le16(300) + le16(-40 & 0xFFFF)                 // force max 300 N, min -40 N
        bytes += le16(32 * 60) + le16(-(32 * 3) & 0xFFFF)       // torque max 60, min -3 N·m
        bytes += [0x2C, 0x41, 0x0B]                             // angles: max 0x12C = 300°, min 0x0B4 = 180°
        bytes += le16(10) + le16(190) + le16(1234)              // dead spots 10° / 190°, energy 1234 kJ
        let m = try CyclingPowerMeasurement(bytes: bytes)
        XCTAssertEqual(m.instantaneousPower, -12)
        XCTAssertEqual(m.pedalPowerBalancePercent, 50.5)
        XCTAssertTrue(m.balanceReferenceIsLeft)
        XCTAssertEqual(m.accumulatedTorque, 25)
        XCTAssertTrue(m.torqueIsCrankBased)
        XCTAssertEqual(m.wheel?.cumulative, 10_000)
        XCTAssertEqual(m.wheel?.lastEventTime2048, 4096)
        XCTAssertEqual(m.crank?.cumulative, 65_535)
        XCTAssertEqual(m.crank?.lastEventTime1024, 1024)
        XCTAssertEqual(m.extremeForce?.maximum, 300)
        XCTAssertEqual(m.extremeForce?.minimum, -40)
        XCTAssertEqual(m.extremeTorque?.maximum, 60)
        XCTAssertEqual(m.extremeTorque?.minimum, -3)
        XCTAssertEqual(m.extremeAngles?.maximum, 300)
        XCTAssertEqual(m.extremeAngles?.minimum, 180)
        XCTAssertEqual(m.topDeadSpotAngle, 10)
        XCTAssertEqual(m.bottomDeadSpotAngle, 190)
        XCTAssertEqual(m.accumulatedEnergy, 1234)
        XCTAssertTrue(m.offsetCompensation)
        // The minimal notification: flags 0 and the power.
        let plain = try CyclingPowerMeasurement(bytes: [0x00, 0x00, 0xFA, 0x00])
        XCTAssertEqual(plain.instantaneousPower, 250)
        XCTAssertNil(plain.crank)
        XCTAssertEqual(try GATTMeasurement(characteristic: 0x2A63, bytes: [0x00, 0x00, 0xFA, 0x00]), .cyclingPower(plain))
    }

    func testMalformedPayloadsAreRejectedWithAReason() {
        let cases: [([UInt8], String)] = [
            ([], "empty payload"),
            ([0x00], "truncated flags"),
            ([0x00, 0x00, 0xFA], "truncated instantaneous power"),
            ([0x20, 0x00, 0xFA, 0x00, 0x01, 0x00, 0x00], "truncated last crank event time"),
            ([0x00, 0x20, 0xFA, 0x00], "reserved"),
            ([0x00, 0x00, 0xFA, 0x00, 0x01], "unexpected byte"),
            ([0x00, 0x01, 0xFA, 0x00, 0x01], "truncated extreme angles"),
        ]
        for (bytes, reason) in cases {
            XCTAssertThrowsError(try CyclingPowerMeasurement(bytes: bytes), "\(bytes)") { error in
                XCTAssertTrue("\(error)".contains(reason), "\(bytes): \(error)")
            }
        }
    }

    /// Independent reference: the 1 s series, its 30 s rolling means, their 4th-power mean's 4th root.
    private func referenceNP(_ perSecond: [Double]) -> Double {
        var rolling: [Double] = []
        for i in 29..<perSecond.count { rolling.append(perSecond[(i - 29)...i].reduce(0, +) / 30) }
        return pow(rolling.map { pow($0, 4) }.reduce(0, +) / Double(rolling.count), 0.25)
    }

    func testAverageWithZerosMaximumAndNormalizedPower() {
        // 20 min of 1 Hz intervals: 60 s at 320 W, 60 s at 140 W; then the meter goes quiet 30 s.
        var tracker = PowerTracker()
        var series: [Double] = []
        for s in 0..<1200 {
            let w = (s / 60) % 2 == 0 ? 320 : 140
            tracker.accept(watts: w, at: MonotonicInstant(seconds: Double(s)), recording: true)
            series.append(Double(w))
        }
        tracker.advance(to: MonotonicInstant(seconds: 1230), recording: true)
        // The value sent at 1199 s holds 3 s (to 1202 s), then zeros to 1230 s.
        series += [140, 140] + Array(repeating: 0, count: 28)
        XCTAssertEqual(tracker.seconds, 1230, accuracy: 1e-6)
        XCTAssertEqual(tracker.average ?? 0, series.reduce(0, +) / 1230, accuracy: 1e-6)
        XCTAssertEqual(tracker.maximum, 320)
        XCTAssertEqual(tracker.normalized ?? 0, referenceNP(series), accuracy: 0.01)
        XCTAssertGreaterThan(tracker.normalized ?? 0, tracker.average ?? 0, "intervals: NP above the average")
        // Paused time does not count.
        tracker.advance(to: MonotonicInstant(seconds: 1300), recording: false)
        XCTAssertEqual(tracker.seconds, 1230, accuracy: 1e-6)
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
