/// The on-disk format of the session journal, specified here in prose (as SQLite's `wal.c`
/// does) and mirrored in `docs/journal.md`. Encoding and scanning are pure and work on bytes.
///
/// FILES. A journal is a directory of append-only segment files `segment-00000001.pjl`,
/// `segment-00000002.pjl`, ... numbered from 1. A new segment is started only at a session
/// boundary (when the current one passes its size limit), so every segment decodes on its own.
/// `index.pjx` beside them is a cache of summaries (see `HistoryIndex`), never the truth.
///
/// SEGMENT HEADER (16 bytes): the ASCII magic `PACERJNL`, the format version (u32 LE, 3) and
/// the segment number (u32 LE). A file shorter than 16 bytes holds no record and is re-headed.
/// Versions 1...3 are read; only 3 is written, and a session never starts in an older
/// segment (the writer starts a new one), so old segments followed by v3 segments read as one.
/// The version decides the frame layout; records say their own format (type, summary version).
///
/// FRAMES, VERSIONS 1 AND 2. After the header the file is a sequence of frames, nothing else:
///
///     offset 0  u32 LE  payload length L (at most `maximumPayload`)
///     offset 4  u8      record type (below)
///     offset 5  u32 LE  CRC-32C (Castagnoli) of bytes 0..<5 followed by the payload
///     offset 9  L bytes payload
///
/// FRAMES, VERSION 3 (`JournalFrame`). The first byte (the tag) says which of two kinds:
///
///     short  tag 1 t LLLLLL: a samples record (t = 0: type 10, t = 1: type 11) of L = 0...63
///            bytes, then the L payload bytes, then CRC-16/CCITT (`CRC16CCITT`, u16 LE) of the
///            tag and the payload: 3 bytes of frame around the 1 Hz commit's ~11-byte payload.
///     long   tag 0 + record type (1...127), varint L (1...4 bytes, at most `maximumPayload`),
///            L payload bytes, then CRC-32C (u32 LE) of the tag, the length and the payload.
///
/// A tag 0 (zeros) and an unknown type are no frame. A writer that finishes or deletes a
/// session in a v1 or v2 segment writes that segment's 9-byte frames. The version field has no
/// check of its own: when a segment's first frame verifies only in the other layout, a reader
/// uses that one (`JournalFrame.layoutVersion`), so a flipped version bit costs nothing.
///
/// WHY A CRC-16 IS ENOUGH FOR SHORT FRAMES. It covers at most 64 bytes (512 bits). Its
/// generator, 0x1021 = (x + 1) times a primitive polynomial of degree 15, has Hamming distance 4
/// up to 32 751 bits: every 1-, 2- and 3-bit error and every odd number of flipped bits is
/// caught, as is every burst of up to 16 bits (one or two damaged bytes); any other damage
/// passes with probability 2^-16. A torn write is caught before any check: the frame runs past
/// the end of the file (torn), or its region reads as zeros (a zero tag is no frame). What a
/// CRC must catch is the rarer torn tail of non-zero garbage, which can only be the last
/// second's commit; there a false match (2^-16, once in ~180 years of a crash a day) would keep
/// one frame of wrong samples, and its payload must still decode exactly (reserved header bits
/// 0, values in range, samples ending at the payload's end) or recovery cuts it as damage. A
/// flipped bit in a length changes which bytes are checked: caught but for the same 2^-16
/// (2^-32 in long frames). Long frames, rare (events, starts, ends) and of any size, keep
/// CRC-32C: Hamming distance 6 up to 5 243 bits and 4 far beyond.
///
/// RECOVERY. A reader accepts frames while each one is complete and its CRC verifies. At one
/// that does not (a torn write, a flipped bit, zeros) it looks for the next offset where frames
/// verify again (64 bits of CRC in a row, or 32 that reach the end: `JournalScanner`) and goes
/// on from there: only a crash's last commit can be torn, so damage that verified frames follow
/// is not a tail. Where none follow, the valid prefix ends: opening for writing truncates the
/// last segment there and appends after it. Committed frames are never rewritten, damaged ones
/// included. A session whose frames the damage hit keeps the samples before it (later ones are
/// deltas from lost ones) and its summary; one whose start was lost comes back from its summary.
/// A frame that verifies but does not decode is passed the same way, or cut as the last frame.
///
/// RECORDS. Integers are LEB128 varints; signed ones zigzag-encoded; times are UTC milliseconds.
///   1 sessionStart: id, activity (`ActivityProfile.journalCode`: 0 run, 1 walk, 2 ride,
///                   3 strength, 4 other), start time, config text (`key=value` lines: the
///                   settings the summary depends on).
///   2 samples:      FORMATS 1 AND 2, read only: count, then that many samples, each delta-encoded
///                   against the previous sample of the same session (state starts at the
///                   session start time, all values 0): a presence byte (bit 0 position, 1 altitude, 2 speed, 3 heart
///                   rate, 4 RR intervals, 5 cadence, 6 steps), zigzag(Δtime ms − 1000),
///                   zigzag(ΔΔdistance cm), then for each present field: latitude and longitude
///                   in 1e-7 degrees as second-order deltas (the change of the previous step,
///                   as distance), then zigzag deltas of altitude cm, speed cm/s, heart rate
///                   bpm, RR (count, then each RR's delta from the previous RR, 1/1024 s),
///                   cadence 0.1/min, steps.
///   3 lap:          time, lap number (the lap that starts).
///   4 pause:        time, 1 if automatic else 0.
///   5 resume:       time.
///   6 event:        time, kind, detail (free text, e.g. `zone_changed`, `3`).
///   7 sessionEnd:   id, the session summary (`SessionSummaryCodec`); interrupted sessions
///                   closed by recovery carry a summary computed from their samples.
///   8 tombstone:    id, time: the session is deleted from history; its frames stay.
///   9 reopened:     id, time: session `id` takes records again: the one a crash left open,
///                   resumed by the daemon, or an ended one gaining a set (its new sessionEnd
///                   supersedes the earlier one; nothing committed is rewritten).
///  10 taggedSamples: format 3 samples up to the payload's end (at least one), each: a header
///                   byte (bit 0: zigzag(Δtime ms − 1000) follows, else the step is 1 s; bit 1:
///                   the field set follows as a count and that many ids, else it is the
///                   previous sample's; other bits 0), then one value per field of the set.
///                   Fields are `JournalSampleField.table` (id, quantization, 1st/2nd-order
///                   delta); an id's low two bits are its shape (0 one zigzag, 1 two, 2 a list:
///                   a varint of count (≤ 64) in bits 0...2 (7: count − 7 follows) and the
///                   first value's zigzag above, then the other values; 3 reserved), so
///                   unknown ids are skipped.
///  11 continuedSamples: as 10, but the first sample's header byte is left out: it is 0 (one
///                   second after the previous sample, the same fields), as it nearly always is
///                   at one commit a second. May be empty (a sample with no field).
/// SUMMARIES (sessionEnd, index): version byte 3, activity, field count, fields as id + value
/// (`SessionSummaryCodec.sessionFields`/`segmentFields`; shape in the id's low two bits: 0
/// zigzag, 1 float64, 2 count + float64s, 3 length + bytes, used for laps and splits).
/// Version bytes 1 and 2 (formats 1 and 2: fixed mask, 2 adds power as (id, f64)) still read.
/// Records of a session come between its sessionStart, or a `reopened` for it, and its next
/// sessionEnd; at most one session is open at a time.
public enum JournalFormat {
    public static let magic: [UInt8] = Array("PACERJNL".utf8)
    public static let version: UInt32 = 3
    /// Session ids a record may hold: from 1, and within the integers a double (and so every
    /// JSON client) holds exactly. Outside, the record is damage.
    public static let sessionIDs: ClosedRange<UInt64> = 1...((1 << 53) - 1)
    /// Times (milliseconds since 1970) a record may hold: years 1970 to 9999. Outside, damage.
    public static let recordedTimes: ClosedRange<Int64> = 0...253_402_300_799_999
    /// Versions a reader accepts: 1 and 2 (samples as record type 2) and 3.
    public static let readableVersions: ClosedRange<UInt32> = 1...3
    public static let segmentHeaderSize = 16
    /// Frame header of versions 1 and 2 (version 3: `JournalFrame`).
    public static let frameHeaderSize = 9
    /// Larger lengths are damage, not records: no record comes near this.
    public static let maximumPayload = 16 << 20

