import XCTest
@testable import PacerCore

final class JournalFormatTests: XCTestCase {
    let t0 = UTCTime(rfc3339: "2026-03-01T07:00:00Z")!

    /// Decodes every finished session from a buffer.
    func finishedSessions(_ bytes: [UInt8]) -> (sessions: [JournalSession], result: JournalScanner.Result, open: JournalSession?) {
        Self.finishedSessions(bytes)
    }

    /// What a history reader gets: damage passed, and a frame that verified but does not decode
    /// (random damage that a CRC-16 missed, 2^-16) passed like it.
    static func finishedSessions(_ bytes: [UInt8]) -> (sessions: [JournalSession], result: JournalScanner.Result, open: JournalSession?) {
        var assembler = JournalAssembler()
        var sessions: [JournalSession] = []
        let result = bytes.withUnsafeBytes { raw in
            JournalScanner.scan(raw, skipped: { _ in assembler.skipped() }) { type, payload, offset in
                if let s = assembler.consumeOrSkip(type: type, payload: payload, segment: 1, offset: offset) { sessions.append(s) }
                return true
            }
        }
        return (sessions, result, assembler.open)
    }

    func testRoundTripSamplesEventsSummaries() {
        var f = JournalFixture()
        f.addSession(id: 1, start: t0, sampleCount: 50)
        f.addSession(id: 2, start: UTCTime(millisecondsSinceEpoch: t0.millisecondsSinceEpoch + 86_400_000), sampleCount: 20)
        f.addSession(id: 3, start: UTCTime(millisecondsSinceEpoch: t0.millisecondsSinceEpoch + 2 * 86_400_000), sampleCount: 9, finish: false)
        let (sessions, result, open) = finishedSessions(f.bytes)
        XCTAssertEqual(result.end, .clean)
        XCTAssertEqual(result.validEnd, f.bytes.count)
        XCTAssertEqual(sessions.map(\.id), [1, 2])
        for (s, expected) in zip(sessions, f.finished) {
            XCTAssertEqual(s.samples, expected.samples)
            var summary = expected.summary
            summary.id = String(expected.id)
            XCTAssertEqual(s.summary, summary)
            XCTAssertEqual(s.events.count, 3)
            XCTAssertEqual(s.config, "max_hr=188")
        }
        XCTAssertEqual(open?.id, 3)
        XCTAssertEqual(open?.samples.count, 9)
    }

    /// Recovery's outline: the same sessions end and the same one is open as in a full read, with
    /// no summary decoded (and none kept for a later continuation).
    func testAnOutlineFindsTheOpenSessionWithoutDecodingSummaries() throws {
        var f = JournalFixture()
        f.addSession(id: 4, start: t0, sampleCount: 30)
        f.addSession(id: 7, start: UTCTime(millisecondsSinceEpoch: t0.millisecondsSinceEpoch + 86_400_000), sampleCount: 12)
        f.addSession(id: 9, start: UTCTime(millisecondsSinceEpoch: t0.millisecondsSinceEpoch + 2 * 86_400_000), sampleCount: 5, finish: false)
        var outline = JournalAssembler(wantSamples: { _ in false }, decodesSummaries: false)
        var ended: [JournalSession] = []
        let result = try f.bytes.withUnsafeBytes { raw in
            var failure: Error?
            let result = JournalScanner.scan(raw) { type, payload, offset in
                do { if let s = try outline.consume(type: type, payload: payload, segment: 1, offset: offset) { ended.append(s) } }
                catch { failure = error; return false }
                return true
            }
            if let failure { throw failure }
            return result
        }
        XCTAssertEqual(result.end, .clean)
        XCTAssertEqual(ended.map(\.id), [4, 7])
        XCTAssertEqual(ended.map { $0.summary == nil }, [true, true])
        XCTAssertEqual(ended.map(\.events.count), [3, 3])
        XCTAssertEqual(outline.open?.id, 9)
        XCTAssertEqual(outline.highestID, 9)
        XCTAssertEqual(outline.sampleCount, 47, "samples are walked (for the open session's codec), not kept")
        XCTAssertEqual(finishedSessions(f.bytes).sessions.map { $0.summary?.distanceMeters }, f.finished.map { $0.summary.distanceMeters })
    }

    /// Both frame layouts: format 3's own, and the 9-byte frames a writer appends when it finishes
    /// (or deletes) a session in a segment an older build started.
    static let layouts: [UInt32] = [JournalFormat.version, 2]

