/// Writes a run of JSON text straight into the room `JSONWriter.value(atMost:)` lends, with the
/// writer's encoders and no bookkeeping per token: for objects written on every fix (the STATE
/// report, `pacerctl parse`'s lines), where a capacity check, a uniqueness check and a comma
/// decision per key and per value were a third of the writing.
///
/// Only what has a known bound is written here: literals, numbers (at most
/// `JSONWriter.maximumEncodedLength` bytes), times and `null`. The caller reserves `fieldRoom`
/// per field (a literal key with its punctuation, then one value); strings, which need escaping
/// and have no bound, go through `JSONWriter` itself.
public struct JSONCursor {
    private let base: UnsafeMutablePointer<UInt8>
    /// Bytes written so far.
    public private(set) var count = 0

    /// Room one `key` plus one value may take: a key literal of at most 24 bytes (its comma,
    /// quotes and colon included) and the longest encoded value.
    public static let fieldRoom = 24 + JSONWriter.maximumEncodedLength

    public init(_ base: UnsafeMutablePointer<UInt8>) { self.base = base }

    /// A literal as it is (`,"lat":`).
    @inline(__always) public mutating func raw(_ s: StaticString) {
        count &+= JSONWriter.encode(s, to: base + count)
    }

    /// A key literal, punctuation included, within the room `fieldRoom` allows for it.
    @inline(__always) public mutating func key(_ s: StaticString) {
        assert(s.utf8CodeUnitCount <= 24, "a key literal longer than JSONCursor.fieldRoom allows: \(s)")
        raw(s)
    }

    /// Exactly `decimals` digits after the point (`JSONWriter.value(_:fixed:)`), or null.
    @inline(__always) public mutating func number(_ v: Double?, fixed decimals: Int) {
        guard let v, v.isFinite else { raw("null"); return }
        count &+= JSONWriter.encode(v, fixed: decimals, to: base + count)
    }

    /// Rounded to `decimals` places without trailing zeros (`JSONWriter.value(_:decimals:)`), or null.
    @inline(__always) public mutating func number(_ v: Double?, trimmed decimals: Int) {
        guard let v, v.isFinite else { raw("null"); return }
        count &+= JSONWriter.encode(v, trimmed: decimals, to: base + count)
    }

    @inline(__always) public mutating func integer(_ v: Int?) {
        guard let v else { raw("null"); return }
        count &+= JSONWriter.encode(v, to: base + count)
    }

    @inline(__always) public mutating func time(_ t: UTCTime?) {
        guard let t else { raw("null"); return }
        count &+= JSONWriter.encode(t, to: base + count)
    }
}
