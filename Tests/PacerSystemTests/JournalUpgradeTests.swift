import Foundation
import XCTest
import PacerCore
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
}
