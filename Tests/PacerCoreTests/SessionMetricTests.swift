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
        (s.courseName, s.courseCompleted, s.courseOffSeconds, s.courseOffCount) = ("Albis \"loop\" ü", 0.9731, 130.5, 2)
        s.workoutName = "Sweet spot"
        s.workoutSteps = [WorkoutStepSummary(step: 1, start: 0, seconds: 600, quantity: .power, targetLow: 150, targetHigh: 200,
                                             secondsInTarget: 512, secondsMeasured: 599, average: 171.5),
                          WorkoutStepSummary(step: 2, start: 600, seconds: 60, quantity: nil, targetLow: nil, targetHigh: nil,
                                             secondsInTarget: 0, secondsMeasured: 0, average: nil)]
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
            keys += row.keys.map { "\"\($0)\"" }
        }
        var from = json.startIndex
        for key in keys {
            guard let r = json.range(of: key + ":", range: from..<json.endIndex) else { return XCTFail("\(key) missing or out of order in \(json)") }
            from = r.upperBound
        }
        XCTAssertTrue(json.contains("\"power_np_w\":224,"), json)
        XCTAssertTrue(json.contains("\"interrupted\":true"), json)
        XCTAssertTrue(json.contains("\"workout\":\"Sweet spot\",\"workout_steps\":[{\"step\":1,\"start_s\":0,\"duration_s\":600,\"kind\":\"power\""), json)
        XCTAssertTrue(json.contains("\"course\":\"Albis \\\"loop\\\" ü\",\"course_completed\":0.9731,\"course_off_s\":130.5,\"course_off_count\":2,"), json)
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

    func testFITMessagesHoldEveryFITRowOnceWithItsValueANewFieldLast() {
        let s = Self.full
        let columns = FITWriter.columns([((254, .uint16), 0)], SessionSummary.metrics, of: s, ride: true, order: FITWriter.sessionOrder)
        let rows = SessionSummary.metrics.filter { $0.fit != nil }
        XCTAssertEqual(columns.count, rows.count + 1)
        XCTAssertEqual(Set(columns.map(\.field.number)).count, columns.count, "a FIT field number is used twice")
        for row in rows {
            let column = columns.first { $0.field.number == row.fit!.field.number }
            XCTAssertEqual(column?.value, row.fitValue(of: s, ride: true), row.name)
        }
        XCTAssertEqual(columns.first { $0.field.number == 9 }?.value, 3_000_000, "distance in centimetres")
        XCTAssertEqual(columns.first { $0.field.number == 18 }?.value, 88, "a ride's cadence as it is")
        XCTAssertEqual(FITWriter.columns([], SessionSummary.metrics, of: s, ride: false, order: FITWriter.sessionOrder)
            .first { $0.field.number == 18 }?.value, 44, "a run's cadence per leg")

        // A field the legacy order does not list (a new metric's) comes after every listed one.
        let newRow = SessionMetric<SessionSummary>("new", .double(get: { _ in 1.5 }, set: { _, _ in }), json: nil,
                                                   fit: .init(99, .uint16, scale: 10))
        let extended = FITWriter.columns([((254, .uint16), 0)], SessionSummary.metrics + [newRow], of: s, ride: true, order: FITWriter.sessionOrder)
        XCTAssertEqual(extended.last?.field.number, 99)
        XCTAssertEqual(extended.last?.value, 15)
        XCTAssertEqual(Array(extended.dropLast().map(\.field.number)), columns.map(\.field.number))
    }

    func testEveryTCXLapRowIsAnElementOfTheLapOrItsExtension() {
        var named = 0
        for row in SegmentSummary.metrics {
            guard let tcx = row.tcx else { continue }
            if case .watts = tcx.form { continue }
            XCTAssertTrue(TCXWriter.lapSequence.contains(tcx.element), "\(row.name): \(tcx.element) is not in ActivityLap_t's sequence")
            named += 1
        }
        XCTAssertEqual(named, 4)
        let tcx = String(decoding: TCXWriter.write(ExportSession(summary: Self.full, samples: [])), as: UTF8.self)
        XCTAssertTrue(tcx.contains("<TotalTimeSeconds>3600.000</TotalTimeSeconds><DistanceMeters>30000.00</DistanceMeters>"), tcx)
        XCTAssertTrue(tcx.contains("<AverageHeartRateBpm><Value>141</Value></AverageHeartRateBpm>"), tcx)
        XCTAssertTrue(tcx.contains("<Cadence>88</Cadence>"), tcx)
        XCTAssertTrue(tcx.contains("<ns3:LX><ns3:AvgWatts>201</ns3:AvgWatts><ns3:MaxWatts>812</ns3:MaxWatts></ns3:LX>"), tcx)
    }

    /// A session without usable laps is exported as one lap holding the whole: every row the two
    /// tables share by name carries the session's value.
    func testTheWholeSessionLapCarriesEverySharedRow() throws {
        var s = Self.full
        s.laps = []
        let lap = try XCTUnwrap(ExportSession(summary: s, samples: []).laps.first).totals
        var shared = 0
        for row in SegmentSummary.metrics {
            guard let from = SessionSummary.metrics.first(where: { $0.name == row.name }) else { continue }
            shared += 1
            switch (from.value, row.value) {
            case let (.double(a, _), .double(b, _)): XCTAssertEqual(a(s), b(lap), row.name)
            case let (.integer(a, _), .integer(b, _)): XCTAssertEqual(a(s), b(lap), row.name)
            case let (.time(a, _), .time(b, _)): XCTAssertEqual(a(s), b(lap), row.name)
            default: XCTFail("\(row.name): the session's and the lap's rows differ in kind")
            }
        }
        XCTAssertEqual(shared, 11)
        XCTAssertEqual(lap.powerNormalized, 224)
        XCTAssertEqual(lap.index, 1)
    }

    func testPageColumnsStandInDistinctPlaces() {
        for places in [SessionSummary.metrics.compactMap(\.column?.place), SegmentSummary.metrics.compactMap(\.column?.place)] {
            XCTAssertEqual(Set(places).count, places.count, "two columns in one place: \(places)")
        }
        let labels = SessionMetric.Column.of(SegmentSummary.metrics).map { $0.label(.run) }
        XCTAssertEqual(labels, ["#", "Distance", "Time", "Pace", "Heart rate", "Cadence", "Power"])
    }
}
