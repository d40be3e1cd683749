/// Delta-encodes and decodes the samples of one session (see `JournalFormat`): format 3
/// samples (record types 10 and 11) are written and read, format 1 and 2 samples (type 2) only read.
///
/// Values are quantized to integers first (the scales in `JournalSampleField.table`) so that the
/// encoder's and decoder's running state agree exactly; a decoded sample is the quantized original.
public struct JournalSampleCodec: Sendable {
    var time: Int64
    /// Per table row, two lanes (a pair's second value in the odd lane): the last value and,
    /// for second-order rows, the last step. Unchanged while a field is absent.
    var last: [Int64]
    var step: [Int64]
    var lastRR: Int64 = 0
    /// The field set of the previous sample: rows as a bit mask (encoder), ids (decoder).
    var fieldMask: UInt64 = 0
    var fieldIDs: [UInt64] = []
    var v1: JournalSampleCodecV1

    static let timeFollows: UInt8 = 1, fieldSetFollows: UInt8 = 2
    static let maximumFields = 32, maximumList = 64

    /// State at a session's start: time is the start time, every value 0, no field.
    public init(sessionStart: UTCTime) {
        time = sessionStart.millisecondsSinceEpoch
        last = Array(repeating: 0, count: 2 * JournalSampleField.table.count)
        step = last
        v1 = JournalSampleCodecV1(sessionStart: sessionStart)
    }

    static func quantize(_ v: Double?, _ scale: Double) -> Int64? {
        guard let v, v.isFinite, abs(v * scale) < 9e15 else { return nil }
        return (v * scale).clampedInt64()
    }

    /// Whether row `field` has a value in `s` (its quantized value, or the lanes of a pair).
    static func value(of field: JournalSampleField, in s: SessionSample) -> (Int64, Int64)? {
        switch field.value {
        case let .number(scale, get, _): return quantize(get(s), scale).map { ($0, 0) }
        // A reader takes a value outside the range for damage: such a value is left out, so
        // one absurd reading never makes the rest of the journal unreadable.
        case let .integer(range, get, _): return get(s).flatMap { range.contains(Int64($0)) ? (Int64($0), 0) : nil }
        case .position:
            guard let lat = quantize(s.latitude, 1e7), let lon = quantize(s.longitude, 1e7) else { return nil }
            return (lat, lon)
        case .rrIntervals: return s.rrIntervals.isEmpty ? nil : (0, 0)
        }
    }

    /// Appends one sample's encoding and advances the state.
    public mutating func encode(_ s: SessionSample, into w: inout ByteWriter) {
        let table = JournalSampleField.table
        var mask: UInt64 = 0
        var rrRow = -1
        for (row, field) in table.enumerated() {
            if Self.value(of: field, in: s) != nil { mask |= 1 << UInt64(row) }
            if case .rrIntervals = field.value { rrRow = row }
        }
        // An RR list that is empty this second keeps its place (count 0) rather than re-listing the set.
        if rrRow >= 0, mask | 1 << UInt64(rrRow) == fieldMask { mask = fieldMask }
        let t = s.time.millisecondsSinceEpoch
        var header: UInt8 = 0
        if t &- time != 1000 { header |= Self.timeFollows }
        if mask != fieldMask { header |= Self.fieldSetFollows }
        w.u8(header)
        if header & Self.timeFollows != 0 { w.zigzag(t &- time &- 1000) }
        time = t
        if mask != fieldMask {
            w.varint(UInt64(mask.nonzeroBitCount))
            for (row, field) in table.enumerated() where mask & 1 << UInt64(row) != 0 { w.varint(field.id) }
            fieldMask = mask
        }
        for (row, field) in table.enumerated() where mask & 1 << UInt64(row) != 0 {
            if case .rrIntervals = field.value {
                // A reader takes at most `maximumList` (damage otherwise): never write more.
                let rr = s.rrIntervals.suffix(Self.maximumList)
                Self.putListHead(count: rr.count, first: rr.first.map { Int64($0) &- lastRR } ?? 0, &w)
                for (i, v) in rr.enumerated() {
                    if i > 0 { w.zigzag(Int64(v) &- lastRR) }
                    lastRR = Int64(v)
                }
                continue
            }
            let (a, b) = Self.value(of: field, in: s)!
            put(a, lane: 2 * row, field.secondOrder, &w)
            if field.shape == .pair { put(b, lane: 2 * row + 1, field.secondOrder, &w) }
        }
    }

