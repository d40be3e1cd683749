extension XMLText {
    /// Appends `v` with `decimals` decimals exactly as `UnitSystem.fixed` writes it, without
    /// building a String: a session page writes a few thousand numbers, a full report millions.
    public mutating func number(_ v: Double, _ decimals: Int) {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(v) * scale).rounded()
        guard v.isFinite, scaled < 1e17 else { return raw(UnitSystem.fixed(v, decimals)) }
        let n = scaled.clampedInt64(), s = scale.clampedInt64()
        if v < 0, n != 0 { bytes.append(UInt8(ascii: "-")) }
        digits(n / s, width: 1)
        if decimals > 0 {
            bytes.append(UInt8(ascii: "."))
            digits(n % s, width: decimals)
        }
    }

    /// ` name="12.3"`: an SVG coordinate attribute, one decimal.
    public mutating func attribute(_ name: String, _ v: Double) {
        bytes.append(UInt8(ascii: " ")); raw(name); raw("=\""); number(v, 1); bytes.append(UInt8(ascii: "\""))
    }

    /// `h:mm:ss` (or `m:ss` under an hour) as `UnitSystem.clock` writes it.
    public mutating func clock(_ seconds: Double) {
        guard seconds >= 0, seconds < 1e12 else { return raw("-") }
        let total = seconds.clampedInt64()
        let h = total / 3600, m = total / 60 % 60, s = total % 60
        if h > 0 {
            digits(h, width: 1); bytes.append(UInt8(ascii: ":")); digits(m, width: 2)
        } else {
            digits(m, width: 1)
        }
        bytes.append(UInt8(ascii: ":")); digits(s, width: 2)
    }

    /// A non-negative integer, zero-padded to `width` digits.
    mutating func digits(_ value: Int64, width: Int) {
        var count = 1, power: Int64 = 1
        while count < 19, value / power >= 10 { power *= 10; count += 1 }
        for _ in count..<max(count, width) { bytes.append(UInt8(ascii: "0")) }
        var rest = value
        while power > 0 {
            bytes.append(UInt8(48 + rest / power))
            rest %= power
            power /= 10
        }
    }
}
