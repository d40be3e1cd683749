import XCTest
@testable import PacerCore

/// Damage that is not a torn tail, at random: bursts of random bytes or zeros, one to three of
/// them, anywhere in a segment of six sessions. A session none of them touches reads exactly as
/// written (samples and summary), whatever happened before or after it; nothing traps.
final class JournalDamageTests: XCTestCase {
    let t0 = UTCTime(rfc3339: "2026-03-01T07:00:00Z")!

    func testRandomDamageCostsOnlyTheSessionsItTouches() {
        for version in JournalFormatTests.layouts {
            var f = JournalFixture(version: version)
            for id in 1...6 {
                let start = UTCTime(millisecondsSinceEpoch: t0.millisecondsSinceEpoch + Int64(id) * 86_400_000)
                f.addSession(id: UInt64(id), start: start, sampleCount: 8 + id * 3)
            }
            let whole = JournalFormatTests.finishedSessions(f.bytes).sessions
            XCTAssertEqual(whole.map(\.id), [1, 2, 3, 4, 5, 6])
            var rng: UInt64 = 0x9E37_79B9_7F4A_7C15 &+ UInt64(version)
            func next(_ n: Int) -> Int {
                rng = rng &* 6364136223846793005 &+ 1442695040888963407
                return Int((rng >> 33) % UInt64(n))
            }
            var sessionsKept = 0, sessionsUntouched = 0
            for trial in 0..<2000 {
                var damaged = f.bytes
                var hits: [Range<Int>] = []
                for _ in 0...next(3) {
                    let at = JournalFormat.segmentHeaderSize + next(f.bytes.count - JournalFormat.segmentHeaderSize)
                    let range = at..<min(f.bytes.count, at + 1 + next(next(2) == 0 ? 8 : 200))
                    let zeros = next(4) == 0
                    for i in range { damaged[i] = zeros ? 0 : UInt8(truncatingIfNeeded: next(256)) }
                    hits.append(range)
                }
                let (sessions, result, _) = JournalFormatTests.finishedSessions(damaged)
                checkTracks(damaged, against: sessions, "v\(version) trial \(trial) damage \(hits)")
                XCTAssertLessThanOrEqual(result.validEnd, damaged.count)
                XCTAssertLessThanOrEqual(result.skippedBytes, damaged.count)
                for (i, expected) in f.finished.enumerated() {
                    let begins = i == 0 ? JournalFormat.segmentHeaderSize : f.finished[i - 1].end
                    guard !hits.contains(where: { $0.overlaps(begins..<expected.end) }) else { continue }
                    sessionsUntouched += 1
                    let got = sessions.first { $0.id == expected.id }
                    XCTAssertEqual(got?.samples, whole[i].samples, "v\(version) trial \(trial) session \(expected.id) damage \(hits)")
                    XCTAssertEqual(got?.summary, whole[i].summary, "v\(version) trial \(trial) session \(expected.id) damage \(hits)")
                    if got != nil { sessionsKept += 1 }
                }
            }
            XCTAssertEqual(sessionsKept, sessionsUntouched)
            XCTAssertGreaterThan(sessionsUntouched, 1000, "most trials leave most sessions untouched")
        }
    }

    /// The history index's scan (samples walked as tracks) reads the same sessions out of the
    /// same damage as a whole decode: the same summaries, and each sample's time and distance;
    /// only a session the whole decode summarized from its samples comes back without a summary
    /// (its reader reads it again).
    private func checkTracks(_ bytes: [UInt8], against whole: [JournalSession], _ context: String) {
        var assembler = JournalAssembler(wantSamples: { _ in false }, tracks: true)
        var tracked: [JournalSession] = []
        bytes.withUnsafeBytes { raw in
            _ = JournalScanner.scan(raw, skipped: { _ in assembler.skipped() }) { type, payload, offset in
                if let s = assembler.consumeOrSkip(type: type, payload: payload, segment: 1, offset: offset) { tracked.append(s) }
                return true
            }
        }
        XCTAssertEqual(tracked.map(\.id), whole.map(\.id), context)
        for (t, w) in zip(tracked, whole) {
            XCTAssertFalse(t.hasSamples, context)
            if t.summary == nil { XCTAssertEqual(w.summary?.interrupted, true, context) } else { XCTAssertEqual(t.summary, w.summary, context) }
            XCTAssertEqual(t.track.times, w.samples.map(\.time.secondsSinceEpoch), context)
            XCTAssertEqual(t.track.distances, w.samples.map(\.distanceMeters), context)
        }
    }

    /// A copy of session 1's start and samples (every CRC valid) between sessions 2 and 3, as a
    /// file system that duplicated a block leaves it: it listed a second, interrupted session 1,
    /// counted in the totals, and `delete 1` removed both. A start of an id seen before is passed.
    func testADuplicatedBlockOfFramesIsNotASecondSession() {
        for version in JournalFormatTests.layouts {
            var f = JournalFixture(version: version)
            for id in 1...3 {
                f.addSession(id: UInt64(id), start: UTCTime(millisecondsSinceEpoch: t0.millisecondsSinceEpoch + Int64(id) * 86_400_000),
                             sampleCount: 12)
            }
            let whole = JournalFormatTests.finishedSessions(f.bytes).sessions
            let endFrame = f.frameEnds.firstIndex(of: f.finished[0].end)!
            let copy = f.bytes[JournalFormat.segmentHeaderSize..<f.frameEnds[endFrame - 1]]
            for at in [f.finished[1].end, f.bytes.count] {
                var damaged = f.bytes
                damaged.insert(contentsOf: copy, at: at)
                let (sessions, result, open) = JournalFormatTests.finishedSessions(damaged)
                XCTAssertEqual(sessions.map(\.id), [1, 2, 3], "v\(version) copy at \(at)")
                XCTAssertEqual(sessions.map(\.samples), whole.map(\.samples), "v\(version) copy at \(at)")
                XCTAssertEqual(sessions.map(\.summary), whole.map(\.summary), "v\(version) copy at \(at)")
                XCTAssertNil(open, "v\(version) copy at \(at)")
                XCTAssertEqual(result.end, .clean)
            }
        }
    }
}