    func testTruncationAtEveryOffsetKeepsEveryWholeRecord() {
        for version in Self.layouts {
        var f = JournalFixture(version: version)
        f.addSession(id: 1, start: t0, sampleCount: 12)
        f.addSession(id: 2, start: t0, sampleCount: 7)
        f.addSession(id: 3, start: t0, sampleCount: 5, finish: false)
        for cut in 0...f.bytes.count {
            let (sessions, result, _) = finishedSessions(Array(f.bytes[0..<cut]))
            if cut < JournalFormat.segmentHeaderSize {
                XCTAssertEqual(result.end, .badHeader)
                continue
            }
            let expectedEnd = ([JournalFormat.segmentHeaderSize] + f.frameEnds).last { $0 <= cut }!
            XCTAssertEqual(result.validEnd, expectedEnd, "cut \(cut)")
            XCTAssertEqual(result.end, expectedEnd == cut ? .clean : .torn, "cut \(cut)")
            XCTAssertEqual(sessions.map(\.id), f.finished.filter { $0.end <= cut }.map(\.id), "cut \(cut)")
        }
        }
    }

    /// A flipped bit costs the frame it hits, not what follows: the scan passes it (one gap of
    /// exactly that frame) unless it is the last frame, which is a damaged tail. Every other
    /// session reads as it was written; the hit one keeps its summary (a lost start: from its
    /// sessionEnd alone; lost samples: the ones before them), or ends interrupted at the next
    /// start when its own end was hit.
    func testASingleBitFlipCostsOnlyTheFrameItHits() {
        for version in Self.layouts {
        var f = JournalFixture(version: version)
        f.addSession(id: 1, start: t0, sampleCount: 10)
        f.addSession(id: 2, start: t0, sampleCount: 6)
        f.addSession(id: 3, start: t0, sampleCount: 8)
        let starts = [JournalFormat.segmentHeaderSize] + f.frameEnds.dropLast()
        let whole = finishedSessions(f.bytes).sessions
        for byte in 0..<f.bytes.count {
            for bit in 0..<8 {
                var damaged = f.bytes
                damaged[byte] ^= 1 << bit
                let (sessions, result, _) = finishedSessions(damaged)
                if byte < 8 {
                    XCTAssertEqual(result.end, .badHeader)
                    continue
                }
                if byte < 12 {
                    // The version is not checksummed either: it reads as another readable version
                    // (records say their own format, and the first frame says its layout:
                    // `JournalFrame.layoutVersion`, so every session is the same) or not at all.
                    if result.end != .badHeader {
                        XCTAssertEqual(result.end, .clean)
                        XCTAssertEqual(sessions.map(\.id), f.finished.map(\.id))
                    }
                    continue
                }
                if byte < JournalFormat.segmentHeaderSize {
                    // The segment number (also in the file name) is not checksummed: only it changes.
                    XCTAssertEqual(result.end, .clean)
                    XCTAssertNotEqual(result.segmentNumber, 1)
                    continue
                }
                let k = starts.lastIndex { $0 <= byte }!
                let (frameStart, frameEnd) = (starts[k], f.frameEnds[k])
                let what = "v\(version) byte \(byte) bit \(bit)"
                let hit = f.finished.firstIndex { $0.end >= frameEnd }!
                if frameEnd == f.bytes.count {
                    XCTAssertEqual(result.validEnd, frameStart, what)
                    XCTAssertNotEqual(result.end, .clean, what)
                    XCTAssertEqual(result.gaps, 0, what)
                    XCTAssertEqual(sessions.map(\.id), [1, 2], what)
                    continue
                }
                XCTAssertEqual(result.end, .clean, what)
                XCTAssertEqual(result.validEnd, f.bytes.count, what)
                XCTAssertEqual(result.gaps, 1, what)
                XCTAssertEqual(result.skippedBytes, frameEnd - frameStart, what)
                guard sessions.map(\.id) == [1, 2, 3] else { return XCTFail("\(what): sessions \(sessions.map(\.id))") }
                for (i, (got, expected)) in zip(sessions, whole).enumerated() where i != hit {
                    XCTAssertEqual(got.samples, expected.samples, what)
                    XCTAssertEqual(got.summary, expected.summary, what)
                }
                let got = sessions[hit], expected = whole[hit]
                if frameEnd == f.finished[hit].end {
                    // Its sessionEnd: closed by the next session's start, from its samples.
                    XCTAssertEqual(got.summary?.interrupted, true, what)
                    XCTAssertEqual(got.samples, expected.samples, what)
                } else {
                    XCTAssertEqual(got.summary, expected.summary, what)
                    XCTAssertLessThanOrEqual(got.samples.count, expected.samples.count, what)
                    XCTAssertEqual(got.samples, Array(expected.samples.prefix(got.samples.count)), what)
                }
            }
        }
        }
    }

