import XCTest
@testable import PacerCore

/// A segment scanned in windows (`JournalScanner.scan(_:at:endsSegment:visit:)`) visits the
/// frames, reports the damage it passes and returns the `Result` of a plain whole-segment scan
/// (`ReferenceScanner`), on every truncation, every bit flip and the committed v1 journal,
/// with windows so small that nearly every frame straddles two of them.
final class JournalWindowScanTests: XCTestCase {
    let t0 = UTCTime(rfc3339: "2026-03-01T07:00:00Z")!
    static let windows = [1, 7, 64, 1000]

    /// A verified frame, or (`type` nil) a damaged range passed, `offset..<skippedTo`.
    struct Visit: Equatable, CustomStringConvertible {
        var type: JournalRecordType?
        var payload: [UInt8]
        var offset: Int
        var skippedTo = 0
        var description: String { type.map { "\($0)@\(offset)+\(payload.count)" } ?? "gap \(offset)..<\(skippedTo)" }
        static func gap(_ r: Range<Int>) -> Visit { Visit(type: nil, payload: [], offset: r.lowerBound, skippedTo: r.upperBound) }
    }

    /// The whole-file scan written the plain way, one offset at a time over the whole segment:
    /// `JournalFrame.layoutVersion` of a13d4b2, frames until damage, then each later offset
    /// tried for a chain of frames (64 CRC bits, or 32 that reach the end). The oracle.
    enum ReferenceScanner {
        static func layoutVersion(_ bytes: UnsafeRawBufferPointer, header version: UInt32) -> UInt32 {
            let first = JournalFormat.segmentHeaderSize
            guard bytes.count > first, JournalFrame.read(bytes, at: first, version: version) == .corrupt else { return version }
            let other: UInt32 = version >= 3 ? 2 : JournalFormat.version
            if case .frame = JournalFrame.read(bytes, at: first, version: other) { return other }
            return version
        }

        static func chainStarts(_ bytes: UnsafeRawBufferPointer, at start: Int, version: UInt32) -> Bool {
            var p = start, bits = 0
            while true {
                switch JournalFrame.read(bytes, at: p, version: version, longest: 1 << 16) {
                case .corrupt: return false
                case .torn: return bits >= 32
                case let .frame(_, _, end):
                    bits += version >= 3 && bytes[p] >= 0x80 ? 16 : 32
                    if bits >= 64 { return true }
                    if end == bytes.count { return bits >= 32 }
                    p = end
                }
            }
        }

        static func scan(_ bytes: UnsafeRawBufferPointer, from start: Int = 0, skipped: (Range<Int>) -> Void,
                         visit: (JournalRecordType, UnsafeRawBufferPointer, Int) -> Bool) -> JournalScanner.Result {
            guard let (headerVersion, number) = JournalFormat.segmentHeader(bytes) else {
                return .init(segmentNumber: nil, validEnd: 0, end: .badHeader, frames: 0)
            }
            let version = layoutVersion(bytes, header: headerVersion)
            var offset = max(start, JournalFormat.segmentHeaderSize)
            var frames = 0, gaps = 0, skippedBytes = 0
            var damage: (from: Int, end: JournalScanner.End)?
            func result(_ end: JournalScanner.End) -> JournalScanner.Result {
                .init(segmentNumber: number, version: version, validEnd: damage?.from ?? offset, end: end, frames: frames,
                      gaps: gaps, skippedBytes: skippedBytes)
            }
            while offset < bytes.count {
                if let d = damage {
                    guard chainStarts(bytes, at: offset, version: version) else {
                        offset += 1
                        continue
                    }
                    skipped(d.from..<offset)
                    gaps += 1
                    skippedBytes += offset - d.from
                    damage = nil
                }
                switch JournalFrame.read(bytes, at: offset, version: version) {
                case .torn:
                    damage = (offset, .torn)
                    offset += 1
                case .corrupt:
                    damage = (offset, .corrupt)
                    offset += 1
                case let .frame(type, payload, end):
                    frames += 1
                    let frameOffset = offset
                    offset = end
                    if !visit(type, UnsafeRawBufferPointer(rebasing: bytes[payload]), frameOffset) { return result(.clean) }
                }
            }
            return result(damage?.end ?? .clean)
        }
    }

