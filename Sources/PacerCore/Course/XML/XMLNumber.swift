/// A number as GPX (`xsd:decimal` coordinates, `xsd:decimal` elevations) and TCX (`xsd:double`)
/// write one: `[+-]digits[.digits][(e|E)[+-]digits]`, white space around it allowed. The grammar
/// is checked here, byte by byte, so what the standard library's conversion also accepts ("nan",
/// "inf", hexadecimal, "0x1p3") is refused; the conversion itself is the standard library's,
/// which rounds correctly. An exponent past Double's range gives an infinity ("1e999"), which the
/// readers refuse with the element's offset.
public enum XMLNumber {
    public static func parse(_ text: String) -> Double? {
        let u = text.utf8
        var start = u.startIndex
        var end = u.endIndex
        while start < end && isSpace(u[start]) { start = u.index(after: start) }
        while start < end && isSpace(u[u.index(before: end)]) { end = u.index(before: end) }
        var k = start
        if k < end && (u[k] == UInt8(ascii: "+") || u[k] == UInt8(ascii: "-")) { k = u.index(after: k) }
        var digits = 0
        while k < end && isDigit(u[k]) {
            digits += 1
            k = u.index(after: k)
        }
        if k < end && u[k] == UInt8(ascii: ".") {
            k = u.index(after: k)
            while k < end && isDigit(u[k]) {
                digits += 1
                k = u.index(after: k)
            }
        }
        guard digits > 0 else { return nil }
        if k < end && (u[k] == UInt8(ascii: "e") || u[k] == UInt8(ascii: "E")) {
            k = u.index(after: k)
            if k < end && (u[k] == UInt8(ascii: "+") || u[k] == UInt8(ascii: "-")) { k = u.index(after: k) }
            var exponentDigits = 0
            while k < end && isDigit(u[k]) {
                exponentDigits += 1
                k = u.index(after: k)
            }
            guard exponentDigits > 0 else { return nil }
        }
        guard k == end else { return nil }
        // Only ASCII was accepted, so these indices are character boundaries.
        return Double(text[start..<end])
    }

    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }
    private static func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
}
