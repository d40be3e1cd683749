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

    /// Writes `"name":` ready for one value.
    public mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        needsComma = false
    }

    public mutating func key(_ name: String) {
        separate()
        appendQuoted(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    public mutating func null() { separate(); bytes.append(contentsOf: [110, 117, 108, 108]); needsComma = true }

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
        let scale = JSONWriter.scales[min(max(decimals, 0), 15)]
        let scaled = (abs(v) * scale).rounded()
        guard scaled < 9.0e18 else { bytes.append(contentsOf: v.description.utf8); needsComma = true; return }
        var units = UInt64(scaled)
        if v < 0 && units != 0 { bytes.append(UInt8(ascii: "-")) }
        let divisor = UInt64(scale)
        appendInteger(Int(units / divisor))
        if decimals > 0 {
            bytes.append(UInt8(ascii: "."))
            units %= divisor
            var d = divisor / 10
            while d > 0 {
                bytes.append(UInt8(truncatingIfNeeded: units / d) + 48)
                units %= d
                d /= 10
            }
        }
        needsComma = true
    }

    /// A UTC time as an RFC 3339 string with milliseconds (`"2026-03-01T07:00:00.512Z"`), or null.
    public mutating func value(_ t: UTCTime?) {
        guard let t else { null(); return }
        separate()
        let c = t.components
        bytes.append(UInt8(ascii: "\""))
        appendDigits(c.year, 4); bytes.append(UInt8(ascii: "-")); appendDigits(c.month, 2)
        bytes.append(UInt8(ascii: "-")); appendDigits(c.day, 2); bytes.append(UInt8(ascii: "T"))
        appendDigits(c.hour, 2); bytes.append(UInt8(ascii: ":")); appendDigits(c.minute, 2)
        bytes.append(UInt8(ascii: ":")); appendDigits(c.second, 2); bytes.append(UInt8(ascii: "."))
        appendDigits(c.millisecond, 3); bytes.append(contentsOf: [UInt8(ascii: "Z"), UInt8(ascii: "\"")])
        needsComma = true
    }

    private static let scales: [Double] = (0...15).map { p in (0..<p).reduce(1.0) { r, _ in r * 10 } }

    private mutating func appendInteger(_ v: Int) {
        if v < 0 { bytes.append(UInt8(ascii: "-")) }
        var m = v.magnitude
        var digits = 1
        var p: UInt = 1
        while m / p >= 10 { p *= 10; digits += 1 }
        while p > 0 {
            bytes.append(UInt8(truncatingIfNeeded: m / p) + 48)
            m %= p
            p /= 10
        }
    }

    /// `v` zero-padded to `width` digits (v >= 0).
    private mutating func appendDigits(_ v: Int, _ width: Int) {
        var p = 1
        for _ in 1..<width { p *= 10 }
        var m = v
        while p > 0 && m / p >= 10 { p *= 10 }
        while p > 0 {
            bytes.append(UInt8(truncatingIfNeeded: m / p) + 48)
            m %= p
            p /= 10
        }
    }

    public mutating func value(_ v: Int64?) { value(v.map { Int($0) }) }

    /// A number, shortest round-tripping form; `decimals` rounds first (e.g. 9 for degrees).
    public mutating func value(_ v: Double?, decimals: Int? = nil) {
        guard var v, v.isFinite else { null(); return }
        separate()
        if let decimals {
            var scale = 1.0
            for _ in 0..<decimals { scale *= 10 }
            v = (v * scale).rounded() / scale
        }
        if v == v.rounded(), abs(v) < 1e15 {
            bytes.append(contentsOf: String(Int64(v)).utf8)
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

    private mutating func appendQuoted(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [92, 34])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [92, 92])
            case UInt8(ascii: "\n"): bytes.append(contentsOf: [92, 110])
            case UInt8(ascii: "\r"): bytes.append(contentsOf: [92, 114])
            case UInt8(ascii: "\t"): bytes.append(contentsOf: [92, 116])
            case 0..<0x20:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [92, 117, 48, 48, hex[Int(b >> 4)], hex[Int(b & 15)]])
            default: bytes.append(b)
            }
        }
        bytes.append(UInt8(ascii: "\""))
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