    /// The oracle's visits and result; `stopAfter` frames the visitor returns false.
    static func reference(_ bytes: [UInt8], from start: Int = 0, stopAfter: Int = .max) -> ([Visit], JournalScanner.Result) {
        var visits: [Visit] = []
        let result = bytes.withUnsafeBytes { raw in
            ReferenceScanner.scan(raw, from: start, skipped: { visits.append(.gap($0)) }) { type, payload, offset in
                visits.append(Visit(type: type, payload: Array(payload), offset: offset))
                return visits.count < stopAfter
            }
        }
        return (visits, result)
    }

    /// Feeds the scanner exactly the windows it asks for (`window` bytes, or its `count` when
    /// more), each a fresh copy so that a payload kept past its call would show.
    static func windowed(_ bytes: [UInt8], window: Int, from start: Int = 0, stopAfter: Int = .max) -> ([Visit], JournalScanner.Result, reads: Int) {
        var scanner = JournalScanner(from: start)
        var visits: [Visit] = []
        var next = (offset: 0, count: 0)
        // Every step makes progress; a scan that stopped making it fails here instead of hanging.
        for reads in 1...100_000 {
            let size = max(window, next.count)
            let lower = min(next.offset, bytes.count), upper = min(bytes.count, next.offset + size)
            let copy = Array(bytes[lower..<upper])
            let step = copy.withUnsafeBytes { raw in
                scanner.scan(raw, at: next.offset, endsSegment: copy.count < size, skipped: { visits.append(.gap($0)) }) { type, payload, offset in
                    visits.append(Visit(type: type, payload: Array(payload), offset: offset))
                    return visits.count < stopAfter
                }
            }
            switch step {
            case let .done(result): return (visits, result, reads)
            case let .read(offset, count): next = (offset, count)
            }
        }
        XCTFail("the scan did not finish")
        return (visits, JournalScanner.Result(segmentNumber: nil, validEnd: -1, end: .badHeader, frames: -1), 0)
    }

    func assertWindowedEqualsWhole(_ bytes: [UInt8], from start: Int = 0, stopAfter: Int = .max, windows: [Int] = windows,
                                   _ what: @autoclosure () -> String, file: StaticString = #filePath, line: UInt = #line) {
        let (visits, result) = Self.reference(bytes, from: start, stopAfter: stopAfter)
        var whole: [Visit] = []
        let wholeResult = bytes.withUnsafeBytes { raw in
            JournalScanner.scan(raw, from: start, skipped: { whole.append(.gap($0)) }) { type, payload, offset in
                whole.append(Visit(type: type, payload: Array(payload), offset: offset))
                return whole.count < stopAfter
            }
        }
        XCTAssertEqual(wholeResult, result, "whole, \(what())", file: file, line: line)
        XCTAssertEqual(whole, visits, "whole, \(what())", file: file, line: line)
        for window in windows {
            let (v, r, _) = Self.windowed(bytes, window: window, from: start, stopAfter: stopAfter)
            XCTAssertEqual(r, result, "window \(window), \(what())", file: file, line: line)
            XCTAssertEqual(v, visits, "window \(window), \(what())", file: file, line: line)
        }
    }

    func fixture(version: UInt32) -> JournalFixture {
        var f = JournalFixture(version: version)
        f.addSession(id: 1, start: t0, sampleCount: 12)
        f.addSession(id: 2, start: t0, sampleCount: 7)
        f.addSession(id: 3, start: t0, sampleCount: 5, finish: false)
        return f
    }

