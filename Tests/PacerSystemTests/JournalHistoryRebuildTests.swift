import Foundation
import XCTest
@testable import PacerCore
@testable import PacerSystem

/// A rebuild of the history index walks samples as tracks (times and distances) and reads a
/// session that never got its sessionEnd again with its samples: its rows must be the ones a
/// whole decode of every sample gives, best efforts and the interrupted session's summary too.
final class JournalHistoryRebuildTests: XCTestCase {
    var dir = ""
    let t0 = UTCTime(rfc3339: "2026-05-02T06:00:00Z")!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("pacer-rebuild-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    /// 1 Hz samples at a pace that changes every minute, so that the fastest kilometre is not
    /// the first; heart rate with RR, cadence and position as the writer stores them.
    private func samples(from start: UTCTime, count: Int, seed: Double) -> [SessionSample] {
        var distance = 0.0
        return (0..<count).map { i in
            let speed = 2.6 + 0.8 * abs(sin(seed + Double(i / 60)))
            distance += speed
            return JournalSampleCodec.quantized(SessionSample(
                time: UTCTime(millisecondsSinceEpoch: start.millisecondsSinceEpoch + Int64(i) * 1000),
                latitude: 48.1 + distance * 9e-6, longitude: 11.5, altitudeMSL: 520 + Double(i % 40) * 0.5, speed: speed,
                distanceMeters: distance, heartRate: 130 + i % 30, rrIntervals: [UInt16(430 + i % 30)], cadence: 170, steps: 3 * i))
        }
    }

    func testTrackedRebuildGivesTheRowsOfAWholeDecode() throws {
        var bytes = JournalFormat.segmentHeader(number: 1)
        for (id, count, ends) in [(UInt64(1), 1500, true), (2, 1300, false), (3, 2200, true)] {
            var encoder = JournalEncoder()   // a writer started again after session 2's crash
            let start = UTCTime(millisecondsSinceEpoch: t0.millisecondsSinceEpoch + Int64(id) * 86_400_000)
            let track = samples(from: start, count: count, seed: Double(id))
            encoder.start(id: id, activity: .run, start: start, config: "", into: &bytes)
            for (i, s) in track.enumerated() {
                encoder.append(sample: s)
                if i % 5 == 4 { encoder.flushSamples(into: &bytes) }
            }
            encoder.flushSamples(into: &bytes)
            guard ends else { continue }   // session 2 is left open: session 3's start closes it
            let summary = SessionSummary(activity: .run, start: start, end: track.last!.time, elapsedSeconds: Double(count),
                                         movingSeconds: Double(count), distanceMeters: track.last!.distanceMeters)
            encoder.end(summary: summary, into: &bytes)
        }
        try Data(bytes).write(to: URL(fileURLWithPath: JournalDirectory(path: dir).segmentPath(1)))

        // What a whole decode gives: every session with its samples, folded as before.
        var whole = JournalAssembler(keepsEndedSummaries: false)
        var expected = HistoryIndex.Builder()
        bytes.withUnsafeBytes { raw in
            _ = JournalScanner.scan(raw, skipped: { _ in whole.skipped() }) { type, payload, offset in
                if let done = whole.consumeOrSkip(type: type, payload: payload, segment: 1, offset: offset) { _ = expected.fold(done) }
                return true
            }
        }
        let history = try JournalHistory(directory: dir)
        XCTAssertTrue(history.rebuilt)
        XCTAssertEqual(history.index.count, 3)
        let saved = try Data(contentsOf: URL(fileURLWithPath: dir + "/index.pjx"))
        XCTAssertEqual(Array(saved), expected.encode(segments: [.init(number: 1, size: UInt64(bytes.count),
                                                                                tail: Array(bytes.suffix(64)).withUnsafeBytes { HistoryIndex.SegmentSize.tail(of: $0) })]),
                       "the saved index is the one a whole decode builds, byte for byte")
        // The figures themselves: a 1 km best from every session, and session 2's summary
        // summarized from its samples (the whole decode above and the rebuild agree on it).
        XCTAssertEqual(history.index.row(1).bestEfforts.prefix(2).map { $0 != nil }, [true, false])
        let interrupted = try XCTUnwrap(history.index.summary(1))
        XCTAssertTrue(interrupted.interrupted)
        XCTAssertEqual(interrupted.distanceMeters, samples(from: UTCTime(millisecondsSinceEpoch: t0.millisecondsSinceEpoch + 2 * 86_400_000),
                                                           count: 1300, seed: 2).last!.distanceMeters, accuracy: 0.005)
        XCTAssertEqual(interrupted.heartRateMax, 159)
        XCTAssertEqual(try XCTUnwrap(history.index.summary(2)).interrupted, false)
    }
}
