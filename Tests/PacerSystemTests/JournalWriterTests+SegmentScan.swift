import Foundation
import XCTest
import PacerCore
@testable import PacerSystem

/// `JournalFile.scanSegment` (windows through one buffer) against `JournalScanner.scan` over the
/// whole file, on journals the real writer wrote and on the committed older-format fixtures:
/// the same frames (types, payload bytes, offsets) and the same `Result`, for windows so small
/// that most frames straddle two, on every truncation of the file and on bit flips.
extension JournalWriterTests {
    static let scanWindows = [1, 7, 64, 4096, JournalFile.scanWindow]

    /// A verified frame, or (`type` nil) a damaged range the scan passed, `offset..<skippedTo`.
    struct Visit: Equatable {
        var type: JournalRecordType?
        var payload: [UInt8]
        var offset: Int
        var skippedTo = 0
        static func gap(_ r: Range<Int>) -> Visit { Visit(type: nil, payload: [], offset: r.lowerBound, skippedTo: r.upperBound) }
    }

    /// Sessions as pacerd writes them: 1 Hz commits, events, long configs, a deleted session,
    /// sets appended to an ended session, and a session still open (its last commit on disk).
    func writeJournal(sessions: Int, samples: Int, configLength: (Int) -> Int = { 90 * $0 }) throws -> String {
        let w = try JournalWriter(directory: dir)
        for s in 0..<sessions {
            try w.beginSession(activity: .run, start: sample(s * 10_000).time, config: "max_hr=188\nnote=" + String(repeating: "n", count: configLength(s)))
            for i in 0..<samples {
                w.append(sample: sample(s * 10_000 + i))
                try w.commit()
                if i == samples / 2 { try w.append(event: .lap(time: sample(s * 10_000 + i).time, number: 2)) }
            }
            try w.endSession(summary: SessionSummary(activity: .run, start: sample(s * 10_000).time, end: sample(s * 10_000 + samples - 1).time,
                                                     elapsedSeconds: Double(samples), movingSeconds: Double(samples),
                                                     distanceMeters: Double(samples) * 3, heartRateAverage: 143, heartRateMax: 146))
        }
        try w.delete(id: 1, at: sample(99_000).time)
        try w.beginSession(activity: .walk, start: sample(100_000).time)
        for i in 0..<5 { w.append(sample: sample(100_000 + i)); try w.commit() }
        return JournalDirectory(path: dir).segmentPath(1)
    }

    func whole(_ bytes: [UInt8], from start: Int = 0) -> ([Visit], JournalScanner.Result) {
        var visits: [Visit] = []
        let result = bytes.withUnsafeBytes { raw in
            JournalScanner.scan(raw, from: start, skipped: { visits.append(.gap($0)) }) { type, payload, offset in
                visits.append(Visit(type: type, payload: Array(payload), offset: offset))
                return true
            }
        }
        return (visits, result)
    }

    func windowed(_ file: JournalFile, from start: Int = 0, limit: Int = .max, window: Int) throws -> ([Visit], JournalScanner.Result) {
        var visits: [Visit] = []
        let result = try file.scanSegment(from: start, limit: limit, window: window, skipped: { visits.append(.gap($0)) }) { type, payload, offset in
            visits.append(Visit(type: type, payload: Array(payload), offset: offset))
            return true
        }
        return (visits, result)
    }

    /// The file at `path` (its current bytes `bytes`) scans in windows as it does whole.
    func assertSame(_ path: String, _ bytes: [UInt8], from start: Int = 0, windows: [Int] = scanWindows,
                    _ what: @autoclosure () -> String, file: StaticString = #filePath, line: UInt = #line) throws {
        let expected = whole(bytes, from: start)
        let segment = try JournalFile(path: path, writable: false)
        for window in windows {
            let got = try windowed(segment, from: start, window: window)
            XCTAssertEqual(got.1, expected.1, "window \(window), \(what())", file: file, line: line)
            XCTAssertEqual(got.0, expected.0, "window \(window), \(what())", file: file, line: line)
        }
    }

