/// The comma-separated fields of a sentence, located in place and parsed straight
/// from the bytes: no String or Array per field, so decoding does not allocate.
/// Field 0 is the address (`GPGGA`). An empty or malformed field reads as nil.
public struct NMEAFields {
    /// More than any standard sentence has (GSV with NMEA 4.10 signal ID: 21).
    public static let capacity = 40

    public private(set) var count = 0
    @usableFromInline var base: UnsafePointer<UInt8>
    @usableFromInline var starts: UnsafeMutablePointer<Int32>
    @usableFromInline var ends: UnsafeMutablePointer<Int32>

    /// Splits `body` using `table`, a buffer of `2 * capacity` offsets that the caller owns and reuses.
    public init(_ body: UnsafeRawBufferPointer, table: UnsafeMutablePointer<Int32>) {
        starts = table
        ends = table + NMEAFields.capacity
        base = body.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? UnsafePointer(bitPattern: 1)!
        let n = body.count
        var start = 0
        var i = 0
        var c = 0
        while i < n {
            if base[i] == 0x2C {
                if c < NMEAFields.capacity { starts[c] = Int32(start); ends[c] = Int32(i); c += 1 }
                start = i + 1
            }
            i += 1
        }
        if c < NMEAFields.capacity { starts[c] = Int32(start); ends[c] = Int32(n); c += 1 }
        count = c
    }

    @inline(__always) func bounds(_ i: Int) -> (Int, Int) {
        i < count ? (Int(starts[i]), Int(ends[i])) : (0, 0)
    }

    /// True when field `i` is absent or empty.
    @inline(__always) public func isEmpty(_ i: Int) -> Bool {
        let (s, e) = bounds(i)
        return s >= e
    }

    public func length(_ i: Int) -> Int {
        let (s, e) = bounds(i)
        return e - s
    }

    /// The first byte of field `i`, or nil when it is empty.
    @inline(__always) public func character(_ i: Int) -> UInt8? {
        let (s, e) = bounds(i)
        return s < e ? base[s] : nil
    }

    /// Byte `k` of field `i` (no bounds check beyond the field's own).
    public func byte(_ i: Int, _ k: Int) -> UInt8? {
        let (s, e) = bounds(i)
        return s + k < e ? base[s + k] : nil
    }

    /// Field `i` as text (tests and diagnostics only).
    public func text(_ i: Int) -> String {
        let (s, e) = bounds(i)
        return String(decoding: UnsafeBufferPointer(start: base + s, count: e - s), as: UTF8.self)
    }

    /// A decimal number `[+-]digits[.digits]`; nil when empty or anything else is in the field.
    public func double(_ i: Int) -> Double? {
        let (s, e) = bounds(i)
        return NMEAFields.parseDecimal(base, s, e)
    }

    /// An unsigned integer made of digits only; nil otherwise.
    public func integer(_ i: Int) -> Int? {
        let (s, e) = bounds(i)
        guard s < e, e - s <= 9 else { return nil }
        var v = 0
        for k in s..<e {
            let d = base[k] &- 0x30
            guard d <= 9 else { return nil }
            v = v * 10 + Int(d)
        }
        return v
    }

    /// `ddmm.mmmm` (latitude, `lonField` false) or `dddmm.mmmm` with its hemisphere
    /// field after it, as signed degrees; nil if either field is missing or bad.
    public func coordinate(_ i: Int, negative: UInt8, positive: UInt8, limit: Double) -> Double? {
        guard let raw = double(i), raw >= 0, let h = character(i + 1), h == negative || h == positive else { return nil }
        let degrees = (raw / 100).rounded(.towardZero)
        let minutes = raw - degrees * 100
        guard minutes < 60 else { return nil }
        let value = degrees + minutes / 60
        guard value <= limit else { return nil }
        return h == negative ? -value : value
    }

