/// The history index file (`index.pjx`): every live session's summary, in journal order, so
/// that `sessions`, `stats` and `records` never decode samples. A cache: it names the segment
/// sizes it was built from, and readers rebuild it when they disagree with the directory.
///
/// Layout (little-endian): magic `PACERIDX`, u32 version (5: format 3 summary blobs, the TRIMP
/// column and segment tails; any other version is rebuilt), u32 segment count, u32 row
/// count, u32 blob bytes, u32 rows CRC, u32 blobs CRC; per segment u32 number, u32 tail hash
/// (`SegmentSize.tail`), u64 size; then fixed 128-byte rows (id, start ms, elapsed, moving, distance, calories, steps,
/// activity, flags, segment, offset of the sessionStart frame, blob offset and length, 5
/// best-effort seconds, TRIMP; NaN/INT64_MIN = null); then the summary blobs (`SessionSummaryCodec`).
/// The rows CRC-32C covers bytes 0..<24 and everything from the segments to the blobs, so
/// `sessions` and `stats` read and verify only the rows; the blobs have their own CRC.
public struct HistoryIndex: Sendable {
    public static let magic: [UInt8] = Array("PACERIDX".utf8)
    public static let version: UInt32 = 5
    public static let headerSize = 32
    public static let rowSize = 128

    /// A segment as an index was built from it: its size, and a check of the bytes just before
    /// that size, so that a segment replaced by another of the same size or longer (a backup
    /// restored, a copy from another board) does not pass for the one indexed.
    public struct SegmentSize: Equatable, Sendable {
        public var number: UInt32
        public var size: UInt64
        /// A hash (FNV-1a folded to 32 bits) of the last `tailLength` bytes up to `size` (all of
        /// them when fewer), never 0. Not a CRC: the last bytes are a frame and its CRC.
        public var tail: UInt32
        public init(number: UInt32, size: UInt64, tail: UInt32 = 0) { self.number = number; self.size = size; self.tail = tail }

        public static let tailLength = 64

        /// `tail` for a segment whose last bytes up to its size are `bytes`.
        public static func tail(of bytes: UnsafeRawBufferPointer) -> UInt32 {
            var f = FNV1a()
            f.add(bytes)
            let folded = UInt32(truncatingIfNeeded: f.value ^ f.value >> 32)
            return folded == 0 ? 1 : folded
        }
    }

    /// One session as the index keeps it.
    public struct Entry: Sendable {
        public var summary: SessionSummary
        public var id: UInt64
        public var segment: UInt32
        public var offset: UInt64
        /// Fastest 1 km, 5 km, 10 km, half, full marathon inside the session (`BestEfforts`).
        public var bestEfforts: [Double?]
        /// `summary` as `SessionSummaryCodec` encodes it, when the journal stored it so.
        public var storedSummary: [UInt8]?
        public init(summary: SessionSummary, id: UInt64, segment: UInt32, offset: UInt64, bestEfforts: [Double?],
                    storedSummary: [UInt8]? = nil) {
            self.summary = summary
            self.id = id
            self.segment = segment
            self.offset = offset
            self.bestEfforts = bestEfforts
            self.storedSummary = storedSummary
        }
    }

    /// Serializes entries built from a journal whose segments had `segments` sizes.
    public static func encode(segments: [SegmentSize], entries: [Entry]) -> [UInt8] {
        var builder = Builder()
        for e in entries { builder.add(e) }
        return builder.encode(segments: segments)
    }

    /// The header and the segment table, with room for `rows` rows after them. The two CRCs
    /// are left 0: `sealRows` fills the rows CRC, the blobs CRC is the writer's.
    static func beginFile(segments: [SegmentSize], rows: Int, blobBytes: Int) -> ByteWriter {
        var w = ByteWriter(capacity: headerSize + segments.count * 16 + rows * rowSize)
        w.append(magic); w.u32(version); w.u32(UInt32(segments.count)); w.u32(UInt32(rows))
        w.u32(UInt32(blobBytes)); w.u32(0); w.u32(0)
        for s in segments { w.u32(s.number); w.u32(s.tail); w.u64(s.size) }
        return w
    }

    /// Fills the rows CRC once everything up to the blobs is in `w`.
    static func sealRows(_ w: inout ByteWriter) {
        var crc = w.bytes[0..<24].withUnsafeBytes { CRC32C.update(0, $0) }
        crc = w.bytes[headerSize...].withUnsafeBytes { CRC32C.update(crc, $0) }
        w.patchU32(crc, at: 24)
    }
}

/// Reads an index file in place: rows are decoded on demand, summaries only when asked for.
public struct HistoryIndexReader {
    public let bytes: UnsafeRawBufferPointer
    /// Whoever owns `bytes`: every copy of the reader keeps it alive, so no caller can read
    /// freed memory after dropping the owner (an optimized build frees at the last use).
    public var owner: AnyObject?
    public let segments: [HistoryIndex.SegmentSize]
    public let count: Int
    let rowsStart: Int
    let blobsStart: Int
    /// The summary blobs are present and verified (`summary(_:)` works).
    public let hasSummaries: Bool

