/// Appends JSON to a byte buffer without building intermediate objects.
///
/// Used on hot paths (`pacerctl parse`, STATE reports) where Foundation's
/// encoders would allocate per value. Absent values are written as `null`;
/// non-finite numbers too, since JSON has no NaN.
public struct JSONWriter {
    /// The text is the first `count` bytes; the rest is room that tokens are stored into through
    /// a pointer. Array has no way to write into its spare capacity, and appending paid a
    /// uniqueness and capacity check per byte or run (in pacerd, half the instructions of a
    /// STATE went there): here each key or value costs one check and plain stores.
    private var storage: [UInt8]
    /// Bytes written so far.
    public private(set) var count = 0
    private var needsComma = false

    public init(capacity: Int = 256) { storage = [UInt8](repeating: 0, count: Swift.max(capacity, 64)) }

    /// A copy of the text written so far (`withBytes` reads it in place).
    public var bytes: [UInt8] { count == storage.count ? storage : Array(storage[..<count]) }

    /// Hands the text over without a copy (a reply kept or sent whole), leaving the writer empty.
    public mutating func takeBytes() -> [UInt8] {
        storage.removeLast(storage.count - count)
        defer { storage = []; count = 0; needsComma = false }
        return storage
    }

    /// Lends the text written so far, without a copy, for the length of `body`.
    public func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try storage.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
    }

    public mutating func beginObject() { put(1, separated: true) { $0[0] = UInt8(ascii: "{"); return 1 }; needsComma = false }
    public mutating func endObject() { put(1, separated: false) { $0[0] = UInt8(ascii: "}"); return 1 }; needsComma = true }
    public mutating func beginArray() { put(1, separated: true) { $0[0] = UInt8(ascii: "["); return 1 }; needsComma = false }
    public mutating func endArray() { put(1, separated: false) { $0[0] = UInt8(ascii: "]"); return 1 }; needsComma = true }

    /// Writes `"name":` ready for one value. A literal is copied as it is: every key Pacer
    /// writes is plain ASCII with nothing to escape.
    public mutating func key(_ name: StaticString) {
        assert(name.withUTF8Buffer { !$0.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") } },
               "a literal key that needs escaping: \(name)")
        put(name.utf8CodeUnitCount + 3, separated: true) { p in
            p[0] = UInt8(ascii: "\"")
            let n = JSONWriter.encode(name, to: p + 1)
            p[n + 1] = UInt8(ascii: "\""); p[n + 2] = UInt8(ascii: ":")
            return n + 3
        }
        needsComma = false
    }

    /// A key computed at run time. Disfavoured so that a literal key takes the StaticString form
    /// above: Swift would otherwise make every literal a String, and check each byte for escapes
    /// (a STATE has about thirty keys, ten times a second).
    @_disfavoredOverload
    public mutating func key(_ name: String) {
        putQuoted(name, then: UInt8(ascii: ":"))
        needsComma = false
    }

    public mutating func null() {
        put(4, separated: true) { JSONWriter.encode("null", to: $0) }
        needsComma = true
    }

    public mutating func value(_ v: Bool) {
        put(5, separated: true) { v ? JSONWriter.encode("true", to: $0) : JSONWriter.encode("false", to: $0) }
        needsComma = true
    }

    public mutating func value(_ v: Int?) {
        guard let v else { null(); return }
        put(JSONWriter.maximumEncodedLength, separated: true) { JSONWriter.encode(v, to: $0) }
        needsComma = true
    }

    /// A number with exactly `decimals` digits after the point (rounded half away from zero),
    /// written without going through `Double.description`: the hot-path form (gpsd prints
    /// degrees with 9 decimals, metres with 3).
    public mutating func value(_ v: Double?, fixed decimals: Int) {
        guard let v, v.isFinite else { null(); return }
        put(JSONWriter.maximumEncodedLength, separated: true) { JSONWriter.encode(v, fixed: decimals, to: $0) }
        needsComma = true
    }

    /// A UTC time as an RFC 3339 string with milliseconds (`"2026-03-01T07:00:00.512Z"`), or null.
    public mutating func value(_ t: UTCTime?) {
        guard let t else { null(); return }
        put(JSONWriter.encodedTimeLength, separated: true) { JSONWriter.encode(t, to: $0) }
        needsComma = true
    }

    /// One value formatted in place by `fill` in at most `maximum` bytes (it returns how many):
    /// the hot paths that write a whole object with the `encode` functions below, straight into
    /// the writer's room.
    public mutating func value(atMost maximum: Int, _ fill: (UnsafeMutablePointer<UInt8>) -> Int) {
        put(maximum, separated: true, fill)
        needsComma = true
    }

    /// Appends text as it is, outside the JSON structure (a line ending, a plain-text report).
    public mutating func raw(_ text: StaticString) {
        put(text.utf8CodeUnitCount, separated: false) { JSONWriter.encode(text, to: $0) }
    }

    /// Appends bytes as they are, outside the JSON structure.
    public mutating func raw(_ text: UnsafeRawBufferPointer) { put(copying: text, separated: false) }

    static let digitPairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// Longest text the `encode` functions write.
    public static let maximumEncodedLength = 40
    /// Room for an encoded time, quotes included (`encode(_:UTCTime,to:)`): 26 bytes for years
    /// 0...9999, up to 32 for the farthest an Int64 of milliseconds reaches (a sign and 9 digits).
    public static let encodedTimeLength = 32

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
        var units = UInt64(scaled.clampedInt64())
        var n = 0
        if v < 0 && units != 0 { p[0] = UInt8(ascii: "-"); n = 1 }
        // Count the integer digits, then fill right to left.
        var whole = units / UInt64(scale.clampedInt64())
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

    /// As `encode(_:fixed:to:)`, without the trailing zeros of the fraction (and its point when
    /// nothing is left of it): the live STATE's form of a number.
    public static func encode(_ v: Double, trimmed decimals: Int, to p: UnsafeMutablePointer<UInt8>) -> Int {
        var n = encode(v, fixed: decimals, to: p)
        if decimals > 0 {
            while p[n - 1] == UInt8(ascii: "0") { n -= 1 }
            if p[n - 1] == UInt8(ascii: ".") { n -= 1 }
        }
        return n
    }

    /// Writes `"2026-03-01T07:00:00.512Z"` (quotes included, 26 bytes) at `p`; returns the length.
    /// Every representable instant is written whole: a year outside 0...9999 (only ever damage
    /// or a test's extreme) takes ISO 8601's expanded form, a sign and at least six digits
    /// (`"+292278994-08-17T07:12:55.807Z"`, at most `encodedTimeLength` bytes), never a year cut
    /// to four digits.
    public static func encode(_ t: UTCTime, to p: UnsafeMutablePointer<UInt8>) -> Int {
        let c = t.components
        p[0] = UInt8(ascii: "\"")
        var k = 1 + encodeDate(year: c.year, month: c.month, day: c.day, to: p + 1)
        func put(_ v: Int, _ width: Int) { k += encodeDigits(v, atLeast: width, to: p + k) }
        func mark(_ ascii: Unicode.Scalar) { p[k] = UInt8(ascii: ascii); k += 1 }
        mark("T"); put(c.hour, 2); mark(":"); put(c.minute, 2); mark(":"); put(c.second, 2); mark(".")
        put(c.millisecond, 3); mark("Z"); mark("\"")
        return k
    }

    /// Writes `YYYY-MM-DD` at `p` (a year outside 0...9999 as a sign and at least six digits);
    /// returns the length, at most 17.
    public static func encodeDate(year: Int, month: Int, day: Int, to p: UnsafeMutablePointer<UInt8>) -> Int {
        var k = 0
        if 0...9999 ~= year {
            k = encodeDigits(year, atLeast: 4, to: p)
        } else {
            p[0] = UInt8(ascii: year < 0 ? "-" : "+")
            k = 1 + encodeDigits(Int(year.magnitude), atLeast: 6, to: p + 1)
        }
        p[k] = UInt8(ascii: "-")
        k += 1 + encodeDigits(month, atLeast: 2, to: p + k + 1)
        p[k] = UInt8(ascii: "-")
        return k + 1 + encodeDigits(day, atLeast: 2, to: p + k + 1)
    }

    /// Writes `v` (not negative) in at least `width` digits, zero-padded, at `p`; returns the length.
    static func encodeDigits(_ v: Int, atLeast width: Int, to p: UnsafeMutablePointer<UInt8>) -> Int {
        var digits = 1, rest = v / 10
        while rest > 0 { digits += 1; rest /= 10 }
        let n = max(width, digits)
        var v = v
        for i in stride(from: n - 1, through: 0, by: -1) { p[i] = UInt8(truncatingIfNeeded: v % 10) &+ 48; v /= 10 }
        return n
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

    public mutating func value(_ v: Int64?) { value(v.map { Int($0) }) }

    /// A number in its shortest form: with `decimals`, rounded to that many places and written
    /// without trailing zeros (the live STATE's form); without, the shortest text that reads
    /// back as the same Double.
    public mutating func value(_ v: Double?, decimals: Int? = nil) {
        guard let v, v.isFinite else { null(); return }
        if let decimals {
            put(JSONWriter.maximumEncodedLength, separated: true) { JSONWriter.encode(v, trimmed: decimals, to: $0) }
        } else if v == v.rounded(), abs(v) < 1e15 {
            put(JSONWriter.maximumEncodedLength, separated: true) { JSONWriter.encode(v.clampedInt(), to: $0) }
        } else {
            var text = v.description
            text.withUTF8 { put(copying: UnsafeRawBufferPointer($0), separated: true) }
        }
        needsComma = true
    }

    public mutating func value(_ s: String?) {
        guard let s else { null(); return }
        putQuoted(s, then: nil)
        needsComma = true
    }

    /// Ends a line of newline-delimited JSON: appends `\n`; the next value starts a new document.
    public mutating func endLine() { raw("\n"); needsComma = false }

    /// Starts the next top-level value (for newline-delimited output) keeping the buffer's capacity.
    public mutating func reset() { count = 0; needsComma = false }

    /// Writes one token: a comma first when it is `separated` and follows a value, then what
    /// `fill` stores in at most `maximum` bytes (it returns how many).
    @inline(__always)
    private mutating func put(_ maximum: Int, separated: Bool, _ fill: (UnsafeMutablePointer<UInt8>) -> Int) {
        let comma = separated && needsComma ? 1 : 0
        if storage.count &- count < maximum &+ 1 { grow(toHold: maximum &+ 1) }
        let start = count
        let written = storage.withUnsafeMutableBufferPointer { b in
            let p = b.baseAddress! + start
            p[0] = UInt8(ascii: ",")  // overwritten by `fill` when no comma is due
            return comma &+ fill(p + comma)
        }
        count = start &+ written
    }

    /// Writes `text` as one token (see `put`).
    private mutating func put(copying text: UnsafeRawBufferPointer, separated: Bool) {
        put(text.count, separated: separated) { p in
            if let from = text.baseAddress { UnsafeMutableRawPointer(p).copyMemory(from: from, byteCount: text.count) }
            return text.count
        }
    }

    /// Doubles the room (at least), so a long document costs few copies.
    @inline(never)
    private mutating func grow(toHold maximum: Int) {
        let total = Swift.max(storage.count * 2, count + maximum)
        storage.append(contentsOf: repeatElement(0, count: total - storage.count))
    }

    /// `"text"` and then `suffix`, escaping what JSON requires: one scan with plain stores (room
    /// for the worst case, `\u00XX` for every byte, is reserved first).
    private mutating func putQuoted(_ s: String, then suffix: UInt8?) {
        var s = s
        s.withUTF8 { utf8 in
            put(utf8.count * 6 + 3, separated: true) { p in
                p[0] = UInt8(ascii: "\"")
                var k = 1
                for b in utf8 {
                    if b >= 0x20 && b != UInt8(ascii: "\"") && b != UInt8(ascii: "\\") { p[k] = b; k += 1; continue }
                    p[k] = UInt8(ascii: "\\")
                    switch b {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"): p[k + 1] = b; k += 2
                    case UInt8(ascii: "\n"): p[k + 1] = UInt8(ascii: "n"); k += 2
                    case UInt8(ascii: "\r"): p[k + 1] = UInt8(ascii: "r"); k += 2
                    case UInt8(ascii: "\t"): p[k + 1] = UInt8(ascii: "t"); k += 2
                    default:
                        func hex(_ n: UInt8) -> UInt8 { n < 10 ? UInt8(ascii: "0") + n : UInt8(ascii: "a") + n - 10 }
                        p[k + 1] = UInt8(ascii: "u"); p[k + 2] = UInt8(ascii: "0"); p[k + 3] = UInt8(ascii: "0")
                        p[k + 4] = hex(b >> 4); p[k + 5] = hex(b & 15); k += 6
                    }
                }
                p[k] = UInt8(ascii: "\""); k += 1
                if let suffix { p[k] = suffix; k += 1 }
                return k
            }
        }
    }

    /// Stores a literal's bytes at `p` with a byte loop (keys are a few bytes: a call to memcpy
    /// per key cost more); returns the length.
    @inline(__always)
    public static func encode(_ s: StaticString, to p: UnsafeMutablePointer<UInt8>) -> Int {
        s.withUTF8Buffer { from in
            var k = 0
            while k < from.count { p[k] = from[k]; k &+= 1 }
            return from.count
        }
    }
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
