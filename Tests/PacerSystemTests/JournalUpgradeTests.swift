import Foundation
import XCTest
@testable import PacerCore
@testable import PacerSystem

/// A v1 journal (`Tests/Fixtures/journal-v1-replay`) opened by the current writer: new sessions go to a
/// new segment of the current version, the history lists both, and the v1 index is rebuilt as the current version.
final class JournalUpgradeTests: XCTestCase {
    var dir = ""
    let t0 = UTCTime(rfc3339: "2026-03-10T07:00:00Z")!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("pacer-upgrade-\(UUID().uuidString)").path
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Fixtures/journal-v1-replay")
        try FileManager.default.copyItem(at: fixture, to: URL(fileURLWithPath: dir))
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    func header(_ number: UInt32) throws -> (version: UInt32, number: UInt32)? {
        let bytes = try JournalFile(path: JournalDirectory(path: dir).segmentPath(number), writable: false).readAll()
        return bytes.withUnsafeBytes { JournalFormat.segmentHeader($0) }
    }

    func testNewSessionsGoToANewSegmentAfterTheV1One() throws {
        let old = try JournalHistory(directory: dir)
        XCTAssertTrue(old.rebuilt, "the committed index is version 2: rebuilt")
        XCTAssertEqual((0..<old.index.count).map { old.index.id($0) }, [1, 2, 4])
        let indexBytes = try Data(contentsOf: URL(fileURLWithPath: dir + "/index.pjx"))
        XCTAssertEqual(Array(indexBytes[8..<12]), [UInt8(HistoryIndex.version), 0, 0, 0], "the rebuilt index is the current version")

        let samples = (0..<30).map { i in
            SessionSample(time: UTCTime(millisecondsSinceEpoch: t0.millisecondsSinceEpoch + Int64(i) * 1000),
                          latitude: 48.1 + Double(i) * 2e-5, longitude: 11.5, altitudeMSL: 520, speed: 3,
                          distanceMeters: Double(i) * 3, heartRate: 140, rrIntervals: [430], cadence: 85, power: 200 + i)
        }
        do {
            let w = try JournalWriter(directory: dir)
            XCTAssertEqual(try w.beginSession(activity: .ride, start: t0), "5")
            for s in samples { w.append(sample: s) }
            var summary = SessionSummary(activity: .ride, start: t0, elapsedSeconds: 30, movingSeconds: 30, distanceMeters: 87)
            summary.powerAverage = 214.5; summary.powerMax = 229; summary.powerNormalized = 215.25
            try w.endSession(summary: summary)
        }
        XCTAssertEqual(try header(1)?.version, 1)
        XCTAssertEqual(try header(2)?.version, JournalFormat.version)
        let history = try JournalHistory(directory: dir)
        XCTAssertEqual((0..<history.index.count).map { history.index.id($0) }, [1, 2, 4, 5])
        let session = try XCTUnwrap(try history.session(id: 5))
        XCTAssertEqual(session.samples, samples.map(JournalSampleCodec.quantized))
        XCTAssertEqual(session.summary?.powerNormalized, 215.25)
        XCTAssertEqual(session.summary?.powerMax, 229)
        XCTAssertEqual(try history.session(id: 1)?.samples.count, 300, "v1 samples still read")
    }

    /// A session a v1 build left open is finished in its v1 segment, in that segment's 9-byte
    /// frames (format 3 samples records inside them), and a delete appends its tombstone there too.
    func testAnOpenV1SessionIsFinishedInItsSegmentsOwnFrames() throws {
        let path = JournalDirectory(path: dir).segmentPath(1)
        var bytes = try JournalFile(path: path, writable: false).readAll()
        // Cut session 4's sessionEnd (the one recovery wrote) and the tombstone of 3 after it:
        // session 4 is open again and 3 is listed.
        var lastEnd = 0
        bytes.withUnsafeBytes { raw in
            _ = JournalScanner.scan(raw) { type, _, offset in
                if type == .sessionEnd { lastEnd = offset }
                return true
            }
        }
        bytes.removeSubrange(lastEnd...)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        try? FileManager.default.removeItem(atPath: dir + "/index.pjx")

        let before = bytes.count
        let later = UTCTime(rfc3339: "2026-03-02T08:00:00Z")!
        let extra = (0..<5).map { i in
            SessionSample(time: UTCTime(millisecondsSinceEpoch: later.millisecondsSinceEpoch + Int64(i) * 1000),
                          latitude: 48.1, longitude: 11.5 + Double(i) * 1e-5, distanceMeters: 1000 + Double(i) * 3, heartRate: 150 + i)
        }
        do {
            var options = JournalWriter.Options()
            options.keepRecoveredSessionOpen = true
            let w = try JournalWriter(directory: dir, options: options)
            XCTAssertEqual(w.recovery.openSessionID, 4)
            XCTAssertEqual(try w.resumeRecoveredSession(at: later), "4")
            for s in extra { w.append(sample: s) }
            try w.endSession(summary: SessionSummary(activity: .run, start: t0, elapsedSeconds: 5, movingSeconds: 5, distanceMeters: 12))
            try w.delete(id: 2, at: later)
        }
        XCTAssertEqual(try header(1)?.version, 1, "still one segment, still version 1")
        XCTAssertFalse(FileManager.default.fileExists(atPath: JournalDirectory(path: dir).segmentPath(2)))
        // Every frame after the cut is a 9-byte-header frame: reread them in that layout alone.
        let after = try JournalFile(path: path, writable: false).readAll()
        var types: [JournalRecordType] = []
        after.withUnsafeBytes { raw in
            var o = before
            while o < raw.count, case let .frame(type, _, end) = JournalFrame.read(raw, at: o, version: 2) { types.append(type); o = end }
            XCTAssertEqual(o, raw.count)
        }
        XCTAssertEqual(types.first, .reopened)
        XCTAssertEqual(types.last, .tombstone)
        XCTAssertTrue(types.contains { $0 == .continuedSamples || $0 == .taggedSamples })
        let history = try JournalHistory(directory: dir)
        XCTAssertEqual((0..<history.index.count).map { history.index.id($0) }, [1, 3, 4])
        let session = try XCTUnwrap(try history.session(id: 4))
        XCTAssertEqual(Array(session.samples.suffix(5)), extra.map(JournalSampleCodec.quantized))
        XCTAssertEqual(session.samples.count, 305, "the 300 v1 samples read back, then the 5 appended")
    }
}