    func testEveryTruncationScansAsTheWholeSegmentDid() {
        for version in JournalFormatTests.layouts {
            let f = fixture(version: version)
            for cut in 0...f.bytes.count {
                assertWindowedEqualsWhole(Array(f.bytes[0..<cut]), "v\(version) cut \(cut)")
            }
        }
    }

    func testEveryBitFlipScansAsTheWholeSegmentDid() {
        for version in JournalFormatTests.layouts {
            let f = fixture(version: version)
            for byte in 0..<f.bytes.count {
                for bit in 0..<8 {
                    var damaged = f.bytes
                    damaged[byte] ^= 1 << bit
                    assertWindowedEqualsWhole(damaged, "v\(version) byte \(byte) bit \(bit)")
                }
            }
        }
    }

    /// No frame of any layout is one byte value repeated, which lets a scan past damage refuse a
    /// run of one value at its first offset (`JournalScanner.uniformRunFrameExtent`); runs of
    /// 0xFF (erased flash), zeros and other values in the middle of a segment, and at its end,
    /// scan in windows as the oracle scans them whole.
    func testRunsOfOneByteValueScanAsTheOracleDoes() {
        for version in JournalFormatTests.layouts {
            for value in 0...255 {
                let run = [UInt8](repeating: UInt8(value), count: 300)
                run.withUnsafeBytes { raw in
                    XCTAssertEqual(JournalFrame.read(raw, at: 0, version: version), .corrupt, "v\(version) byte \(value)")
                }
            }
            let f = fixture(version: version)
            for value: UInt8 in [0xFF, 0x00, 0x81, 0x05] {
                for (at, length) in [(f.frameEnds[3], 700), (f.frameEnds[3] + 1, 140), (f.frameEnds[3] + 5, 135), (f.frameEnds[10], 137)] {
                    var damaged = f.bytes
                    damaged.replaceSubrange(at..<(at + length), with: [UInt8](repeating: value, count: length))
                    assertWindowedEqualsWhole(damaged, windows: [7, 64, 200, 1000], "v\(version) \(length) x \(value) at \(at)")
                    let (visits, result) = Self.reference(damaged)
                    XCTAssertEqual(result.end, .clean, "v\(version) \(length) x \(value) at \(at)")
                    XCTAssertEqual(visits.filter { $0.type == nil }.count, 1)
                }
                var tail = f.bytes
                tail.replaceSubrange(f.frameEnds[12]..., with: [UInt8](repeating: value, count: 900))
                assertWindowedEqualsWhole(tail, windows: [7, 64, 200, 1000], "v\(version) tail of \(value)")
            }
        }
    }

    /// The committed v1 journal, its truncations, and a flip of its version byte (to 3: the
    /// first frame then decides the layout, `JournalFrame.layoutVersion`).
    func testTheCommittedV1JournalScansAsTheWholeSegmentDid() {
        let segment = JournalFormatV2Tests.fixtureSegment("journal-v1")
        XCTAssertGreaterThan(segment.count, 1000)
        assertWindowedEqualsWhole(segment, "v1 fixture")
        for cut in 0...segment.count { assertWindowedEqualsWhole(Array(segment[0..<cut]), windows: [7, 64, 1000], "v1 fixture cut \(cut)") }
        var flipped = segment
        flipped[8] = 3
        let (_, result) = Self.reference(flipped)
        XCTAssertEqual(result.version, 2, "the 9-byte frames formats 1 and 2 share")
        XCTAssertEqual(result.end, .clean)
        assertWindowedEqualsWhole(flipped, "v1 fixture read as v3")
    }

    /// From every frame (as `JournalHistory.session(id:)` starts at its index row), from beyond
    /// the end, and stopped by the visitor after every frame.
    func testStartOffsetsAndEarlyStopsScanAsTheWholeSegmentDid() {
        let f = fixture(version: JournalFormat.version)
        for start in [0, 5] + f.frameEnds.dropLast() + [f.bytes.count, f.bytes.count + 100] {
            assertWindowedEqualsWhole(f.bytes, from: start, "from \(start)")
        }
        for stop in 1...f.frameEnds.count { assertWindowedEqualsWhole(f.bytes, stopAfter: stop, "stop after \(stop)") }
    }

