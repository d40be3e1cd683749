/// Appends XML text without Foundation: escaped content, fixed-decimal numbers.
public struct XMLText {
    public var bytes: [UInt8] = []

    public init(capacity: Int = 1 << 16) { bytes.reserveCapacity(capacity) }

    public mutating func raw(_ s: String) { bytes.append(contentsOf: s.utf8) }

    public mutating func escaped(_ s: String) {
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "<"): raw("&lt;")
            case UInt8(ascii: ">"): raw("&gt;")
            case UInt8(ascii: "&"): raw("&amp;")
            case UInt8(ascii: "\""): raw("&quot;")
            default: bytes.append(b)
            }
        }
    }

    /// `<name>value</name>`.
    public mutating func element(_ name: String, _ value: String) {
        raw("<" + name + ">"); escaped(value); raw("</" + name + ">")
    }

    public mutating func element(_ name: String, _ value: Double, decimals: Int) {
        element(name, UnitSystem.fixed(value, decimals))
    }

    /// RFC 3339 UTC time as XML Schema dateTime wants it.
    public static func time(_ t: UTCTime) -> String { t.rfc3339 }
}
