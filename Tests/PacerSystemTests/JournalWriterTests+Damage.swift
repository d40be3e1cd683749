import Foundation
import XCTest
import PacerCore
@testable import PacerSystem

/// Damage that verified frames follow (a flipped bit on the card, not a crash's torn tail) on
/// real files: opening the journal cuts nothing after it, the writer goes on, and history,
/// `session(id:)` and a resume see every session but the damaged part of the one it hit.
extension JournalWriterTests {
    /// Where each samples frame of session `id` starts in the segment, and how many of its
    /// samples come before that frame (from a scan of the intact file).
    func samplesFrames(of id: UInt64) throws -> [(offset: Int, samplesBefore: Int)] {
        var assembler = JournalAssembler()
        var frames: [(Int, Int)] = []
        _ = try JournalFile(path: segmentPath(), writable: false).scanSegment { type, payload, offset in
            if type.holdsSamples, assembler.open?.id == id { frames.append((offset, assembler.open!.samples.count)) }
            do { _ = try assembler.consume(type: type, payload: payload, segment: 1, offset: offset) } catch { return false }
            return true
        }
        return frames
    }

    func flipBit(at offset: Int) throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: segmentPath())))
        bytes[offset] ^= 0x10
        try Data(bytes).write(to: URL(fileURLWithPath: segmentPath()))
    }

    func testAFlipInAnEarlierSessionCutsNothingAfterIt() throws {
        let starts = [0, 1000, 2000].map { UTCTime(millisecondsSinceEpoch: t0.millisecondsSinceEpoch + Int64($0) * 1000) }
        func sample(_ session: Int, _ i: Int) -> SessionSample {
            var s = self.sample(i)
            s.time = UTCTime(millisecondsSinceEpoch: starts[session].millisecondsSinceEpoch + Int64(i) * 1000)
            return s
        }
        do {
            let w = try JournalWriter(directory: dir)
            for k in 0..<3 {
                try w.beginSession(activity: .run, start: starts[k])
                for i in 0..<40 { w.append(sample: sample(k, i)) }
                var s = summary(40)
                s.start = starts[k]
                try w.endSession(summary: s)
            }
        }
        let before = try XCTUnwrap(try JournalHistory(directory: dir).session(id: 3))
        let frames = try samplesFrames(of: 1)
        XCTAssertGreaterThan(frames.count, 20)
        try flipBit(at: frames[20].offset + 2)
        try? FileManager.default.removeItem(atPath: dir + "/index.pjx")
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: segmentPath())[.size] as? Int)

        do {
            let w = try JournalWriter(directory: dir)
            XCTAssertEqual(w.recovery.truncatedBytes, 0)
            XCTAssertEqual(w.recovery.scanEnd, .clean)
            XCTAssertEqual(w.recovery.damagedRegions, 1)
            XCTAssertEqual(w.recovery.damagedBytes, frames[21].offset - frames[20].offset)
            XCTAssertNil(w.recovery.openSessionID)
            XCTAssertEqual(try XCTUnwrap(FileManager.default.attributesOfItem(atPath: segmentPath())[.size] as? Int), size)
            XCTAssertEqual(try w.beginSession(activity: .walk, start: sample(0, 5000).time), "4", "ids after the damage are not handed out again")
            try w.endSession(summary: summary(1))
        }

        let history = try JournalHistory(directory: dir)
        XCTAssertEqual((0..<history.index.count).map { history.index.id($0) }, [1, 2, 3, 4])
        XCTAssertEqual(history.damagedRegions, 1, "the rebuild says what it passed")
        XCTAssertEqual(history.damagedBytes, frames[21].offset - frames[20].offset)
        let damaged = try XCTUnwrap(try history.session(id: 1))
        XCTAssertEqual(damaged.summary?.distanceMeters, summary(40).distanceMeters, "its sessionEnd is whole")
        let kept = frames[20].samplesBefore
        XCTAssertEqual(damaged.samples.count, kept, "the samples before the damaged frame; the later ones were deltas from it")
        XCTAssertEqual(damaged.samples, (0..<kept).map { JournalSampleCodec.quantized(sample(0, $0)) })
        let third = try XCTUnwrap(try history.session(id: 3))
        XCTAssertEqual(third.samples, before.samples)
        XCTAssertEqual(third.summary, before.summary)

        // One more session: the index is brought up to date from its tail, to the bytes a full
        // rebuild over the damage writes.
        do {
            let w = try JournalWriter(directory: dir)
            try w.beginSession(activity: .walk, start: sample(0, 6000).time)
            try w.endSession(summary: summary(1))
        }
        let journal = JournalDirectory(path: dir)
        XCTAssertNotNil(try JournalHistory.appendedEntries(directory: journal, segments: journal.segments()), "the tail alone was scanned")
        _ = try JournalHistory(directory: dir)
        let updated = try Data(contentsOf: URL(fileURLWithPath: dir + "/index.pjx"))
        try FileManager.default.removeItem(atPath: dir + "/index.pjx")
        XCTAssertTrue(try JournalHistory(directory: dir).rebuilt)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: dir + "/index.pjx")), updated)
    }

    /// A session a crash left open, with damage among its samples: its codec is lost there, so
    /// it is closed as interrupted from the samples before (never resumed with deltas from a
    /// lost sample), and nothing of it is cut.
    func testDamageInsideTheOpenSessionClosesItInsteadOfResumingIt() throws {
        do {
            let w = try JournalWriter(directory: dir)
            try w.beginSession(activity: .run, start: t0)
            for i in 0..<30 { w.append(sample: sample(i)) }
            try w.commit()
        }
        let frames = try samplesFrames(of: 1)
        XCTAssertGreaterThan(frames.count, 20)
        try flipBit(at: frames[10].offset + 2)
        var options = JournalWriter.Options()
        options.keepRecoveredSessionOpen = true
        let w = try JournalWriter(directory: dir, options: options)
        XCTAssertEqual(w.recovery.truncatedBytes, 0)
        XCTAssertEqual(w.recovery.damagedRegions, 1)
        XCTAssertEqual(w.recovery.openSessionID, 1)
        XCTAssertTrue(w.recovery.closedAsInterrupted)
        XCTAssertNil(w.recoveredSession)
        XCTAssertThrowsError(try w.resumeRecoveredSession(at: sample(40).time))

        let history = try JournalHistory(directory: dir)
        let session = try XCTUnwrap(try history.session(id: 1))
        XCTAssertEqual(session.summary?.interrupted, true)
        let kept = frames[10].samplesBefore
        XCTAssertGreaterThan(kept, 5)
        XCTAssertEqual(session.samples.count, kept)
        XCTAssertEqual(session.summary?.distanceMeters, JournalSampleCodec.quantized(sample(kept - 1)).distanceMeters)
    }

    /// A frame that verifies but does not decode (damage a CRC-16 missed, or a newer writer's
    /// record): in the middle it is passed like damage and what follows is kept; as the last
    /// frame it is a torn tail's garbage and is cut.
    func testAFrameThatVerifiesButDoesNotDecodeIsPassedInTheMiddleAndCutAtTheEnd() throws {
        do {
            let w = try JournalWriter(directory: dir)
            for k in 0..<2 {
                try w.beginSession(activity: .run, start: sample(k * 100).time)
                for i in 0..<20 { w.append(sample: sample(k * 100 + i)) }
                try w.endSession(summary: summary(20))
            }
            try w.beginSession(activity: .run, start: sample(200).time)
            for i in 0..<20 { w.append(sample: sample(200 + i)) }
            try w.commit()
        }
        let frames = try samplesFrames(of: 1)
        // A samples record whose header byte sets a reserved bit: its CRC-16 is right.
        var bad: [UInt8] = []
        JournalFrame.append(type: .taggedSamples, payload: [0x04], version: JournalFormat.version, to: &bad)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: segmentPath())))
        bytes.insert(contentsOf: bad, at: frames[8].offset)
        bytes += bad
        try Data(bytes).write(to: URL(fileURLWithPath: segmentPath()))

        var options = JournalWriter.Options()
        options.keepRecoveredSessionOpen = true
        let w = try JournalWriter(directory: dir, options: options)
        XCTAssertEqual(w.recovery.truncatedBytes, bad.count, "the last one only")
        XCTAssertEqual(w.recovery.scanEnd, .corrupt)
        XCTAssertEqual(w.recovery.openSessionID, 3)
        XCTAssertTrue(w.recovery.closedAsInterrupted, "its last frame did not decode: closed, not resumed")
        let history = try JournalHistory(directory: dir)
        XCTAssertEqual((0..<history.index.count).map { history.index.id($0) }, [1, 2, 3])
        XCTAssertTrue(history.rebuilt)
        XCTAssertEqual(history.damagedRegions, 1, "the record passed")
        XCTAssertEqual(history.damagedBytes, 1, "its payload, not 0 bytes")
        XCTAssertEqual(try history.session(id: 1)?.samples.count, frames[8].samplesBefore)
        XCTAssertEqual(try history.session(id: 2)?.samples.count, 20)
        XCTAssertEqual(try history.session(id: 3)?.samples.count, 20)
    }
}
