import Foundation
import XCTest
@testable import PacerCore

/// Format 2's promises: fields a reader does not know are skipped, power round-trips, the field
/// tables agree with the docs, and the committed v1 journal survives every truncation and flip.
final class JournalFormatV2Tests: XCTestCase {
    let t0 = UTCTime(rfc3339: "2026-03-01T07:00:00Z")!

    static func fixtureSegment(_ fixture: String) -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/\(fixture)/segment-00000001.pjl")
        return [UInt8]((try? Data(contentsOf: url)) ?? Data())
    }

    func sessions(_ bytes: [UInt8]) throws -> (ids: [UInt64], samples: Int, result: JournalScanner.Result) {
        var assembler = JournalAssembler()
        var ids: [UInt64] = []
        var failure: Error?
        let result = bytes.withUnsafeBytes { raw in
            JournalScanner.scan(raw, skipped: { _ in assembler.skipped() }) { type, payload, offset in
                do { if let s = try assembler.consume(type: type, payload: payload, segment: 1, offset: offset) { ids.append(s.id) } }
                catch { failure = error; return false }
                return true
            }
        }
        if let failure { throw failure }
        return (ids, assembler.sampleCount, result)
    }

    func testSampleWithUnknownFieldsOfEveryShapeDecodesTheKnownOnes() throws {
        // Header: field set follows; fields: heart rate (16), unknown scalar 40, unknown pair 45,
        // unknown list 50, unknown scalar 1000 (two-byte id), steps (28).
        var w = ByteWriter()
        w.u8(2)
        w.varint(6)
        for id: UInt64 in [16, 40, 45, 50, 1000, 28] { w.varint(id) }
        w.zigzag(150); w.zigzag(-7); w.zigzag(300); w.zigzag(-300)
        w.varint(2 << 3 | 3); w.zigzag(2); w.zigzag(3)   // list head: count 3, first value zigzag(1) = 2
        w.zigzag(99_999); w.zigzag(12)
        // A second sample, same set, time step 2 s: only deltas.
        w.u8(1); w.zigzag(1000); w.zigzag(2); w.zigzag(0); w.zigzag(0); w.zigzag(0); w.varint(0); w.zigzag(0); w.zigzag(0)
        var codec = JournalSampleCodec(sessionStart: t0)
        try w.bytes.withUnsafeBytes { raw in
            var r = ByteReader(raw)
            let a = try codec.decode(&r), b = try codec.decode(&r)
            XCTAssertTrue(r.isAtEnd)
            XCTAssertEqual(a, SessionSample(time: UTCTime(millisecondsSinceEpoch: t0.millisecondsSinceEpoch + 1000), heartRate: 150, steps: 12))
            XCTAssertEqual(b, SessionSample(time: UTCTime(millisecondsSinceEpoch: t0.millisecondsSinceEpoch + 3000), heartRate: 152, steps: 24))
        }
        // Shape 3 is reserved: a reader cannot skip it, so the sample is malformed (not a trap).
        var bad = ByteWriter()
        bad.u8(2); bad.varint(1); bad.varint(43); bad.zigzag(1)
        bad.bytes.withUnsafeBytes { raw in
            var r = ByteReader(raw)
            var c = JournalSampleCodec(sessionStart: t0)
            XCTAssertNil(try? c.decode(&r))
        }
    }

    func testPowerAndGapsRoundTripExactly() throws {
        var samples = JournalFixtureV2.samples(start: t0, count: 300, power: true)
        samples[100].rrIntervals = []
        samples[101].heartRate = nil
        samples[150].time = UTCTime(millisecondsSinceEpoch: samples[150].time.millisecondsSinceEpoch + 1234)
        samples[200].latitude = nil
        var codec = JournalSampleCodec(sessionStart: t0)
        var w = ByteWriter()
        for s in samples { codec.encode(s, into: &w) }
        var back = JournalSampleCodec(sessionStart: t0)
        try w.bytes.withUnsafeBytes { raw in
            var r = ByteReader(raw)
            for (i, s) in samples.enumerated() {
                var expected = JournalSampleCodec.quantized(s)
                expected.time = s.time
                if i == 200 { expected.longitude = nil }
                XCTAssertEqual(try back.decode(&r), expected, "sample \(i)")
            }
            XCTAssertTrue(r.isAtEnd)
        }
    }

    func testSummaryWithPowerAndUnknownFieldsRoundTrips() throws {
        var lap = SegmentSummary(index: 1, start: t0, elapsedSeconds: 300, movingSeconds: 290, distanceMeters: 1000)
        lap.powerAverage = 251.5; lap.powerMax = 480; lap.powerNormalized = 262.25
        var s = SessionSummary(activity: .ride, start: t0, elapsedSeconds: 300, movingSeconds: 290, distanceMeters: 1000)
        s.powerAverage = 251.5; s.powerMax = 480; s.powerNormalized = 262.25; s.heartRateZoneSeconds = [1, 2, 3, 4, 5]
        s.laps = [lap]; s.splits = [lap, lap]; s.interrupted = true; s.steps = 0
        var w = ByteWriter()
        SessionSummaryCodec.encode(s, into: &w)
        // Insert unknown fields of every shape before the known ones (field count is byte 2).
        let count = Int(w.bytes[2])
        XCTAssertLessThan(count, 120)
        var grown = ByteWriter()
        grown.append(Array(w.bytes[0..<2])); grown.varint(UInt64(count + 4))
        grown.varint(200); grown.zigzag(-5)
        grown.varint(201); grown.f64(1.5)
        grown.varint(202); grown.varint(2); grown.f64(1); grown.f64(2)
        grown.varint(203); grown.varint(3); grown.append([9, 9, 9])
        grown.append(Array(w.bytes[3...]))
        for bytes in [w.bytes, grown.bytes] {
            try bytes.withUnsafeBytes { raw in
                var r = ByteReader(raw)
                XCTAssertEqual(try SessionSummaryCodec.decode(&r), s)
                XCTAssertTrue(r.isAtEnd)
            }
        }
    }

    /// Format 2 (format 1's fixed flags plus, with bit 7, power as an (id, delta) pair; summaries
    /// with version byte 2 and trailing (id, f64) pairs) was written between formats 1 and 3.
    func testFormat2SamplesAndSummariesStillRead() throws {
        var w = ByteWriter()
        w.u8(8 | 128); w.zigzag(0); w.zigzag(300); w.zigzag(150)   // heart rate 150, Δt 1 s, distance 3 m
        w.varint(2); w.varint(1); w.zigzag(250); w.varint(9); w.zigzag(4)   // power 250, unknown id 9
        w.u8(8 | 128); w.zigzag(0); w.zigzag(0); w.zigzag(1)
        w.varint(1); w.varint(1); w.zigzag(-10)
        var codec = JournalSampleCodec(sessionStart: t0)
        try w.bytes.withUnsafeBytes { raw in
            var r = ByteReader(raw)
            let a = try codec.decodeV1(&r), b = try codec.decodeV1(&r)
            XCTAssertTrue(r.isAtEnd)
            XCTAssertEqual([a.power, b.power], [250, 240])
            XCTAssertEqual([a.heartRate, b.heartRate], [150, 151])
            XCTAssertEqual(b.distanceMeters, 6)
        }
        var v = ByteWriter()
        v.u8(2); v.u8(2); v.u16(0)
        v.f64(60); v.f64(60); v.f64(500)
        v.varint(1); v.zigzag(1); v.u8(32); v.f64(60); v.f64(60); v.f64(500); v.varint(1); v.varint(2); v.f64(480)   // one lap
        v.varint(0)                                                  // no split
        v.varint(3); v.varint(1); v.f64(250.5); v.varint(2); v.f64(480); v.varint(3); v.f64(260.25)
        try v.bytes.withUnsafeBytes { raw in
            var r = ByteReader(raw)
            let s = try SessionSummaryCodec.decode(&r)
            XCTAssertTrue(r.isAtEnd)
            XCTAssertEqual(s.activity, .ride)
            XCTAssertEqual(s.powerAverage, 250.5); XCTAssertEqual(s.powerMax, 480); XCTAssertEqual(s.powerNormalized, 260.25)
            XCTAssertEqual(s.laps.map(\.powerMax), [480])
            XCTAssertEqual(s.distanceMeters, 500)
        }
    }

    func testFieldTablesAreWellFormedAndDocumented() throws {
        let docs = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../docs/journal.md"), encoding: .utf8)
        let sampleIDs = JournalSampleField.table.map(\.id)
        XCTAssertEqual(Set(sampleIDs).count, sampleIDs.count)
        for f in JournalSampleField.table {
            XCTAssertEqual(f.id & 3, f.shape.rawValue, f.name)
            XCTAssertLessThan(f.id, 64)
            XCTAssertTrue(docs.contains("| \(f.id) | \(f.name) |"), "docs/journal.md lists sample field \(f.id) \(f.name)")
        }
        XCTAssertEqual(Set(SessionSummaryCodec.sessionFields.map { $0.journal!.id }).count, SessionSummaryCodec.sessionFields.count)
        XCTAssertEqual(Set(SessionSummaryCodec.segmentFields.map { $0.journal!.id }).count, SessionSummaryCodec.segmentFields.count)
        for f in SessionSummaryCodec.sessionFields {
            XCTAssertTrue(docs.contains("| \(f.journal!.id) | \(f.name) |"), "docs/journal.md lists summary field \(f.journal!.id) \(f.name)")
        }
        for f in SessionSummaryCodec.segmentFields {
            XCTAssertTrue(docs.contains("| \(f.journal!.id) | \(f.name) |"), "docs/journal.md lists lap field \(f.journal!.id) \(f.name)")
        }
    }

    func testV1FixtureReadsAndSurvivesEveryTruncationAndBitFlip() throws {
        let bytes = Self.fixtureSegment("journal-v1-replay")
        XCTAssertEqual(bytes.count, 15770, "Tests/Fixtures/journal-v1-replay is committed unchanged")
        try checkSurvivesEveryTruncationAndBitFlip(bytes, version: 1, ids: [1, 2, 3, 4])
    }

    /// Main's format 2 as it wrote a ride with power (`Tests/Fixtures/journal-v2-ride`).
    func testV2FixtureReadsWithPowerAndSurvivesEveryTruncationAndBitFlip() throws {
        let bytes = Self.fixtureSegment("journal-v2-ride")
        XCTAssertEqual(bytes.count, 10729, "Tests/Fixtures/journal-v2-ride is committed unchanged")
        try checkSurvivesEveryTruncationAndBitFlip(bytes, version: 2, ids: [1])
        var assembler = JournalAssembler()
        var ride: JournalSession?
        bytes.withUnsafeBytes { raw in
            _ = JournalScanner.scan(raw) { type, payload, offset in
                if let s = try? assembler.consume(type: type, payload: payload, segment: 1, offset: offset) { ride = s }
                return true
            }
        }
        let samples = try XCTUnwrap(ride?.samples)
        XCTAssertEqual(samples.count, 360)
        XCTAssertEqual(samples.compactMap(\.power).count, 359)
        XCTAssertEqual(samples.compactMap(\.power).max(), 326, "as main's CSV export of it says")
        XCTAssertEqual(ride?.summary?.powerMax, 320)
        XCTAssertEqual(ride?.summary?.laps.map(\.powerMax), [248, 320, 240])
    }

    func checkSurvivesEveryTruncationAndBitFlip(_ bytes: [UInt8], version: UInt32, ids: [UInt64]) throws {
        let whole = try sessions(bytes)
        XCTAssertEqual(whole.result.end, .clean)
        XCTAssertEqual(whole.result.version, version)
        XCTAssertEqual(whole.ids, ids)
        // Where each session's sessionEnd frame ends, from a scan of the intact file.
        var ends: [Int] = []
        bytes.withUnsafeBytes { raw in
            _ = JournalScanner.scan(raw) { type, payload, offset in
                if type == .sessionEnd { ends.append(offset + JournalFormat.frameHeaderSize + payload.count) }
                return true
            }
        }
        XCTAssertEqual(ends.count, ids.count)
        for cut in stride(from: 0, through: bytes.count, by: 7) {
            let got = try sessions(Array(bytes[0..<cut]))
            XCTAssertEqual(got.ids, Array(whole.ids.prefix(ends.filter { $0 <= cut }.count)), "cut at \(cut)")
        }
        // A flip costs at most the session whose frame it hits: every other one still reads.
        let begins = [JournalFormat.segmentHeaderSize] + ends.dropLast()
        for byte in stride(from: JournalFormat.segmentHeaderSize, to: bytes.count, by: 3) {
            var damaged = bytes
            damaged[byte] ^= 1 << UInt8(byte % 8)
            let got = try sessions(damaged)
            let hit = begins.lastIndex { $0 <= byte }.map { whole.ids[$0] }
            XCTAssertTrue(got.result.end == .clean || got.result.validEnd <= byte, "flip at \(byte)")
            XCTAssertEqual(got.ids.filter { $0 != hit }, whole.ids.filter { $0 != hit }, "flip at \(byte)")
        }

    }

    /// Found by the journal fuzzer: a CRC-valid format 2 sample whose power delta makes the
    /// value Int64.min trapped in abs(), so one crafted (or cosmically damaged) frame in an
    /// old journal crashed pacerd at every start. It is damage now, thrown, never a trap.
    func testAPowerOfInt64MinIsDamageNotATrap() {
        var w = ByteWriter()
        w.u8(128)            // presence: format 2 extensions only
        w.zigzag(0)          // time: one second on
        w.zigzag(0)          // distance step
        w.varint(1)          // one extension
        w.varint(1)          // id 1: power
        w.zigzag(Int64.min)
        var codec = JournalSampleCodecV1(sessionStart: UTCTime(millisecondsSinceEpoch: 0))
        let threw = w.bytes.withUnsafeBytes { raw in
            var r = ByteReader(raw)
            return (try? codec.decode(&r)) == nil
        }
        XCTAssertTrue(threw)
    }
}

/// Realistic 1 Hz samples with power, as a power meter on a ride gives them.
enum JournalFixtureV2 {
    static func samples(start: UTCTime, count: Int, power: Bool) -> [SessionSample] {
        var out = JournalFixture.samples(start: start, count: count, seed: 11)
        var rng: UInt64 = 5
        for i in out.indices where power {
            rng = rng &* 6364136223846793005 &+ 1442695040888963407
            out[i].power = 200 + Int(rng >> 58)
        }
        return out
    }
}
