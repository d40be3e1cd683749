import Foundation
import XCTest
@testable import PacerCore

/// The metric tables are what every surface reads: the summary JSON writes exactly their keys in
/// their order, the journal codec stores exactly their journal rows, STATE's room is their count,
/// and docs/design.md names every key.
final class SessionMetricTests: XCTestCase {
    /// A summary with every metric present, so every row writes a value.
    static var full: SessionSummary {
        var s = SessionSummary(activity: .ride, start: UTCTime(millisecondsSinceEpoch: 1_772_348_400_000),
                               end: UTCTime(millisecondsSinceEpoch: 1_772_352_000_000), elapsedSeconds: 3600, movingSeconds: 3500,
                               distanceMeters: 30_000, averageSpeed: 8.57, maxSpeed: 14, elevationGain: 420, elevationLoss: 410,
                               heartRateAverage: 141, heartRateMax: 172, heartRateZoneSeconds: [100, 900, 1800, 700, 100], steps: nil,
                               cadenceAverage: 88, calories: 900, rmssd: 31, trimp: 120, interrupted: true)
        (s.powerAverage, s.powerMax, s.powerNormalized) = (201, 812, 224)
        var lap = SegmentSummary(index: 1, start: s.start, elapsedSeconds: 3600, movingSeconds: 3500, distanceMeters: 30_000,
                                 averageSpeed: 8.57, heartRateAverage: 141, cadenceAverage: 88, elevationGain: 420)
        (lap.powerAverage, lap.powerMax, lap.powerNormalized) = (201, 812, 224)
        s.laps = [lap]
        return s
    }

    func testTheSummaryJSONWritesEveryRowsKeysInTableOrder() {
        let json = Self.full.json
        var keys = ["\"id\"", "\"activity\""]
        for row in SessionSummary.metrics {
            switch row.json {
            case let .number(key, _)?, let .time(key)?, let .numbers(key, _)?, let .flag(key)?, let .segments(key)?: keys.append("\"\(key)\"")
            case let .cadence(key, _)?: keys += ["\"\(key)_spm\"", "\"\(key)_rpm\""]
            case nil: continue
            }
        }
        var from = json.startIndex
        for key in keys {
            guard let r = json.range(of: key + ":", range: from..<json.endIndex) else { return XCTFail("\(key) missing or out of order in \(json)") }
            from = r.upperBound
        }
        XCTAssertTrue(json.contains("\"power_np_w\":224,"), json)
        XCTAssertTrue(json.contains("\"interrupted\":true"), json)
    }

    func testTheJournalStoresEveryJournalRowAndReadsItBack() throws {
        var w = ByteWriter(capacity: 512)
        SessionSummaryCodec.encode(Self.full, into: &w)
        let read = try w.bytes.withUnsafeBytes { raw in
            var r = ByteReader(raw)
            return try SessionSummaryCodec.decode(&r)
        }
        XCTAssertEqual(read, Self.full)
        XCTAssertEqual(SessionSummaryCodec.sessionFields.count, SessionSummary.metrics.filter { $0.journal != nil }.count)
        // The places are a permutation: each once, from 0.
        XCTAssertEqual(SessionSummaryCodec.sessionFields.map { $0.journal!.order }, Array(0..<SessionSummaryCodec.sessionFields.count))
        XCTAssertEqual(SessionSummaryCodec.segmentFields.map { $0.journal!.order }, Array(0..<SessionSummaryCodec.segmentFields.count))
    }

    func testSTATEsRoomIsTheTablesKeys() throws {
        XCTAssertEqual(LiveSession.numberKeys, SessionLiveState.metrics.count + 1, "one cadence row writes two keys")
        var numbers = SessionLiveState(phase: .recording, activity: .ride, elapsedSeconds: 1e15, movingSeconds: -1e15, distanceMeters: 1e15,
                                       speed: 1e15, paceSecondsPerKilometre: 1e15, averagePaceSecondsPerKilometre: 1e15, lap: .max,
                                       heartRate: .min, heartRateZone: .max, cadence: 1e15, steps: .max, calories: 1e15, elevationGain: 1e15)
        (numbers.power, numbers.power3s) = (1e15, -1e15)
        let session = LiveSession(id: "12345678901234567890", start: UTCTime(millisecondsSinceEpoch: .min), numbers: numbers)
        var w = JSONWriter(capacity: 64)
        session.write(into: &w)   // the longest values every row can write fit the room
        XCTAssertTrue(String(decoding: w.bytes, as: UTF8.self).contains("\"lap\":9223372036854775807"))
        // And every row reads back what it wrote.
        numbers = SessionLiveState(phase: .paused, activity: .ride, elapsedSeconds: 61.5, movingSeconds: 60, distanceMeters: 402.5,
                                   speed: 6.25, paceSecondsPerKilometre: 160, averagePaceSecondsPerKilometre: 149, lap: 3, heartRate: 151,
                                   heartRateZone: 3, cadence: 91, steps: nil, calories: 20, elevationGain: 4.5)
        (numbers.power, numbers.power3s) = (240, 233)
        w = JSONWriter(capacity: 64)
        LiveSession(id: "7", start: nil, numbers: numbers).write(into: &w)
        let parsed = try XCTUnwrap(LiveSession(json: try JSONValue.parse(String(decoding: w.bytes, as: UTF8.self))))
        XCTAssertEqual(parsed.numbers, numbers)
    }

    func testDocsNameEverySummaryKey() throws {
        let docs = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../docs/design.md"), encoding: .utf8)
        for key in SessionSummary.metrics.flatMap(\.keys) + SegmentSummary.metrics.flatMap(\.keys) {
            XCTAssertTrue(docs.contains(key), "docs/design.md names \(key)")
        }
    }
}
