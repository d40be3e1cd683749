import Foundation
import XCTest
import PacerCore
@testable import PacerSystem

/// The history index brought up to date from what was appended since it was saved gives the
/// very bytes a rebuild from scratch gives — with a session open when it was saved, a deletion
/// in the tail, sets logged into the last session afterwards — and declines (a full rebuild
/// follows) when a record continues or deletes an older session.
final class JournalIndexAppendTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = try BuiltBinaries.temporaryDirectory("index-append").path
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: directory) }

    static let day0 = UTCTime(year: 2026, month: 3, day: 1, hour: 7, minute: 0, second: 0)!.millisecondsSinceEpoch

    func begin(_ w: JournalWriter, _ n: Int, activity: Activity = .run) throws -> (UInt64, UTCTime) {
        let start = UTCTime(millisecondsSinceEpoch: JournalIndexAppendTests.day0 + Int64(n) * 86_400_000)
        let id = try XCTUnwrap(UInt64(try w.beginSession(activity: activity, start: start)))
        for k in 0..<120 {
            w.append(sample: SessionSample(time: UTCTime(millisecondsSinceEpoch: start.millisecondsSinceEpoch + Int64(k) * 1000),
                                           latitude: 48.1 + Double(k) * 3e-5, longitude: 11.5, speed: 3, distanceMeters: Double(k) * 3,
                                           heartRate: 140 + k % 9))
        }
        return (id, start)
    }

    func end(_ w: JournalWriter, _ start: UTCTime, distance: Double = 357) throws {
        try w.endSession(summary: SessionSummary(activity: .run, start: start, end: UTCTime(millisecondsSinceEpoch: start.millisecondsSinceEpoch + 119_000),
                                                 elapsedSeconds: 119, movingSeconds: 119, distanceMeters: distance))
    }

    func indexBytes() throws -> Data { try Data(contentsOf: URL(fileURLWithPath: directory + "/index.pjx")) }

    /// The index as updated from the tail, then as rebuilt from nothing: the same bytes.
    func assertAppendedEqualsRebuilt(expectAppended: Bool, file: StaticString = #filePath, line: UInt = #line) throws {
        let dir = JournalDirectory(path: directory)
        let appended = try JournalHistory.appendedEntries(directory: dir, segments: try dir.segments())
        XCTAssertEqual(appended != nil, expectAppended, "took the appended path", file: file, line: line)
        if let appended { XCTAssertGreaterThan(appended.keep, 0, "rows copied as they were", file: file, line: line) }
        let history = try JournalHistory(directory: directory)
        XCTAssertTrue(history.rebuilt, file: file, line: line)
        let incremental = try indexBytes()
        try FileManager.default.removeItem(atPath: directory + "/index.pjx")
        _ = try JournalHistory(directory: directory)
        XCTAssertEqual(incremental, try indexBytes(), "index bytes", file: file, line: line)
    }

    func testAppendedTailGivesTheRebuiltIndex() throws {
        var options = JournalWriter.Options()
        options.synchronous = false
        let w = try JournalWriter(directory: directory, options: options)
        for n in 0..<3 { let (_, s) = try begin(w, n); try end(w, s) }
        _ = try JournalHistory(directory: directory)
        // A session open while the index is saved: it is not in it, and must be read whole later.
        let (_, open) = try begin(w, 3)
        try w.commit()
        XCTAssertEqual(try JournalHistory(directory: directory).index.count, 3)
        try end(w, open)
        for n in 4..<6 { let (_, s) = try begin(w, n); try end(w, s) }
        try w.delete(id: 6)
        try assertAppendedEqualsRebuilt(expectAppended: true)
        XCTAssertEqual(try JournalHistory(directory: directory).index.count, 5)
        // Deleting a session from before the tail: a full rebuild.
        try w.delete(id: 2)
        try assertAppendedEqualsRebuilt(expectAppended: false)
        XCTAssertEqual(try JournalHistory(directory: directory).index.count, 4)
        let (_, more) = try begin(w, 7)
        try end(w, more)
        try assertAppendedEqualsRebuilt(expectAppended: true)

        // A set logged into the last session after it ended: still the tail.
        let last = try JournalHistory(directory: directory)
        let lastID = last.index.id(last.index.count - 1)
        let set = StrengthSet(number: 1, time: UTCTime(millisecondsSinceEpoch: JournalIndexAppendTests.day0 + 5 * 86_400_000 + 200_000),
                              exercise: "Squat", muscle: .legs, weightKilograms: 100, reps: 5)
        var summary = try XCTUnwrap(last.index.summary(last.index.count - 1))
        summary.elapsedSeconds = 300
        try w.append(events: [set.event], toEndedSession: lastID, summary: summary, at: set.time)
        try assertAppendedEqualsRebuilt(expectAppended: true)

        // A set into an older session: the tail cannot know it; a full rebuild does.
        var first = try XCTUnwrap(last.index.summary(0))
        first.elapsedSeconds = 400
        try w.append(events: [set.event], toEndedSession: last.index.id(0), summary: first, at: set.time)
        try assertAppendedEqualsRebuilt(expectAppended: false)
        XCTAssertEqual(try JournalHistory(directory: directory).index.summary(0)?.elapsedSeconds, 400)
    }

    /// A segment replaced by another of the same size (a backup of the board restored over it),
    /// or by a longer one whose first part differs: the sizes alone took either for the segment
    /// indexed, and listed the old sessions. The bytes before the size indexed tell them apart.
    func testAnotherSegmentOfTheSameSizeOrLongerIsNotTakenForTheIndexedOne() throws {
        var options = JournalWriter.Options()
        options.synchronous = false
        func journal(_ path: String, sessions: Int, distance: Double) throws -> Data {
            let w = try JournalWriter(directory: path, options: options)
            for n in 0..<sessions { let (_, s) = try begin(w, n); try end(w, s, distance: distance) }
            try w.commit()
            return try Data(contentsOf: URL(fileURLWithPath: JournalDirectory(path: path).segmentPath(1)))
        }
        _ = try journal(directory, sessions: 3, distance: 357)
        XCTAssertEqual(try JournalHistory(directory: directory).index.row(2).distance, 357)
        let segment = JournalDirectory(path: directory).segmentPath(1)
        let sameSize = try journal(directory + "/b", sessions: 3, distance: 358)
        XCTAssertEqual(sameSize.count, try Data(contentsOf: URL(fileURLWithPath: segment)).count)
        try sameSize.write(to: URL(fileURLWithPath: segment))
        let restored = try JournalHistory(directory: directory)
        XCTAssertTrue(restored.rebuilt)
        XCTAssertEqual((0..<3).map { restored.index.row($0).distance }, [358, 358, 358])

        let longer = try journal(directory + "/c", sessions: 4, distance: 359)
        try longer.write(to: URL(fileURLWithPath: segment))
        XCTAssertNil(try JournalHistory.appendedEntries(directory: JournalDirectory(path: directory),
                                                        segments: try JournalDirectory(path: directory).segments()))
        let grown = try JournalHistory(directory: directory)
        XCTAssertTrue(grown.rebuilt)
        XCTAssertEqual((0..<4).map { grown.index.row($0).distance }, [359, 359, 359, 359])
        // And a segment that only grew still takes the appended path.
        let w = try JournalWriter(directory: directory, options: options)
        let (_, s) = try begin(w, 9)
        try end(w, s, distance: 360)
        try assertAppendedEqualsRebuilt(expectAppended: true)
    }
}