    /// Zeros where frames should be (a region the file system never wrote) are passed like any
    /// damage, in both layouts: every session whose frames they miss reads as written, and zeros
    /// that run to the end are a torn tail, cut where they begin.
    func testZeroFillCostsOnlyTheFramesItCovers() {
        for version in Self.layouts {
            var f = JournalFixture(version: version)
            f.addSession(id: 1, start: t0, sampleCount: 8)
            f.addSession(id: 2, start: t0, sampleCount: 6)
            f.addSession(id: 3, start: t0, sampleCount: 4, finish: false)
            let starts = [JournalFormat.segmentHeaderSize] + f.frameEnds.dropLast()
            let whole = finishedSessions(f.bytes).sessions
            for start in starts {
                for zeros in [1, 3, 9, 64] {
                    var damaged = f.bytes
                    let zeroEnd = min(damaged.count, start + zeros)
                    for i in start..<zeroEnd { damaged[i] = 0 }
                    XCTAssertNotEqual(damaged, f.bytes, "no frame starts with a zero byte")
                    let (sessions, result, _) = finishedSessions(damaged)
                    let what = "v\(version) zeros at \(start)+\(zeros)"
                    XCTAssertGreaterThanOrEqual(result.validEnd, start, what)
                    if zeroEnd == f.bytes.count {
                        XCTAssertEqual(result.validEnd, start, what)
                        XCTAssertNotEqual(result.end, .clean, what)
                    }
                    // The end of the last frame the zeros touch.
                    let hitEnd = f.frameEnds.first { $0 >= zeroEnd }!
                    for (i, expected) in f.finished.enumerated() {
                        let begins = i == 0 ? JournalFormat.segmentHeaderSize : f.finished[i - 1].end
                        guard expected.end <= start || begins >= hitEnd else { continue }
                        let got = sessions.first { $0.id == expected.id }
                        XCTAssertEqual(got?.samples, whole[i].samples, what)
                        XCTAssertEqual(got?.summary, whole[i].summary, what)
                    }
                }
            }
        }
    }

    func testGarbageNeverCrashesTheDecoders() {
        var rng: UInt64 = 42
        for length in 0..<400 {
            var bytes = [UInt8](repeating: 0, count: length)
            for i in 0..<length { rng = rng &* 6364136223846793005 &+ 1; bytes[i] = UInt8(truncatingIfNeeded: rng >> 33) }
            bytes.withUnsafeBytes { raw in
                for type in [JournalRecordType.sessionStart, .lap, .pause, .resume, .event, .sessionEnd, .tombstone, .reopened] {
                    _ = try? JournalRecord.decode(type: type, payload: raw)
                }
                var codec = JournalSampleCodec(sessionStart: t0)
                var r = ByteReader(raw)
                while !r.isAtEnd, (try? codec.decode(&r)) != nil {}
                var r2 = ByteReader(raw)
                _ = try? SessionSummaryCodec.decode(&r2)
            }
            // The same bytes as the frames of a segment of every readable version.
            for version in JournalFormat.readableVersions {
                var segment = JournalFormat.segmentHeader(number: 1)
                segment[8] = UInt8(version)
                segment += bytes
                let result = segment.withUnsafeBytes { raw in JournalScanner.scan(raw) { _, _, _ in true } }
                XCTAssertLessThanOrEqual(result.validEnd, segment.count)
            }
        }
    }

    /// Bytes per hour of 1 Hz recording with heart rate, RR, position, altitude, speed,
    /// cadence and steps, committed every second (one samples record per sample).
    func testBytesPerHourOfOneHertzRecording() {
        var f = JournalFixture()
        let before = f.bytes.count
        let samples = JournalFixture.samples(start: t0, count: 3600, seed: 7)
        f.record { e, out in e.start(id: 1, activity: .run, start: t0, config: "", into: &out) }
        for s in samples { f.record { e, out in e.append(sample: s); e.flushSamples(into: &out) } }
        let perHour = f.bytes.count - before
        print("journal: \(perHour) bytes per hour of 1 Hz recording with heart rate (1 record per second)")
        // docs/journal.md quotes this figure (format 3 with 9-byte frames: 72 050; format 1: 79 240).
        XCTAssertEqual(perHour, 57_130)
        let (_, result, open) = finishedSessions(f.bytes)
        XCTAssertEqual(result.end, .clean)
        XCTAssertEqual(open?.samples, samples)
        // Every one-second commit is one short frame: a tag byte and a CRC-16 around its payload.
        var overhead: [Int: Int] = [:]
        f.bytes.withUnsafeBytes { raw in
            _ = JournalScanner.scan(raw) { type, payload, offset in
                if type.holdsSamples {
                    guard case let .frame(_, _, end) = JournalFrame.read(raw, at: offset, version: JournalFormat.version) else { return false }
                    overhead[end - offset - payload.count, default: 0] += 1
                }
                return true
            }
        }
        XCTAssertEqual(overhead, [JournalFrame.shortOverhead: 3600])
    }