    /// Every frame straddles a 7-byte window: each is visited once, where the previous ended,
    /// and the visits tile the segment (a dropped or repeated frame would break the tiling).
    func testAStraddlingFrameIsVisitedExactlyOnce() {
        let f = fixture(version: JournalFormat.version)
        let (visits, result, reads) = Self.windowed(f.bytes, window: 7)
        XCTAssertEqual(visits.map(\.offset), [JournalFormat.segmentHeaderSize] + f.frameEnds.dropLast())
        XCTAssertEqual(result, .init(segmentNumber: 1, version: 3, validEnd: f.bytes.count, end: .clean, frames: f.frameEnds.count))
        XCTAssertGreaterThan(f.frameEnds.count, 20)
        XCTAssertGreaterThan(reads, 2 * f.frameEnds.count, "frames were cut by windows and read again")
    }

    /// A frame longer than the window: the scan asks for more bytes at that frame's offset,
    /// never past the longest legal frame, and a frame torn inside such a window is torn.
    func testAFrameLongerThanTheWindowIsAskedForWhole() {
        var bytes = JournalFormat.segmentHeader(number: 4)
        let detail = String(repeating: "x", count: 70_000)
        JournalRecord.event(.marker(time: t0, kind: "note", detail: detail)).appendFrame(to: &bytes)
        let bigEnd = bytes.count
        JournalRecord.tombstone(id: 9, time: t0).appendFrame(to: &bytes)
        var scanner = JournalScanner()
        let step = bytes.withUnsafeBytes { raw in
            scanner.scan(UnsafeRawBufferPointer(rebasing: raw[0..<1000]), at: 0, endsSegment: false) { _, _, _ in true }
        }
        XCTAssertEqual(step, .read(offset: 0, count: 1001), "the first frame decides the layout: more of it")
        for window in [64 << 10, 1000] {
            let (visits, result, _) = Self.windowed(bytes, window: window)
            XCTAssertEqual(visits.map(\.offset), [JournalFormat.segmentHeaderSize, bigEnd])
            XCTAssertEqual(visits.first?.payload.count, bigEnd - JournalFormat.segmentHeaderSize - 1 - 3 - 4)
            XCTAssertEqual(result, .init(segmentNumber: 4, version: 3, validEnd: bytes.count, end: .clean, frames: 2))
        }
        for cut in [bigEnd - 1, bigEnd - 5, 70_000, 65_536, 20] { assertWindowedEqualsWhole(Array(bytes[0..<cut]), "big cut \(cut)") }
        // A length no record reaches is corrupt at once, in any window.
        var absurd = JournalFormat.segmentHeader(number: 1)
        absurd += [JournalRecordType.event.rawValue, 0xFF, 0xFF, 0xFF, 0x7F, 1, 2, 3]
        assertWindowedEqualsWhole(absurd, "absurd length")
        XCTAssertEqual(Self.windowed(absurd, window: 7).1.end, .corrupt)
    }

    /// Random bytes after a valid header of every readable version, as the garbage test does.
    func testGarbageScansAsTheWholeSegmentDid() {
        var rng: UInt64 = 7
        for length in stride(from: 0, to: 300, by: 3) {
            for version in JournalFormat.readableVersions {
                var segment = JournalFormat.segmentHeader(number: 1)
                segment[8] = UInt8(version)
                for _ in 0..<length { rng = rng &* 6364136223846793005 &+ 1; segment.append(UInt8(truncatingIfNeeded: rng >> 33)) }
                assertWindowedEqualsWhole(segment, "garbage v\(version) length \(length)")
            }
        }
    }
}