    /// Bytes from the start of the file to the end of the rows, read from the 32-byte header:
    /// what list and stats need to read. nil when the header is not an index header.
    public static func rowsLength(header: UnsafeRawBufferPointer) -> Int? {
        guard header.count >= HistoryIndex.headerSize else { return nil }
        for i in 0..<8 where header[i] != HistoryIndex.magic[i] { return nil }
        var r = ByteReader(header, offset: 8)
        guard (try? r.u32()) == HistoryIndex.version, let nseg = try? r.u32(), let nrows = try? r.u32(),
              Int(nseg) < 1 << 24, Int(nrows) < 1 << 26 else { return nil }
        return HistoryIndex.headerSize + Int(nseg) * 16 + Int(nrows) * HistoryIndex.rowSize
    }

    /// nil when the rows do not verify. `bytes` may stop after the rows (then no summaries).
    public init?(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        guard let rowsEnd = HistoryIndexReader.rowsLength(header: bytes), bytes.count >= rowsEnd else { return nil }
        var r = ByteReader(bytes, offset: 12)
        guard let nseg = try? r.u32(), let nrows = try? r.u32(), let blobLength = try? r.u32(),
              let rowsCRC = try? r.u32(), let blobsCRC = try? r.u32() else { return nil }
        var crc = CRC32C.update(0, UnsafeRawBufferPointer(rebasing: bytes[0..<24]))
        crc = CRC32C.update(crc, UnsafeRawBufferPointer(rebasing: bytes[HistoryIndex.headerSize..<rowsEnd]))
        guard crc == rowsCRC else { return nil }
        var segs: [HistoryIndex.SegmentSize] = []
        for _ in 0..<nseg {
            guard let n = try? r.u32(), let tail = try? r.u32(), let size = try? r.u64() else { return nil }
            segs.append(.init(number: n, size: size, tail: tail))
        }
        segments = segs
        count = Int(nrows)
        rowsStart = r.offset
        blobsStart = rowsStart + count * HistoryIndex.rowSize
        let blobsEnd = blobsStart + Int(blobLength)
        hasSummaries = bytes.count == blobsEnd
            && CRC32C.checksum(UnsafeRawBufferPointer(rebasing: bytes[blobsStart..<blobsEnd])) == blobsCRC
        guard bytes.count == rowsEnd || hasSummaries else { return nil }
        // Rows carry the CRC the writer computed; values it could not have written are damage
        // that kept its CRC (or another tool's file), and the journal is read again instead.
        for i in 0..<count {
            guard JournalFormat.sessionIDs ~= id(i) else { return nil }
            if let start = startMilliseconds(i), !(JournalFormat.recordedTimes ~= start) { return nil }
        }
    }

    /// The numeric columns of row `i` (what list and stats need), without decoding the blob.
    public struct Row {
        public var id: UInt64
        public var start: Int64?
        public var elapsed: Double, moving: Double, distance: Double
        public var calories: Double?
        public var steps: Int64?
        public var activity: Activity
        public var interrupted: Bool
        public var segment: UInt32
        public var offset: UInt64
        public var bestEfforts: [Double?]
        /// The session's TRIMP (training load reads rows only).
        public var trimp: Double?
    }

    @inline(__always) func f64(_ o: Int) -> Double { Double(bitPattern: u64(o)) }
    @inline(__always) func u64(_ o: Int) -> UInt64 { bytes.loadUnaligned(fromByteOffset: o, as: UInt64.self).littleEndian }
    @inline(__always) func u32(_ o: Int) -> UInt32 { bytes.loadUnaligned(fromByteOffset: o, as: UInt32.self).littleEndian }

    public func id(_ i: Int) -> UInt64 { u64(rowsStart + i * HistoryIndex.rowSize) }
    public func startMilliseconds(_ i: Int) -> Int64? {
        let v = Int64(bitPattern: u64(rowsStart + i * HistoryIndex.rowSize + 8))
        return v == Int64.min ? nil : v
    }
    public func activity(_ i: Int) -> Activity {
        SessionSummaryCodec.activity(code: bytes[rowsStart + i * HistoryIndex.rowSize + 56]) ?? .run
    }

    public func trimp(_ i: Int) -> Double? {
        let v = f64(rowsStart + i * HistoryIndex.rowSize + 120)
        return v.isNaN ? nil : v
    }

    public func row(_ i: Int) -> Row {
        let o = rowsStart + i * HistoryIndex.rowSize
        let cal = f64(o + 40)
        let steps = Int64(bitPattern: u64(o + 48))
        var best: [Double?] = []
        for k in 0..<5 { let v = f64(o + 80 + 8 * k); best.append(v.isNaN ? nil : v) }
        return Row(id: u64(o), start: startMilliseconds(i), elapsed: f64(o + 16), moving: f64(o + 24), distance: f64(o + 32),
                   calories: cal.isNaN ? nil : cal, steps: steps == Int64.min ? nil : steps,
                   activity: activity(i), interrupted: bytes[o + 57] != 0,
                   segment: u32(o + 60), offset: u64(o + 64), bestEfforts: best, trimp: trimp(i))
    }

    /// The full summary of row `i` (with its id), as replay printed it.
    public func summary(_ i: Int) -> SessionSummary? {
        let o = rowsStart + i * HistoryIndex.rowSize
        let start = blobsStart + Int(u32(o + 72)), length = Int(u32(o + 76))
        guard hasSummaries, start + length <= bytes.count else { return nil }
        var r = ByteReader(bytes, offset: start, end: start + length)
        guard var s = try? SessionSummaryCodec.decode(&r) else { return nil }
        s.id = String(id(i))
        return s
    }
}