    /// A reader takes lists of at most 64 values (more is damage): the writer never writes more,
    /// so a strap that bursts RR intervals cannot make the journal unreadable.
    func testAnRRListLongerThanAReaderTakesKeepsItsLast64() throws {
        let rr = (0..<70).map { UInt16(400 + $0) }
        let sample = SessionSample(time: UTCTime(millisecondsSinceEpoch: t0.millisecondsSinceEpoch + 1000), heartRate: 150, rrIntervals: rr)
        var codec = JournalSampleCodec(sessionStart: t0)
        var w = ByteWriter()
        codec.encode(sample, into: &w)
        var back = JournalSampleCodec(sessionStart: t0)
        try w.bytes.withUnsafeBytes { raw in
            var r = ByteReader(raw)
            XCTAssertEqual(try back.decode(&r).rrIntervals, Array(rr.suffix(64)))
            XCTAssertTrue(r.isAtEnd)
        }
    }

    /// Found by the GATT fuzzer: a 16-bit heart-rate field of 32896 reached a sample, the writer
    /// wrote it, and the reader (which takes a value outside 0...999 for damage) then refused that
    /// record and every session after it. A value outside its field's range is now left out.
    func testAnIntegerOutsideItsFieldsRangeIsLeftOutNotWritten() throws {
        let samples = [32896, 150, -3, 70_000].enumerated().map { i, hr in
            SessionSample(time: UTCTime(millisecondsSinceEpoch: t0.millisecondsSinceEpoch + Int64(i + 1) * 1000),
                          distanceMeters: Double(i) * 3, heartRate: hr, power: i == 3 ? 70_000 : 200)
        }
        var codec = JournalSampleCodec(sessionStart: t0)
        var w = ByteWriter()
        for s in samples { codec.encode(s, into: &w) }
        var back = JournalSampleCodec(sessionStart: t0)
        try w.bytes.withUnsafeBytes { raw in
            var r = ByteReader(raw)
            let read = try samples.map { _ in try back.decode(&r) }
            XCTAssertEqual(read.map(\.heartRate), [nil, 150, nil, nil])
            XCTAssertEqual(read.map(\.power), [200, 200, 200, nil])
            XCTAssertEqual(read.map(\.distanceMeters), [0, 3, 6, 9])
            XCTAssertTrue(r.isAtEnd)
        }
    }

    /// A strap's 16-bit field can say 32896 bpm; no heart beats like that, so it is not accounted.
    func testAHeartRateNoHeartBeatsAtIsNotAccepted() {
        XCTAssertNil(HeartRateReading(beatsPerMinute: 32896).acceptedHeartRate)
        XCTAssertNil(HeartRateReading(beatsPerMinute: 255).acceptedHeartRate)
        XCTAssertNil(HeartRateReading(beatsPerMinute: 0).acceptedHeartRate)
        XCTAssertEqual(HeartRateReading(beatsPerMinute: 38).acceptedHeartRate, 38)
        XCTAssertEqual(HeartRateReading(beatsPerMinute: 212).acceptedHeartRate, 212)
    }

    /// The standard check value of CRC-16/CCITT (IBM-3740): the short frames' CRC is that one.
    func testCRC16CheckValue() {
        XCTAssertEqual(CRC16CCITT.checksum(Array("123456789".utf8)), 0x29B1)
        XCTAssertEqual(CRC16CCITT.checksum([]), 0xFFFF)
    }

    func testBestEffortsInterpolate() {
        // 1 km at 4 m/s then 1 km at 5 m/s: the fastest 1 km is the second one, 200 s.
        var times: [Double] = [], dist: [Double] = []
        for i in 0...250 { times.append(Double(i)); dist.append(Double(i) * 4) }
        for i in 1...200 { times.append(250 + Double(i)); dist.append(1000 + Double(i) * 5) }
        let best = BestEfforts.fastest(times: times, distances: dist, over: [1000, 2000, 5000])
        XCTAssertEqual(best[0]!, 200, accuracy: 1e-9)
        XCTAssertEqual(best[1]!, 450, accuracy: 1e-9)
        XCTAssertNil(best[2])
    }
}
