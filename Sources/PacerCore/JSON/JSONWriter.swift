/// Appends JSON to a byte buffer without building intermediate objects.
///
/// Used on hot paths (`pacerctl parse`, STATE reports) where Foundation's
/// encoders would allocate per value. Absent values are written as `null`;
/// non-finite numbers too, since JSON has no NaN.
public struct JSONWriter {
    public var bytes: [UInt8] = []
    private var needsComma = false

    public init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    public mutating func beginObject() { separate(); bytes.append(UInt8(ascii: "{")); needsComma = false }
    public mutating func endObject() { bytes.append(UInt8(ascii: "}")); needsComma = true }
    public mutating func beginArray() { separate(); bytes.append(UInt8(ascii: "[")); needsComma = false }
    public mutating func endArray() { bytes.append(UInt8(ascii: "]")); needsComma = true }

    /// Writes `"name":` ready for one value. A literal is copied as it is: every key Pacer
    /// writes is plain ASCII with nothing to escape.
    public mutating func key(_ name: StaticString) {
        assert(name.withUTF8Buffer { !$0.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") } },
               "a literal key that needs escaping: \(name)")
        separate()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// A key computed at run time. Disfavoured so that a literal key takes the StaticString form
    /// above: Swift would otherwise make every literal a String, and check each byte for escapes
    /// (a STATE has about thirty keys, ten times a second).
    @_disfavoredOverload
    public mutating func key(_ name: String) {
        separate()
        appendQuoted(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    public mutating func null() {
        separate()
        bytes.append(110); bytes.append(117); bytes.append(108); bytes.append(108)
        needsComma = true
    }

    public mutating func value(_ v: Bool) {
        separate()
        bytes.append(contentsOf: v ? Array("true".utf8) : Array("false".utf8))
        needsComma = true
    }

    public mutating func value(_ v: Int?) {
        guard let v else { null(); return }
        separate()
        appendInteger(v)
        needsComma = true
    }

    /// A number with exactly `decimals` digits after the point (rounded half away from zero),
    /// written without going through `Double.description`: the hot-path form (gpsd prints
    /// degrees with 9 decimals, metres with 3).
    public mutating func value(_ v: Double?, fixed decimals: Int) {
        guard let v, v.isFinite else { null(); return }
        separate()
        appendScratch { JSONWriter.encode(v, fixed: decimals, to: $0) }
        needsComma = true
    }

    /// A UTC time as an RFC 3339 string with milliseconds (`"2026-03-01T07:00:00.512Z"`), or null.
    public mutating func value(_ t: UTCTime?) {
        guard let t else { null(); return }
        separate()
        appendScratch { JSONWriter.encode(t, to: $0) }
        needsComma = true
    }

    /// Appends `count` bytes of already encoded JSON as one value (hot paths that format a
    /// whole object in a stack buffer with the `encode` functions below).
    public mutating func value(encoded p: UnsafePointer<UInt8>, count: Int) {
        separate()
        bytes.append(contentsOf: UnsafeBufferPointer(start: p, count: count))
        needsComma = true
    }

    static let digitPairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// Longest text the `encode` functions write.
    public static let maximumEncodedLength = 40

    /// Writes `v` with exactly `decimals` (0...15) digits after the point, rounded half away
    /// from zero, at `p`; returns the length. `v` must be finite.
    public static func encode(_ v: Double, fixed decimals: Int, to p: UnsafeMutablePointer<UInt8>) -> Int {
        let places = min(max(decimals, 0), 15)
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(v) * scale).rounded()
        guard scaled < 9.0e18 else {
            var n = 0
            for c in v.description.utf8.prefix(maximumEncodedLength) { p[n] = c; n += 1 }
            return n
        }
        var units = UInt64(scaled)
        var n = 0
        if v < 0 && units != 0 { p[0] = UInt8(ascii: "-"); n = 1 }
        // Count the integer digits, then fill right to left.
        var whole = units / UInt64(scale)
        var integerDigits = 1
        while whole >= 10 { whole /= 10; integerDigits += 1 }
        let total = n + integerDigits + (places > 0 ? places + 1 : 0)
        var k = total - 1
        var fraction = places
        // Two digits per division where possible (fewer 64-bit divisions per number).
        let pairs = JSONWriter.digitPairs.utf8Start
        while fraction >= 2 {
            let q = units / 100
            let pair = Int(units &- q &* 100) &* 2
            p[k] = pairs[pair + 1]; p[k - 1] = pairs[pair]
            units = q; k -= 2; fraction -= 2
        }
        if fraction == 1 { p[k] = UInt8(truncatingIfNeeded: units % 10) + 48; units /= 10; k -= 1 }
        if places > 0 { p[k] = UInt8(ascii: "."); k -= 1 }
        repeat {
            p[k] = UInt8(truncatingIfNeeded: units % 10) + 48; units /= 10; k -= 1
        } while k >= n
        return total
    }

    /// Writes `"2026-03-01T07:00:00.512Z"` (quotes included, 26 bytes) at `p`.
    public static func encode(_ t: UTCTime, to p: UnsafeMutablePointer<UInt8>) -> Int {
        let c = t.components
        func put(_ v: Int, _ width: Int, endingAt end: Int) {
            var v = v
            var k = end - 1
            for _ in 0..<width { p[k] = UInt8(truncatingIfNeeded: v % 10) + 48; v /= 10; k -= 1 }
        }
        p[0] = UInt8(ascii: "\"")
        put(c.year, 4, endingAt: 5); p[5] = UInt8(ascii: "-")
        put(c.month, 2, endingAt: 8); p[8] = UInt8(ascii: "-")
        put(c.day, 2, endingAt: 11); p[11] = UInt8(ascii: "T")
        put(c.hour, 2, endingAt: 14); p[14] = UInt8(ascii: ":")
        put(c.minute, 2, endingAt: 17); p[17] = UInt8(ascii: ":")
        put(c.second, 2, endingAt: 20); p[20] = UInt8(ascii: ".")
        put(c.millisecond, 3, endingAt: 24)
        p[24] = UInt8(ascii: "Z"); p[25] = UInt8(ascii: "\"")
        return 26
    }

    /// Writes the decimal digits of `v` at `p`; returns the length.
    public static func encode(_ v: Int, to p: UnsafeMutablePointer<UInt8>) -> Int {
        var m = v.magnitude
        var digits = 1
        var probe = m
        while probe >= 10 { probe /= 10; digits += 1 }
        var n = digits
        if v < 0 { p[0] = UInt8(ascii: "-"); n += 1 }
        var k = n - 1
        repeat {
            p[k] = UInt8(truncatingIfNeeded: m % 10) + 48; m /= 10; k -= 1
        } while m > 0
        return n
    }

    private mutating func appendInteger(_ v: Int) {
        appendScratch { JSONWriter.encode(v, to: $0) }
    }

    /// Formats into a stack buffer (`fill` returns the length) and appends it at once:
    /// one capacity check per number instead of one per digit.
    @inline(__always)
    private mutating func appendScratch(_ fill: (UnsafeMutablePointer<UInt8>) -> Int) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: JSONWriter.maximumEncodedLength) { scratch in
            let p = scratch.baseAddress!
            let n = fill(p)
            bytes.append(contentsOf: UnsafeBufferPointer(start: p, count: n))
        }
    }

    public mutating func value(_ v: Int64?) { value(v.map { Int($0) }) }

    /// A number in its shortest form: with `decimals`, rounded to that many places and written
    /// without trailing zeros (the live STATE's form, formatted on the stack); without, the
    /// shortest text that reads back as the same Double.
    public mutating func value(_ v: Double?, decimals: Int? = nil) {
        guard let v, v.isFinite else { null(); return }
        separate()
        if let decimals {
            appendScratch { p in
                var n = JSONWriter.encode(v, fixed: decimals, to: p)
                if decimals > 0 {
                    while p[n - 1] == UInt8(ascii: "0") { n -= 1 }
                    if p[n - 1] == UInt8(ascii: ".") { n -= 1 }
                }
                return n
            }
        } else if v == v.rounded(), abs(v) < 1e15 {
            appendInteger(Int(v))
        } else {
            bytes.append(contentsOf: v.description.utf8)
        }
        needsComma = true
    }

    public mutating func value(_ s: String?) {
        guard let s else { null(); return }
        separate()
        appendQuoted(s)
        needsComma = true
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    /// Copies runs that need no escape at once (STATE's keys and values are plain ASCII: one
    /// scan and one copy each, no per-byte appends and no temporary arrays).
    private mutating func appendQuoted(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { utf8 in
            var copied = 0
            for i in 0..<utf8.count {
                let b = utf8[i]
                guard b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[copied..<i]))
                appendEscaped(b)
                copied = i + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[copied...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscaped(_ b: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch b {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(b)
        case UInt8(ascii: "\n"): bytes.append(UInt8(ascii: "n"))
        case UInt8(ascii: "\r"): bytes.append(UInt8(ascii: "r"))
        case UInt8(ascii: "\t"): bytes.append(UInt8(ascii: "t"))
        default:
            func hex(_ n: UInt8) -> UInt8 { n < 10 ? UInt8(ascii: "0") + n : UInt8(ascii: "a") + n - 10 }
            bytes.append(UInt8(ascii: "u")); bytes.append(UInt8(ascii: "0")); bytes.append(UInt8(ascii: "0"))
            bytes.append(hex(b >> 4)); bytes.append(hex(b & 15))
        }
    }

    /// Ends a line of newline-delimited JSON: appends `\n`; the next value starts a new document.
    public mutating func endLine() { bytes.append(UInt8(ascii: "\n")); needsComma = false }

    /// Starts the next top-level value (for newline-delimited output) keeping the buffer's capacity.
    public mutating func reset() { bytes.removeAll(keepingCapacity: true); needsComma = false }
}

extension JSONWriter {
    /// Writes a parsed value back out (event details, round trips in tests).
    public mutating func value(_ v: JSONValue) {
        switch v {
        case .null: null()
        case .bool(let b): value(b)
        case .number(let n): value(n)
        case .string(let s): value(s)
        case .array(let items):
            beginArray()
            for item in items { value(item) }
            endArray()
        case .object(let members):
            beginObject()
            for (k, item) in members { key(k); value(item) }
            endObject()
        }
    }
}
