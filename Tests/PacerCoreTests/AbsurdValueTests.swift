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

    func testStatisticsTakeEveryRecordableStartAndTheIndexRefusesOthers() throws {
        func index(starts: [Int64]) -> [UInt8] {
            var builder = HistoryIndex.Builder()
            for (k, start) in starts.enumerated() {
                let summary = SessionSummary(activity: .run, start: UTCTime(millisecondsSinceEpoch: start), elapsedSeconds: 60, distanceMeters: 100)
                builder.add(HistoryIndex.Entry(summary: summary, id: UInt64(k + 1), segment: 1, offset: UInt64(100 * k), bestEfforts: []))
            }
            return builder.encode(segments: [])
        }
        // Int64.min is the index's mark for "no start": the other three are counted.
        try index(starts: [Int64.min, 0, 86_399_999, JournalFormat.recordedTimes.upperBound]).withUnsafeBytes { raw in
            let index = try XCTUnwrap(HistoryIndexReader(raw))
            for period in [HistoryStatistics.Period.week, .month, .year] {
                let buckets = HistoryStatistics.aggregate(index, by: period)
                XCTAssertEqual(buckets.reduce(0) { $0 + $1.sessions }, 3, "\(period)")
            }
        }
        // Starts statistics once trapped on (before 1970, near Int64's ends): the index is not used.
        for start in [Int64.min + 1, -86_400_001, -1, Int64.max] {
            XCTAssertNil(index(starts: [0, start]).withUnsafeBytes { HistoryIndexReader($0) }, "\(start)")
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

    /// A summary decoded from `bytes` (format 3), or the error its reader threw.
    func decodedSummary(_ bytes: [UInt8]) -> Result<SessionSummary, Error> {
        bytes.withUnsafeBytes { raw in
            var r = ByteReader(raw)
            return Result { try SessionSummaryCodec.decode(&r) }
        }
    }

    func testASummaryTimeOutsideTheRecordableYearsIsLeftOutAndReadAsDamage() throws {
        for ms: Int64 in [.min, -1, 253_402_300_800_000, .max] {
            var summary = SessionSummary(activity: .run, start: t0, end: UTCTime(millisecondsSinceEpoch: ms), elapsedSeconds: 60)
            summary.laps = [SegmentSummary(index: 1, start: UTCTime(millisecondsSinceEpoch: ms))]
            var w = ByteWriter(capacity: 256)
            SessionSummaryCodec.encode(summary, into: &w)
            let read = try decodedSummary(w.bytes).get()
            XCTAssertEqual(read.start, t0)
            XCTAssertNil(read.end, "\(ms): left out, as the reader would refuse it")
            XCTAssertNil(read.laps.first?.start, "\(ms)")
            // The same value written by hand (another tool, an older bug) is damage.
            var crafted = ByteWriter(capacity: 64)
            crafted.u8(SessionSummaryCodec.version); crafted.u8(SessionSummaryCodec.activityCode(.run))
            crafted.varint(1); crafted.varint(4); crafted.zigzag(ms)
            XCTAssertThrowsError(try decodedSummary(crafted.bytes).get(), "end \(ms)")
        }
    }

    func testASummaryFigureThatIsNoNumberIsLeftOutAndReadAsDamage() throws {
        for v in [Double.nan, .infinity, -.infinity] {
            var summary = SessionSummary(activity: .ride, start: t0, elapsedSeconds: v, distanceMeters: 1000)
            summary.heartRateZoneSeconds = [10, v, 3]
            var w = ByteWriter(capacity: 256)
            SessionSummaryCodec.encode(summary, into: &w)
            let read = try decodedSummary(w.bytes).get()
            XCTAssertEqual(read.distanceMeters, 1000)
            XCTAssertEqual(read.elapsedSeconds, 0, "\(v) is left out, read as none")
            XCTAssertNil(read.heartRateZoneSeconds, "\(v)")
            var crafted = ByteWriter(capacity: 64)
            crafted.u8(SessionSummaryCodec.version); crafted.u8(SessionSummaryCodec.activityCode(.ride))
            crafted.varint(1); crafted.varint(9); crafted.f64(v)
            XCTAssertThrowsError(try decodedSummary(crafted.bytes).get(), "distance \(v)")
        }
    }

    func testASampleTimeOutsideTheRecordableYearsIsDamage() throws {
        for ms: Int64 in [-1_000, 253_402_300_800_000, .max] {
            var codec = JournalSampleCodec(sessionStart: t0)
            var w = ByteWriter(capacity: 64)
            codec.encode(SessionSample(time: t0, distanceMeters: 0), into: &w)
            codec.encode(SessionSample(time: UTCTime(millisecondsSinceEpoch: ms), distanceMeters: 1), into: &w)
            try w.bytes.withUnsafeBytes { raw in
                var r = ByteReader(raw)
                var reader = JournalSampleCodec(sessionStart: t0)
                XCTAssertEqual(try reader.decode(&r).time, t0)
                XCTAssertThrowsError(try reader.decode(&r), "\(ms)")
            }
        }
    }

    func testAnIndexRowWithAnIdOrStartNoJournalHoldsIsNotUsed() throws {
        let summary = SessionSummary(activity: .run, start: t0, elapsedSeconds: 60, distanceMeters: 200)
        func index(id: UInt64, start: Int64?) -> [UInt8] {
            var s = summary
            s.start = start.map { UTCTime(millisecondsSinceEpoch: $0) }
            let entry = HistoryIndex.Entry(summary: s, id: id, segment: 1, offset: 16, bestEfforts: [nil, nil, nil, nil, nil])
            return HistoryIndex.encode(segments: [], entries: [entry])
        }
        XCTAssertNotNil(index(id: 7, start: t0.millisecondsSinceEpoch).withUnsafeBytes { HistoryIndexReader($0) })
        XCTAssertNotNil(index(id: 7, start: nil).withUnsafeBytes { HistoryIndexReader($0) })
        for (id, start) in [(UInt64(0), t0.millisecondsSinceEpoch), (1 << 53, t0.millisecondsSinceEpoch), (.max, t0.millisecondsSinceEpoch),
                            (7, -1), (7, 253_402_300_800_000), (7, .max)] {
            XCTAssertNil(index(id: id, start: start).withUnsafeBytes { HistoryIndexReader($0) }, "id \(id), start \(start)")
        }
    }
}
