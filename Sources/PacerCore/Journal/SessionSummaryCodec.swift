/// The binary form of a `SessionSummary` inside a sessionEnd record and the history index.
/// Doubles are stored bit-exactly so a summary read back prints the JSON replay printed.
///
/// Format 3: a version byte (3), the activity code, a field count, then that many fields, each
/// its id then its value (the metric rows that have a journal field, `SessionMetric`: the id says
/// the value's shape, so an unknown field is skipped). Laps and splits are one field each: a byte
/// length, a count, then per segment a field count and its fields. Version bytes 1 and 2 (the fixed-mask formats 1 and 2) are still read.
public enum SessionSummaryCodec {
    public static func activityCode(_ a: Activity) -> UInt8 {
        a.profile.journalCode
    }

    public static func activity(code: UInt8) -> Activity? {
        ActivityProfile.activity(journalCode: code)
    }

    /// The summary fields format 3 stores, in the order it writes them: the metric rows that
    /// have a journal field (`SessionSummary.metrics`, `SegmentSummary.metrics`).
    public static let sessionFields = SessionMetric.journalFields(SessionSummary.metrics)
    public static let segmentFields = SessionMetric.journalFields(SegmentSummary.metrics)

    static let sessionRows = FieldRows(ids: sessionFields.map { $0.journal!.id }), segmentRows = FieldRows(ids: segmentFields.map { $0.journal!.id })

    /// The format this codec writes (its first byte); 1 and 2 are only read.
    public static let version: UInt8 = 3

    public static func encode(_ s: SessionSummary, into w: inout ByteWriter) {
        w.u8(version)
        w.u8(activityCode(s.activity))
        encodeFields(sessionFields, of: s, into: &w)
    }

    /// One pass over the table: the count of present fields comes first but is known only at
    /// the end, and as a table has fewer than 128 rows (`FieldRows` checks it) it is one varint
    /// byte, patched last (a history index rebuild encodes every session's laps and splits this way).
    static func encodeFields<T>(_ fields: [SessionMetric<T>], of target: T, into w: inout ByteWriter) {
        let countAt = w.count
        w.u8(0)
        var present: UInt8 = 0
        for row in fields.indices {
            let id = fields[row].journal!.id
            switch fields[row].value {
            // A value the reader would refuse (a non-finite number, a time outside the recordable
            // years) is left out: one absurd figure never makes a session's summary unreadable.
            case let .double(get, _):
                guard let v = get(target), v.isFinite else { continue }
                w.varint(id); w.f64(v)
            case let .integer(get, _):
                guard let v = get(target) else { continue }
                w.varint(id); w.zigzag(Int64(v))
            case let .time(get, _):
                guard let v = get(target)?.millisecondsSinceEpoch, JournalFormat.recordedTimes ~= v else { continue }
                w.varint(id); w.zigzag(v)
            case let .doubles(get, _):
                guard let v = get(target), v.allSatisfy(\.isFinite) else { continue }
                w.varint(id); w.varint(UInt64(v.count)); for x in v { w.f64(x) }
            case let .text(get, _):
                guard let v = get(target) else { continue }
                let bytes = Array(v.utf8.prefix(SessionMetric<T>.maximumTextBytes))
                w.varint(id); w.varint(UInt64(bytes.count)); w.append(bytes)
            case let .segments(get, _):
                w.varint(id)
                var inner = ByteWriter(capacity: 256)
                let segments = get(target)
                inner.varint(UInt64(segments.count))
                for g in segments { encodeFields(segmentFields, of: g, into: &inner) }
                w.varint(UInt64(inner.count)); w.append(inner.bytes)
            }
            present += 1
        }
        w.bytes[countAt] = present
    }

    public static func decode(_ r: inout ByteReader) throws -> SessionSummary {
        let format = try r.u8()
        if format == 1 || format == 2 { return try SessionSummaryCodecV1.decode(&r, version: format) }
        guard format == version, let activity = activity(code: try r.u8()) else { throw ByteReader.Malformed() }
        var s = SessionSummary(activity: activity)
        try decodeFields(sessionFields, sessionRows, into: &s, &r)
        return s
    }

    static func decodeFields<T>(_ fields: [SessionMetric<T>], _ rows: FieldRows, into target: inout T, _ r: inout ByteReader) throws {
        let n = try r.count(max: r.remaining)
        for _ in 0..<n {
            let id = try r.varint()
            guard let row = rows.row(of: id) else { try skip(id: id, &r); continue }
            switch fields[row].value {
            case let .double(_, set): set(&target, try finite(r.f64()))
            case let .integer(_, set): set(&target, Int(clamping: try r.zigzag()))
            case let .time(_, set):
                set(&target, try JournalRecord.time(milliseconds: r.zigzag()))
            case let .doubles(_, set):
                let count = try r.count(max: r.remaining / 8)
                var v: [Double] = []
                v.reserveCapacity(count)
                for _ in 0..<count { v.append(try finite(r.f64())) }
                set(&target, v)
            case let .text(_, set):
                let length = try r.count(max: min(r.remaining, SessionMetric<T>.maximumTextBytes))
                set(&target, String(decoding: try r.bytes(length), as: UTF8.self))
            case let .segments(_, set):
                let length = try r.count(max: r.remaining)
                var inner = ByteReader(r.base, offset: r.offset, end: r.offset + length)
                r.offset += length
                let count = try inner.count(max: inner.remaining)
                var segments: [SegmentSummary] = []
                segments.reserveCapacity(count)
                for _ in 0..<count {
                    var g = SegmentSummary(index: 0)
                    try decodeFields(segmentFields, segmentRows, into: &g, &inner)
                    segments.append(g)
                }
                guard inner.isAtEnd else { throw ByteReader.Malformed() }
                set(&target, segments)
            }
        }
    }

    /// No summary figure is infinite or NaN: one that is was not written by Pacer's encoder.
    static func finite(_ v: Double) throws -> Double {
        guard v.isFinite else { throw ByteReader.Malformed() }
        return v
    }

    /// Passes over a field this reader does not know, by the shape in its id.
    static func skip(id: UInt64, _ r: inout ByteReader) throws {
        switch id & 3 {
        case 0: _ = try r.zigzag()
        case 1: _ = try r.f64()
        case 2: _ = try r.bytes(8 * (try r.count(max: r.remaining / 8)))
        default: _ = try r.bytes(try r.count(max: r.remaining))
        }
    }
}