    private mutating func put(_ v: Int64, lane: Int, _ secondOrder: Bool, _ w: inout ByteWriter) {
        let delta = v &- last[lane]
        w.zigzag(secondOrder ? delta &- step[lane] : delta)
        step[lane] = delta
        last[lane] = v
    }

    /// One value of a lane: a zigzag delta (of the last step, for second-order rows).
    @inline(__always)
    private static func take(lane: Int, _ secondOrder: Bool, _ r: inout ByteReader,
                             _ last: UnsafeMutableBufferPointer<Int64>, _ step: UnsafeMutableBufferPointer<Int64>) throws -> Int64 {
        let d = try r.zigzag()
        let delta = secondOrder ? step[lane] &+ d : d
        step[lane] = delta
        last[lane] = last[lane] &+ delta
        return last[lane]
    }

    /// Reads one format 3 sample and advances the state; throws on damaged input, never traps.
    /// `header` is the sample's header byte when the record left it out (`continuedSamples`).
    public mutating func decode(_ r: inout ByteReader, header given: UInt8? = nil) throws -> SessionSample {
        var s = SessionSample(time: UTCTime(millisecondsSinceEpoch: 0))
        var distance: Int64 = 0
        try advance(&r, header: given, keeping: true, into: &s, distance: &distance)
        return s
    }

    /// As `decode`, for a reader that wants only the sample's time and distance (the history
    /// index's best efforts): every value is read and checked as there, none is stored.
    public mutating func decodeTrack(_ r: inout ByteReader, header given: UInt8? = nil) throws -> (time: UTCTime, distanceMeters: Double) {
        var s = SessionSample(time: UTCTime(millisecondsSinceEpoch: 0))
        var distance: Int64 = 0
        try advance(&r, header: given, keeping: false, into: &s, distance: &distance)
        return (s.time, Double(distance) / Self.distance.scale)
    }

    /// The distance row's lane and scale (table id 0): `decodeTrack` reads it without the setter.
    static let distance: (lane: Int, scale: Double) = {
        let row = JournalSampleField.rows.row(of: 0)!
        guard case let .number(scale, _) = JournalSampleField.kinds[row] else { fatalError("distance is a number") }
        return (2 * row, scale)
    }()