    /// Its first frame (which decides the layout) and a later one are longer than the default window.
    func testAWriterJournalScansInWindowsAsItDoesWhole() throws {
        let path = try writeJournal(sessions: 4, samples: 120) { [0: 150_000, 2: 100_000][$0] ?? 90 }
        let bytes = try JournalFile(path: path, writable: false).readAll()
        let (visits, result) = whole(bytes)
        XCTAssertEqual(result.end, .clean)
        XCTAssertEqual(result.validEnd, bytes.count)
        XCTAssertGreaterThan(visits.count, 480)
        XCTAssertEqual(visits.filter { $0.payload.count > JournalFile.scanWindow }.map(\.type), [.sessionStart, .sessionStart])
        try assertSame(path, bytes, "whole journal")
        // From where each session starts, as `JournalHistory.session(id:)` and reports read.
        for start in visits.filter({ $0.type == .sessionStart }).map(\.offset) + [bytes.count, bytes.count + 9] {
            try assertSame(path, bytes, from: start, "from \(start)")
        }
    }

    /// Every length the file can be torn to, by ftruncate(2) (a real end of file) and by `limit`.
    func testEveryTruncationOfAWriterJournalScansAsItDoesWhole() throws {
        let path = try writeJournal(sessions: 2, samples: 40)
        let bytes = try JournalFile(path: path, writable: false).readAll()
        let full = try JournalFile(path: path, writable: false)
        let copy = dir + "/cut.pjl"
        let cut = try JournalFile(path: copy, writable: true, create: true)
        try cut.writeAll(bytes, at: 0)
        for length in stride(from: bytes.count, through: 0, by: -1) {
            try cut.truncate(to: length)
            let prefix = Array(bytes[0..<length])
            try assertSame(copy, prefix, windows: [1, 7, 64, JournalFile.scanWindow], "cut \(length)")
            let expected = whole(prefix)
            let limited = try windowed(full, limit: length, window: 7)
            XCTAssertEqual(limited.1, expected.1, "limit \(length)")
            XCTAssertEqual(limited.0, expected.0, "limit \(length)")
        }
    }

    func testBitFlipsInAWriterJournalScanAsTheyDoWhole() throws {
        let path = try writeJournal(sessions: 2, samples: 40)
        var bytes = try JournalFile(path: path, writable: false).readAll()
        let file = try JournalFile(path: path, writable: true)
        var ends: Set<JournalScanner.End> = []
        for byte in 0..<bytes.count {
            let original = bytes[byte]
            bytes[byte] ^= 1 << (byte % 8)
            try file.writeAll([bytes[byte]], at: byte)
            try assertSame(path, bytes, "byte \(byte) flipped")
            ends.insert(whole(bytes).1.end)
            bytes[byte] = original
            try file.writeAll([original], at: byte)
        }
        XCTAssertEqual(ends, [.badHeader, .clean, .corrupt], "flips in the header's magic, its version or number, and the frames")
    }

    /// The committed journals of formats 1 and 2, and a v1 journal a current writer continued.
    func testTheCommittedOlderFormatJournalsScanAsTheyDoWhole() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Fixtures")
        for name in ["journal-v1", "journal-v1-replay", "journal-v2-ride"] {
            let path = fixtures.appendingPathComponent("\(name)/segment-00000001.pjl").path
            let bytes = try JournalFile(path: path, writable: false).readAll()
            XCTAssertGreaterThan(bytes.count, 1000, name)
            XCTAssertEqual(whole(bytes).1.end, .clean, name)
            try assertSame(path, bytes, name)
        }
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("journal-v1-replay"), to: URL(fileURLWithPath: dir))
        let w = try JournalWriter(directory: dir)
        try w.append(events: [.marker(time: t0, kind: "set", detail: "squat")], toEndedSession: 1,
                     summary: SessionSummary(activity: .run, start: t0, elapsedSeconds: 1, movingSeconds: 1, distanceMeters: 0), at: t0)
        try w.beginSession(activity: .run, start: t0)
        for i in 0..<30 { w.append(sample: sample(i)) }
        try w.commit()
        for segment in try JournalDirectory(path: dir).segments() {
            try assertSame(segment.path, try JournalFile(path: segment.path, writable: false).readAll(), "continued \(segment.number)")
        }
    }
}