    /// `hhmmss[.sss]` as milliseconds since midnight; nil when empty or out of range.
    public func timeOfDay(_ i: Int) -> Int? {
        let (s, e) = bounds(i)
        guard e - s >= 6 else { return nil }
        @inline(__always) func pair(_ k: Int) -> Int? {
            let a = base[s + k] &- 0x30, b = base[s + k + 1] &- 0x30
            return a <= 9 && b <= 9 ? Int(a) * 10 + Int(b) : nil
        }
        guard let hh = pair(0), let mm = pair(2), let ss = pair(4), hh < 24, mm < 60, ss <= 60 else { return nil }
        var millis = 0
        if e - s > 6 {
            guard base[s + 6] == 0x2E else { return nil }
            var scale = 100
            var k = s + 7
            while k < e {
                let d = base[k] &- 0x30
                guard d <= 9 else { return nil }
                millis += Int(d) * scale
                scale /= 10
                k += 1
            }
        }
        return ((hh * 60 + mm) * 60 + ss) * 1000 + millis
    }

    /// 10^n for n in 0...22, exact in a Double.
    @inline(__always)
    static func powerOfTen(_ n: Int) -> Double {
        switch n {
        case 0: return 1
        case 1: return 1e1
        case 2: return 1e2
        case 3: return 1e3
        case 4: return 1e4
        case 5: return 1e5
        case 6: return 1e6
        case 7: return 1e7
        case 8: return 1e8
        case 9: return 1e9
        case 10: return 1e10
        case 11: return 1e11
        case 12: return 1e12
        case 13: return 1e13
        case 14: return 1e14
        case 15: return 1e15
        case 16: return 1e16
        case 17: return 1e17
        case 18: return 1e18
        case 19: return 1e19
        case 20: return 1e20
        case 21: return 1e21
        default: return 1e22
        }
    }

    /// `[+-]digits[.digits]` as a Double; nil for anything else. Up to 18 digits take the fast
    /// path (exact integer mantissa divided by an exact power of ten: correctly rounded).
    @inline(__always)
    static func parseDecimal(_ base: UnsafePointer<UInt8>, _ s: Int, _ e: Int) -> Double? {
        guard s < e else { return nil }
        if e - s <= 19 {
            var k = s
            let negative = base[k] == 0x2D
            if negative || base[k] == 0x2B { k += 1 }
            let digitsStart = k
            var mantissa: UInt64 = 0
            while k < e {
                let d = base[k] &- 0x30
                if d > 9 { break }
                mantissa = mantissa &* 10 &+ UInt64(d)
                k += 1
            }
            var digits = k - digitsStart
            var fraction = 0
            if k < e && base[k] == 0x2E {
                k += 1
                let fractionStart = k
                while k < e {
                    let d = base[k] &- 0x30
                    if d > 9 { break }
                    mantissa = mantissa &* 10 &+ UInt64(d)
                    k += 1
                }
                fraction = k - fractionStart
                digits += fraction
            }
            guard k == e, digits > 0 else { return nil }
            let v = fraction > 0 ? Double(mantissa) / powerOfTen(fraction) : Double(mantissa)
            return negative ? -v : v
        }
        return parseLongDecimal(base, s, e)
    }

    /// The general case of `parseDecimal`: more than 18 digits (the rest only scale the value).
    static func parseLongDecimal(_ base: UnsafePointer<UInt8>, _ s: Int, _ e: Int) -> Double? {
        var k = s
        var negative = false
        if base[k] == 0x2D { negative = true; k += 1 } else if base[k] == 0x2B { k += 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var fraction = 0
        var dropped = 0
        var seenPoint = false
        var sawDigit = false
        while k < e {
            let c = base[k]
            let d = c &- 0x30
            if d <= 9 {
                sawDigit = true
                if digits < 18 {
                    mantissa = mantissa &* 10 &+ UInt64(d)
                    if mantissa != 0 { digits += 1 }
                    if seenPoint { fraction += 1 }
                } else if !seenPoint {
                    dropped += 1
                }
            } else if c == 0x2E && !seenPoint {
                seenPoint = true
            } else {
                return nil
            }
            k += 1
        }
        guard sawDigit else { return nil }
        var v = Double(mantissa)
        if fraction > 0 { v /= powerOfTen(min(fraction, 22)) }
        if dropped > 0 { v *= powerOfTen(min(dropped, 22)) }
        return negative ? -v : v
    }
}