    /// One sample: the state advanced over every value, which go into `s` when `keeping`; the
    /// distance row's quantized value (0 when absent) into `distance` either way.
    @inline(__always)
    private mutating func advance(_ r: inout ByteReader, header given: UInt8?, keeping: Bool,
                                  into s: inout SessionSample, distance: inout Int64) throws {
        let header = try given ?? r.u8()
        guard header & ~(Self.timeFollows | Self.fieldSetFollows) == 0 else { throw ByteReader.Malformed() }
        time = time &+ 1000 &+ (header & Self.timeFollows != 0 ? try r.zigzag() : 0)
        if header & Self.fieldSetFollows != 0 {
            let n = try r.count(max: Self.maximumFields)
            fieldIDs.removeAll(keepingCapacity: true)
            for _ in 0..<n { fieldIDs.append(try r.varint()) }
        }
        s.time = try JournalRecord.time(milliseconds: time)
        // The lanes through pointers, and the rows as `kinds` (and `setters`): a journal scan
        // walks every sample of every session, and copying table rows and checking the lane
        // arrays' uniqueness per value were most of its cost.
        let ids = fieldIDs, kinds = JournalSampleField.kinds, setters = JournalSampleField.setters, distanceLane = Self.distance.lane
        var rr = lastRR
        defer { lastRR = rr }
        try last.withUnsafeMutableBufferPointer { last in
            try step.withUnsafeMutableBufferPointer { step in
                for id in ids {
                    guard let row = JournalSampleField.rows.row(of: id) else { try Self.skip(id: id, &r); continue }
                    switch kinds[row] {
                    case let .number(scale, secondOrder):
                        let v = try Self.take(lane: 2 * row, secondOrder, &r, last, step)
                        if 2 * row == distanceLane { distance = v }
                        if keeping, case let .number(set) = setters[row] { set(&s, Double(v) / scale) }
                    case let .integer(range, secondOrder):
                        let v = try Self.take(lane: 2 * row, secondOrder, &r, last, step)
                        guard range.contains(v) else { throw ByteReader.Malformed() }
                        if keeping, case let .integer(set) = setters[row] { set(&s, Int(v)) }
                    case .position:
                        let lat = try Self.take(lane: 2 * row, true, &r, last, step)
                        let lon = try Self.take(lane: 2 * row + 1, true, &r, last, step)
                        if keeping {
                            s.latitude = Double(lat) / 1e7
                            s.longitude = Double(lon) / 1e7
                        }
                    case .rrIntervals:
                        let (n, first) = try Self.takeListHead(&r)
                        if keeping { s.rrIntervals.reserveCapacity(n) }
                        for i in 0..<n {
                            rr = rr &+ (i == 0 ? first : try r.zigzag())
                            guard rr >= 0, rr <= 0xFFFF else { throw ByteReader.Malformed() }
                            if keeping { s.rrIntervals.append(UInt16(rr)) }
                        }
                    }
                }
            }
        }
    }

    /// A list starts with one varint that holds its count in the low 3 bits (7: the count − 7
    /// follows as a varint) and its first value's zigzag above them, so a second's RR list of
    /// up to 6 beats whose first changed by less than 8/1024 s starts with one byte, not two.
    /// List values must fit 60 bits (RR deltas are within ±65535).
    static func putListHead(count: Int, first: Int64, _ w: inout ByteWriter) {
        let zigzag = count > 0 ? UInt64(bitPattern: (first << 1) ^ (first >> 63)) : 0
        w.varint(zigzag &<< 3 | UInt64(min(count, 7)))
        if count >= 7 { w.varint(UInt64(count - 7)) }
    }

    static func takeListHead(_ r: inout ByteReader) throws -> (count: Int, first: Int64) {
        let v = try r.varint()
        var n = Int(v & 7)
        if n == 7 { n += try r.count(max: maximumList - 7) }
        let zigzag = v >> 3
        guard n > 0 || zigzag == 0 else { throw ByteReader.Malformed() }
        return (n, Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1))
    }

    /// Passes over the value of a field this reader does not know, by the shape in its id.
    static func skip(id: UInt64, _ r: inout ByteReader) throws {
        switch JournalSampleField.Shape(rawValue: id & 3) {
        case .scalar: _ = try r.zigzag()
        case .pair: _ = try r.zigzag(); _ = try r.zigzag()
        case .list: for _ in 1..<max(1, try takeListHead(&r).count) { _ = try r.zigzag() }
        case nil: throw ByteReader.Malformed()
        }
    }

    /// Reads one format 1 or 2 sample (record type 2).
    public mutating func decodeV1(_ r: inout ByteReader) throws -> SessionSample {
        try v1.decode(&r)
    }

    /// The sample as the journal will give it back (values quantized).
    public static func quantized(_ s: SessionSample) -> SessionSample {
        var codec = JournalSampleCodec(sessionStart: s.time)
        var w = ByteWriter()
        codec.encode(s, into: &w)
        var back = JournalSampleCodec(sessionStart: s.time)
        return w.bytes.withUnsafeBytes { raw in
            var r = ByteReader(raw)
            return (try? back.decode(&r)) ?? s
        }
    }
}
