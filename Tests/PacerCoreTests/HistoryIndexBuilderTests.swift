import XCTest
@testable import PacerCore

/// The streaming index builder against `encode(segments:entries:)` over the same rows, and the
/// assembler that feeds it without keeping ended sessions' summaries.
final class HistoryIndexBuilderTests: XCTestCase {
    let t0: Int64 = 1_772_348_400_000   // 2026-03-01T07:00:00Z

    func summary(_ k: Int, laps: Int) -> SessionSummary {
        let start = UTCTime(millisecondsSinceEpoch: t0 + Int64(k) * 86_400_000)
        var s = SessionSummary(activity: k % 2 == 0 ? .run : .ride, start: start,
                               end: UTCTime(millisecondsSinceEpoch: start.millisecondsSinceEpoch + 1_800_000))
        s.elapsedSeconds = 1800 + Double(k)
        s.movingSeconds = 1700 + Double(k)
        s.distanceMeters = 5000 + 10 * Double(k)
        s.calories = k == 2 ? nil : 300 + Double(k)
        s.trimp = 40 + Double(k)
        for i in 0..<laps {
            var lap = SegmentSummary(index: i + 1, movingSeconds: 300 + Double(k), distanceMeters: 1000)
            lap.heartRateAverage = 150
            s.laps.append(lap)
        }
        return s
    }

    func entry(_ k: Int, laps: Int = 3) -> HistoryIndex.Entry {
        HistoryIndex.Entry(summary: summary(k, laps: laps), id: UInt64(k), segment: 1, offset: UInt64(100 * k),
                           bestEfforts: k == 3 ? [] : [240 + Double(k), nil, 1300])
    }

    let sizes = [HistoryIndex.SegmentSize(number: 1, size: 99_999)]

    func testASupersededSummaryAndDeletedRowsLeaveTheBytesOfAFreshEncode() {
        var builder = HistoryIndex.Builder()
        for k in 1...5 { builder.add(entry(k)) }
        var later = summary(2, laps: 7)
        later.elapsedSeconds = 4000
        XCTAssertTrue(builder.supersede(id: 2, with: later))
        XCTAssertFalse(builder.supersede(id: 42, with: later), "no row has that id")
        builder.remove([1, 4])
        XCTAssertEqual(builder.count, 3)

        var expected = [entry(2), entry(3), entry(5)]
        expected[0].summary = later   // the row keeps its id, place, offset and best efforts
        let bytes = builder.encode(segments: sizes)
        XCTAssertEqual(bytes, HistoryIndex.encode(segments: sizes, entries: expected))

        // The reader reads `bytes` in place: every use stays inside the closure that lends them.
        bytes.withUnsafeBytes { raw in
            let reader = HistoryIndexReader(raw)
            XCTAssertEqual(reader?.count, 3)
            XCTAssertEqual(reader?.hasSummaries, true)
            XCTAssertEqual(reader?.summary(0)?.elapsedSeconds, 4000)
            XCTAssertEqual(reader?.summary(0)?.laps.count, 7)
            XCTAssertEqual(reader?.row(0).offset, 200)
            XCTAssertEqual(reader?.summary(2)?.distanceMeters, 5050)
        }
    }

    /// What a scan hands over: a new session adds a row, a continuation with its own end
    /// supersedes its row's summary, one without leaves it, and one with no row here says so.
    func testFoldingScannedSessions() {
        func session(_ k: Int, continuation: Bool, summary: SessionSummary?) -> JournalSession {
            var s = JournalSession(id: UInt64(k), activity: .run, start: self.summary(k, laps: 0).start!, config: "",
                                   segment: 1, offset: 100 * k, hasSamples: false)
            (s.isContinuation, s.summary) = (continuation, summary)
            return s
        }
        var later = summary(1, laps: 4)
        later.elapsedSeconds = 5000
        var folded = HistoryIndex.Builder()
        XCTAssertTrue(folded.fold(session(1, continuation: false, summary: summary(1, laps: 3))))
        XCTAssertTrue(folded.fold(session(1, continuation: true, summary: nil)), "broke off: the earlier summary stands")
        XCTAssertEqual(folded.encode(segments: sizes), HistoryIndex.encode(segments: sizes, entries: [
            HistoryIndex.Entry(summary: summary(1, laps: 3), id: 1, segment: 1, offset: 100, bestEfforts: [])]))
        XCTAssertTrue(folded.fold(session(1, continuation: true, summary: later)))
        XCTAssertFalse(folded.fold(session(9, continuation: true, summary: later)), "no row for session 9")
        XCTAssertFalse(folded.fold(session(9, continuation: true, summary: nil)))
        XCTAssertEqual(folded.count, 1)
        XCTAssertEqual(folded.encode(segments: sizes), HistoryIndex.encode(segments: sizes, entries: [
            HistoryIndex.Entry(summary: later, id: 1, segment: 1, offset: 100, bestEfforts: [])]))
    }

    func testAnEmptyBuilderEncodesAnEmptyIndex() {
        let bytes = HistoryIndex.Builder().encode(segments: sizes)
        XCTAssertEqual(bytes, HistoryIndex.encode(segments: sizes, entries: []))
        XCTAssertEqual(bytes.withUnsafeBytes { HistoryIndexReader($0)?.count }, 0)
    }

    /// An ended session reopened and cut off before its own end (a torn offline append, then a
    /// later segment): with summaries kept it comes back with the earlier one, without it comes
    /// back with none, and a continuation that does end carries its new summary either way.
    func testAContinuationThatBreaksOffComesBackWithoutASummaryWhenEndedOnesAreNotKept() throws {
        let first = summary(1, laps: 2), second = summary(1, laps: 5)
        let start = first.start!
        var torn = JournalFormat.segmentHeader(number: 1)
        JournalRecord.sessionStart(id: 7, activity: .run, start: start, config: "max_hr=190").appendFrame(to: &torn)
        JournalRecord.sessionEnd(id: 7, summary: first).appendFrame(to: &torn)
        JournalRecord.reopened(id: 7, time: first.end!).appendFrame(to: &torn)
        var ended = torn
        JournalRecord.sessionEnd(id: 7, summary: second).appendFrame(to: &ended)

        func continuation(_ bytes: [UInt8], keeps: Bool) throws -> JournalSession? {
            var assembler = JournalAssembler(keepsEndedSummaries: keeps)
            var done: [JournalSession] = []
            try bytes.withUnsafeBytes { raw in
                var failure: (any Error)?
                _ = JournalScanner.scan(raw) { type, payload, offset in
                    do { if let s = try assembler.consume(type: type, payload: payload, segment: 1, offset: offset) { done.append(s) } }
                    catch { failure = error; return false }
                    return true
                }
                if let failure { throw failure }
            }
            if let s = assembler.endOfSegment(isLast: false) { done.append(s) }
            XCTAssertEqual(done.map(\.id), [7, 7])
            XCTAssertEqual(done.first?.summary?.laps.count, 2, "the first end always carries its summary")
            XCTAssertEqual(done.last?.isContinuation, true)
            return done.last
        }
        XCTAssertEqual(try continuation(torn, keeps: true)?.summary?.laps.count, 2)
        XCTAssertNil(try continuation(torn, keeps: false)?.summary)
        XCTAssertEqual(try continuation(ended, keeps: true)?.summary?.laps.count, 5)
        XCTAssertEqual(try continuation(ended, keeps: false)?.summary?.laps.count, 5)
        XCTAssertEqual(try continuation(ended, keeps: false)?.config, "max_hr=190")
    }
}
