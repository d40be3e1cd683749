/// The binary form of a `SessionSummary` inside a sessionEnd record and the history index.
/// Doubles are stored bit-exactly so a summary read back prints the JSON replay printed.
///
/// Format 3: a version byte (3), the activity code, a field count, then that many fields, each
/// its id then its value (`SummaryField`: the id says the value's shape, so an unknown field
/// is skipped). Laps and splits are one field each: a byte length, a count, then per segment
/// a field count and its fields. Version bytes 1 and 2 (the fixed-mask formats 1 and 2) are still read.
public enum SessionSummaryCodec {
    public static func activityCode(_ a: Activity) -> UInt8 {
        a.profile.journalCode
    }

    public static func activity(code: UInt8) -> Activity? {
        ActivityProfile.activity(journalCode: code)
    }

    typealias Session = SummaryField<SessionSummary>
    typealias Segment = SummaryField<SegmentSummary>

    /// Every session summary field. Ids are never reused.
    public static let sessionFields: [SummaryField<SessionSummary>] = [
        Session(0, "start", .time(get: { $0.start }, set: { $0.start = $1 })),
        Session(4, "end", .time(get: { $0.end }, set: { $0.end = $1 })),
        Session(1, "elapsed s", .double(get: { $0.elapsedSeconds }, set: { $0.elapsedSeconds = $1 })),
        Session(5, "moving s", .double(get: { $0.movingSeconds }, set: { $0.movingSeconds = $1 })),
        Session(9, "distance m", .double(get: { $0.distanceMeters }, set: { $0.distanceMeters = $1 })),
        Session(13, "average speed m/s", .double(get: { $0.averageSpeed }, set: { $0.averageSpeed = $1 })),
        Session(17, "max speed m/s", .double(get: { $0.maxSpeed }, set: { $0.maxSpeed = $1 })),
        Session(21, "elevation gain m", .double(get: { $0.elevationGain }, set: { $0.elevationGain = $1 })),
        Session(25, "elevation loss m", .double(get: { $0.elevationLoss }, set: { $0.elevationLoss = $1 })),
        Session(29, "heart rate average", .double(get: { $0.heartRateAverage }, set: { $0.heartRateAverage = $1 })),
        Session(8, "heart rate max", .integer(get: { $0.heartRateMax }, set: { $0.heartRateMax = $1 })),
        Session(2, "heart rate zone s", .doubles(get: { $0.heartRateZoneSeconds }, set: { $0.heartRateZoneSeconds = $1 })),
        Session(12, "steps", .integer(get: { $0.steps }, set: { $0.steps = $1 })),
        Session(33, "cadence average", .double(get: { $0.cadenceAverage }, set: { $0.cadenceAverage = $1 })),
        Session(37, "calories kcal", .double(get: { $0.calories }, set: { $0.calories = $1 })),
        Session(41, "rmssd ms", .double(get: { $0.rmssd }, set: { $0.rmssd = $1 })),
        Session(45, "trimp", .double(get: { $0.trimp }, set: { $0.trimp = $1 })),
        Session(49, "power average W", .double(get: { $0.powerAverage }, set: { $0.powerAverage = $1 })),
        Session(16, "power max W", .integer(get: { $0.powerMax }, set: { $0.powerMax = $1 })),
        Session(53, "power normalized W", .double(get: { $0.powerNormalized }, set: { $0.powerNormalized = $1 })),
        Session(20, "interrupted (1)", .integer(get: { $0.interrupted ? 1 : nil }, set: { $0.interrupted = $1 != 0 })),
        Session(3, "laps", .segments(get: { $0.laps }, set: { $0.laps = $1 })),
        Session(7, "splits", .segments(get: { $0.splits }, set: { $0.splits = $1 })),
    ]

    /// Every lap/split field. Ids are never reused.
    public static let segmentFields: [SummaryField<SegmentSummary>] = [
        Segment(0, "index", .integer(get: { $0.index }, set: { $0.index = $1 })),
        Segment(4, "start", .time(get: { $0.start }, set: { $0.start = $1 })),
        Segment(1, "elapsed s", .double(get: { $0.elapsedSeconds }, set: { $0.elapsedSeconds = $1 })),
        Segment(5, "moving s", .double(get: { $0.movingSeconds }, set: { $0.movingSeconds = $1 })),
        Segment(9, "distance m", .double(get: { $0.distanceMeters }, set: { $0.distanceMeters = $1 })),
        Segment(13, "average speed m/s", .double(get: { $0.averageSpeed }, set: { $0.averageSpeed = $1 })),
        Segment(17, "heart rate average", .double(get: { $0.heartRateAverage }, set: { $0.heartRateAverage = $1 })),
        Segment(21, "cadence average", .double(get: { $0.cadenceAverage }, set: { $0.cadenceAverage = $1 })),
        Segment(25, "elevation gain m", .double(get: { $0.elevationGain }, set: { $0.elevationGain = $1 })),
        Segment(29, "power average W", .double(get: { $0.powerAverage }, set: { $0.powerAverage = $1 })),
        Segment(8, "power max W", .integer(get: { $0.powerMax }, set: { $0.powerMax = $1 })),
        Segment(33, "power normalized W", .double(get: { $0.powerNormalized }, set: { $0.powerNormalized = $1 })),
    ]

    static let sessionRows = FieldRows(ids: sessionFields.map(\.id)), segmentRows = FieldRows(ids: segmentFields.map(\.id))

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
    static func encodeFields<T>(_ fields: [SummaryField<T>], of target: T, into w: inout ByteWriter) {
        let countAt = w.count
        w.u8(0)
        var present: UInt8 = 0
        for row in fields.indices {
            let id = fields[row].id
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

    static func decodeFields<T>(_ fields: [SummaryField<T>], _ rows: FieldRows, into target: inout T, _ r: inout ByteReader) throws {
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