    /// The 16-byte header of segment `number`.
    public static func segmentHeader(number: UInt32) -> [UInt8] {
        var w = ByteWriter(capacity: segmentHeaderSize)
        w.append(magic)
        w.u32(version)
        w.u32(number)
        return w.bytes
    }

    /// The segment number when `bytes` starts with a valid header.
    public static func segmentNumber(header bytes: UnsafeRawBufferPointer) -> UInt32? {
        segmentHeader(bytes)?.number
    }

    /// The format version and number when `bytes` starts with a valid header of a readable version.
    public static func segmentHeader(_ bytes: UnsafeRawBufferPointer) -> (version: UInt32, number: UInt32)? {
        guard bytes.count >= segmentHeaderSize else { return nil }
        for i in 0..<8 where bytes[i] != magic[i] { return nil }
        var r = ByteReader(bytes, offset: 8)
        guard let v = try? r.u32(), readableVersions.contains(v), let n = try? r.u32() else { return nil }
        return (v, n)
    }
}

/// The kinds of journal record (the byte after a frame's length).
public enum JournalRecordType: UInt8, Sendable {
    case sessionStart = 1, samples, lap, pause, resume, event, sessionEnd, tombstone, reopened
    /// Format 3 samples (field ids, `JournalSampleCodec`); `samples` (2) is formats 1 and 2, read only.
    case taggedSamples = 10
    /// Format 3 samples whose first sample's header byte is left out: it is 0 (one second after
    /// the previous sample, the same fields), as nearly every 1 Hz commit's is.
    case continuedSamples = 11

    /// Whether the record holds samples (any format).
    public var holdsSamples: Bool { self == .samples || self == .taggedSamples || self == .continuedSamples }
}
