/// Decimal numbers written in ASCII inside a larger text: METAR and TAF groups, RFC 3339 times.
enum ASCIIDigits {
    /// The value of `count` ASCII digits at `start`, or nil if any is not a digit or is missing.
    static func value(_ b: [UInt8], _ start: Int, _ count: Int) -> Int? {
        // At most 9 digits: no field read this way is longer, and 9 digits cannot overflow.
        guard start >= 0, count > 0, count <= 9, start + count <= b.count else { return nil }
        var v = 0
        for i in start..<(start + count) {
            let c = b[i]
            guard c >= 48, c <= 57 else { return nil }
            v = v * 10 + Int(c - 48)
        }
        return v
    }
}
