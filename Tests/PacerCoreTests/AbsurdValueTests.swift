import XCTest
@testable import PacerCore

/// Values a CRC-valid journal can still carry (a bug of an older version, a restored backup, a
/// crafted file): each place below trapped on one of them. Every test here crashed the test
/// process before its fix; now each value is written whole, shown as a dash, or left out.
final class AbsurdValueTests: XCTestCase {
    let t0 = UTCTime(millisecondsSinceEpoch: 1_772_348_400_000)   // 2026-03-01T07:00:00Z

    func testEveryRepresentableTimeIsWrittenWhole() {
        XCTAssertEqual(t0.rfc3339, "2026-03-01T07:00:00.000Z")
        // Java's and ISO 8601's expanded years: a sign and at least six digits, never a year cut to four.
        XCTAssertEqual(UTCTime(millisecondsSinceEpoch: .max).rfc3339, "+292278994-08-17T07:12:55.807Z")
        XCTAssertEqual(UTCTime(millisecondsSinceEpoch: .min).rfc3339, "-292275055-05-16T16:47:04.192Z")
        XCTAssertEqual(UTCTime(millisecondsSinceEpoch: -62_167_219_200_000).rfc3339, "0000-01-01T00:00:00.000Z")
        XCTAssertEqual(UTCTime(millisecondsSinceEpoch: -62_167_219_200_001).rfc3339, "-000001-12-31T23:59:59.999Z")
        XCTAssertEqual(UTCTime(millisecondsSinceEpoch: 253_402_300_800_000).rfc3339, "+010000-01-01T00:00:00.000Z")
        var w = JSONWriter()
        w.cursorValue(atMost: 64) { c in c.day(Int.max); c.raw(" "); c.day(Int.min); c.raw(" "); c.day(20_513) }
        // Days beyond Int64's milliseconds are held at its limits, whole days of them.
        XCTAssertEqual(String(decoding: w.bytes, as: UTF8.self), "+292278994-08-17 -292275055-05-17 2026-03-01")
    }

    func testANumberPastInt64IsADash() {
        XCTAssertEqual(UnitSystem.fixed(1e308, 2), "-")
        XCTAssertEqual(UnitSystem.fixed(-1e19, 0), "-")
        XCTAssertEqual(UnitSystem.fixed(12.345, 2), "12.35")
    }

    func testALapOfNaNInfiniteOrHugeLengthEndsWithTheSession() {
        for elapsed in [Double.nan, .infinity, -.infinity, 1e300, -1e300] {
            var summary = SessionSummary(activity: .run, start: t0, end: UTCTime(millisecondsSinceEpoch: t0.millisecondsSinceEpoch + 60_000),
                                         elapsedSeconds: 60)
            summary.laps = [SegmentSummary(index: 1, start: t0, elapsedSeconds: elapsed)]
            let session = ExportSession(summary: summary, samples: [SessionSample(time: t0)])
            XCTAssertEqual(session.laps.first?.endTime, summary.end, "\(elapsed)")
            XCTAssertFalse(TCXWriter.write(session).isEmpty)
            XCTAssertFalse(FITWriter.write(session).isEmpty)
        }
        XCTAssertNil(t0.adding(seconds: .nan))
        XCTAssertNil(UTCTime(millisecondsSinceEpoch: .max - 10).adding(seconds: 1))
        XCTAssertEqual(t0.adding(seconds: 1.5)?.millisecondsSinceEpoch, t0.millisecondsSinceEpoch + 1500)
    }

    func testAPowerAverageThatIsNoNumberIsLeftOutOfTCX() {
        for watts in [Double.nan, .infinity, 1e300] {
            var summary = SessionSummary(activity: .ride, start: t0, end: t0, elapsedSeconds: 0)
            summary.powerAverage = watts
            summary.powerMax = 300
            let tcx = String(decoding: TCXWriter.write(ExportSession(summary: summary, samples: [])), as: UTF8.self)
            XCTAssertFalse(tcx.contains("AvgWatts"), "\(watts)")
            XCTAssertTrue(tcx.contains("<ns3:MaxWatts>300</ns3:MaxWatts>"))
        }
    }

