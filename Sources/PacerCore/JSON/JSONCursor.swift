/// Writes a run of JSON text straight into the room `JSONWriter.cursorValue(atMost:_:)` lends,
/// with the writer's encoders and no bookkeeping per token: for objects written on every fix
/// (the STATE report, `pacerctl parse`'s lines, `strength --json`'s sessions), where a capacity check, a uniqueness check and
/// a comma decision per key and per value were a third of the writing.
///
/// Only what has a known bound is written here: literals, numbers (at most
/// `JSONWriter.maximumEncodedLength` bytes), times and `null`. The caller sizes the room,
/// `fieldRoom` per field (a literal key with its punctuation, then one value); strings, which
/// need escaping and have no bound, go through `JSONWriter` itself. A run that outgrows its room
/// (a field added without the room counted) traps before it writes past it.
public struct JSONCursor {
    private let base: UnsafeMutablePointer<UInt8>
    private let room: Int
    /// Bytes written so far.
    public private(set) var count = 0

    /// Room one `key` plus one value may take: a key literal of at most 24 bytes (its comma,
    /// quotes and colon included) and the longest encoded value.
    public static let fieldRoom = 24 + JSONWriter.maximumEncodedLength

    init(_ base: UnsafeMutablePointer<UInt8>, room: Int) {
        self.base = base
        self.room = room
    }

    /// Checks that `maximum` more bytes fit: one comparison per token, where writing past the
    /// room would overwrite the heap.
    @inline(__always) private func ensure(_ maximum: Int) {
        precondition(count &+ maximum <= room, "a JSONCursor run longer than the room reserved for it")
    }

    /// A literal as it is (`,"lat":`).
    @inline(__always) public mutating func raw(_ s: StaticString) {
        ensure(s.utf8CodeUnitCount)
        count &+= JSONWriter.encode(s, to: base + count)
    }

    /// A key literal, punctuation included, within the room `fieldRoom` allows for it.
    @inline(__always) public mutating func key(_ s: StaticString) {
        assert(s.utf8CodeUnitCount <= 24, "a key literal longer than JSONCursor.fieldRoom allows: \(s)")
        raw(s)
    }

    /// A key built at run time (a metric table's), within the same bound as a literal one.
    @inline(__always) public mutating func key(_ s: String) {
        var s = s
        s.withUTF8 { bytes in
            precondition(bytes.count <= 24, "a key longer than JSONCursor.fieldRoom allows")
            ensure(bytes.count)
            (base + count).update(from: bytes.baseAddress!, count: bytes.count)
            count &+= bytes.count
        }
    }

    /// Exactly `decimals` digits after the point (`JSONWriter.value(_:fixed:)`), or null.
    @inline(__always) public mutating func number(_ v: Double?, fixed decimals: Int) {
        guard let v, v.isFinite else { raw("null"); return }
        ensure(JSONWriter.maximumEncodedLength)
        count &+= JSONWriter.encode(v, fixed: decimals, to: base + count)
    }

    /// Rounded to `decimals` places without trailing zeros (`JSONWriter.value(_:decimals:)`), or null.
    @inline(__always) public mutating func number(_ v: Double?, trimmed decimals: Int) {
        guard let v, v.isFinite else { raw("null"); return }
        ensure(JSONWriter.maximumEncodedLength)
        count &+= JSONWriter.encode(v, trimmed: decimals, to: base + count)
    }

    @inline(__always) public mutating func integer(_ v: Int?) {
        guard let v else { raw("null"); return }
        ensure(JSONWriter.maximumEncodedLength)
        count &+= JSONWriter.encode(v, to: base + count)
    }

    /// A calendar day as `YYYY-MM-DD`, unquoted; a year outside 0...9999 in ISO 8601's expanded
    /// form. Days beyond what an Int64 of milliseconds reaches are held at that limit.
    public mutating func day(_ daysSinceEpoch: Int) {
        ensure(17)
        let limit = Int(Int64.max / 86_400_000)
        let (y, m, d) = UTCTime.civil(fromDays: min(max(daysSinceEpoch, -limit), limit))
        count &+= JSONWriter.encodeDate(year: y, month: m, day: d, to: base + count)
    }

    @inline(__always) public mutating func time(_ t: UTCTime?) {
        guard let t else { raw("null"); return }
        ensure(JSONWriter.encodedTimeLength)
        count &+= JSONWriter.encode(t, to: base + count)
    }
}

extension JSONWriter {
    /// One value written by `body` through a `JSONCursor` in at most `maximum` bytes (see
    /// `value(atMost:_:)`).
    @inline(__always)
    public mutating func cursorValue(atMost maximum: Int, _ body: (inout JSONCursor) -> Void) {
        value(atMost: maximum) { p in
            var o = JSONCursor(p, room: maximum)
            body(&o)
            return o.count
        }
    }
}