    func testASetWeighingNoNumberIsKeptAsNoWeight() {
        var log = StrengthLog()
        for weight in [Double.nan, .infinity, -.infinity, 1e308, -5] {
            log.append(StrengthSet(number: 1, time: t0, exercise: "Squat", muscle: nil, weightKilograms: weight, reps: 5), session: 1)
        }
        XCTAssertEqual(log.rows.map(\.grams), [0, 0, 0, 0, 0])
        log.append(StrengthSet(number: 2, time: t0, exercise: "Squat", muscle: nil, weightKilograms: 102.5, reps: 5), session: 1)
        XCTAssertEqual(log.rows.last?.grams, 102_500)
    }

    func testStatisticsTakeStartsAnywhereInInt64() throws {
        var builder = HistoryIndex.Builder()
        // Int64.min is the index's mark for "no start": the other five are counted.
        for (k, start) in [Int64.min, Int64.min + 1, -86_400_001, -1, 0, Int64.max].enumerated() {
            let summary = SessionSummary(activity: .run, start: UTCTime(millisecondsSinceEpoch: start), elapsedSeconds: 60, distanceMeters: 100)
            builder.add(HistoryIndex.Entry(summary: summary, id: UInt64(k + 1), segment: 1, offset: UInt64(100 * k), bestEfforts: []))
        }
        let bytes = builder.encode(segments: [])
        try bytes.withUnsafeBytes { raw in
            let index = try XCTUnwrap(HistoryIndexReader(raw))
            for period in [HistoryStatistics.Period.week, .month, .year] {
                let buckets = HistoryStatistics.aggregate(index, by: period)
                XCTAssertEqual(buckets.reduce(0) { $0 + $1.sessions }, 5, "\(period)")
            }
        }
    }

    // The `extremes` fuzz target's first finds (fuzz/JournalExtremes.swift), each a trap before.

    func testTheSummaryTextShowsAbsurdNumbersAsDashes() {
        var summary = SessionSummary(activity: .run, start: t0, elapsedSeconds: -5, distanceMeters: 1e300, averageSpeed: .infinity,
                                     heartRateAverage: 1e19, calories: -.infinity)
        summary.laps = [SegmentSummary(index: 1, start: t0, movingSeconds: .nan, distanceMeters: 9.3e18, heartRateAverage: .nan)]
        let text = summary.humanText()
        XCTAssertTrue(text.contains("elapsed     -\n"), text)
        XCTAssertTrue(text.contains("distance    - km\n"), text)
        XCTAssertTrue(text.contains("energy      - kcal\n"), text)
    }

    func testExportsLeaveOutCountsThatAreNoNumbers() {
        var summary = SessionSummary(activity: .ride, start: t0, end: t0, heartRateAverage: .nan, cadenceAverage: .infinity, calories: 1e300)
        summary.laps = [SegmentSummary(index: 1, start: t0, heartRateAverage: .nan, cadenceAverage: -.infinity)]
        let samples = [SessionSample(time: t0, cadence: .nan), SessionSample(time: t0, cadence: 1e300)]
        let session = ExportSession(summary: summary, samples: samples)
        let tcx = String(decoding: TCXWriter.write(session), as: UTF8.self)
        XCTAssertFalse(tcx.contains("AverageHeartRateBpm"))
        XCTAssertTrue(tcx.contains("<Calories>0</Calories>"), tcx)
        XCTAssertFalse(tcx.contains("<Cadence>"), tcx)
        let gpx = String(decoding: GPXWriter.write(session), as: UTF8.self)
        XCTAssertFalse(gpx.contains("<gpxtpx:cad>"), gpx)
    }

    func testStatisticsLeaveOutStepCountsNoSessionReaches() throws {
        var builder = HistoryIndex.Builder()
        for (k, steps) in [Int.max, Int.max, 1200, -5].enumerated() {
            let summary = SessionSummary(activity: .walk, start: t0, elapsedSeconds: 60, steps: steps)
            builder.add(HistoryIndex.Entry(summary: summary, id: UInt64(k + 1), segment: 1, offset: UInt64(100 * k), bestEfforts: []))
        }
        try builder.encode(segments: []).withUnsafeBytes { raw in
            let buckets = HistoryStatistics.aggregate(try XCTUnwrap(HistoryIndexReader(raw)), by: .week)
            XCTAssertEqual(buckets.map(\.steps), [1200])
        }
    }
}
