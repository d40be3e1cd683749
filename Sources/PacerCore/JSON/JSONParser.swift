/// Why a text is not JSON, with the byte offset where the parser gave up.
public struct JSONParseError: Error, Equatable, CustomStringConvertible {
    public let offset: Int
    public let reason: String
    public var description: String { "\(reason) at byte \(offset)" }
}

/// A recursive-descent parser with a nesting limit, so hostile input cannot exhaust the stack.
struct JSONParser {
    private let b: [UInt8]
    private var i = 0
    private var depth = 0
    static let maximumDepth = 64

    init(_ bytes: [UInt8]) { b = bytes }

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        let v = try parseValue()
        skipSpace()
        guard i == b.count else { throw fail("trailing characters") }
        return v
    }

    private func fail(_ reason: String) -> JSONParseError { JSONParseError(offset: i, reason: reason) }

    private mutating func skipSpace() {
        while i < b.count, b[i] == 0x20 || b[i] == 0x09 || b[i] == 0x0A || b[i] == 0x0D { i += 1 }
    }

    private mutating func expectLiteral(_ word: StaticString, _ value: JSONValue) throws(JSONParseError) -> JSONValue {
        let n = word.utf8CodeUnitCount
        guard i + n <= b.count else { throw fail("unexpected end") }
        for k in 0..<n where b[i + k] != word.utf8Start[k] { throw fail("invalid literal") }
        i += n
        return value
    }

    private mutating func parseValue() throws(JSONParseError) -> JSONValue {
        skipSpace()
        guard i < b.count else { throw fail("unexpected end") }
        switch b[i] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try expectLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try expectLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try expectLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw fail("unexpected character")
        }
    }

    private mutating func enter() throws(JSONParseError) {
        depth += 1
        guard depth <= JSONParser.maximumDepth else { throw fail("nested too deeply") }
        i += 1
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enter()
        var members: [(String, JSONValue)] = []
        skipSpace()
        if closes(UInt8(ascii: "}")) { return .object(members) }
        repeat {
            skipSpace()
            guard i < b.count, b[i] == UInt8(ascii: "\"") else { throw fail("expected a key") }
            let key = try parseString()
            skipSpace()
            guard i < b.count, b[i] == UInt8(ascii: ":") else { throw fail("expected ':'") }
            i += 1
            members.append((key, try parseValue()))
        } while try continues(closingWith: UInt8(ascii: "}"), else: "expected ',' or '}'")
        return .object(members)
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enter()
        var items: [JSONValue] = []
        skipSpace()
        if closes(UInt8(ascii: "]")) { return .array(items) }
        repeat {
            items.append(try parseValue())
        } while try continues(closingWith: UInt8(ascii: "]"), else: "expected ',' or ']'")
        return .array(items)
    }

    /// At the container's closing byte `close`: steps over it and leaves the container.
    private mutating func closes(_ close: UInt8) -> Bool {
        guard i < b.count, b[i] == close else { return false }
        i += 1
        depth -= 1
        return true
    }

    /// After a member or an element: true past a ',' (another follows), false past `close`;
    /// anything else fails with `expected`.
    private mutating func continues(closingWith close: UInt8, else expected: String) throws(JSONParseError) -> Bool {
        skipSpace()
        guard i < b.count else { throw fail("unexpected end") }
        if b[i] == UInt8(ascii: ",") { i += 1; return true }
        guard closes(close) else { throw fail(expected) }
        return false
    }

    private mutating func hexDigit() throws(JSONParseError) -> UInt32 {
        guard i < b.count else { throw fail("unexpected end") }
        let c = b[i]
        i += 1
        switch c {
        case 48...57: return UInt32(c - 48)
        case 65...70: return UInt32(c - 55)
        case 97...102: return UInt32(c - 87)
        default: throw fail("bad \\u escape")
        }
    }

    private mutating func parseString() throws(JSONParseError) -> String {
        i += 1
        // Most strings (every key, every command) are plain ASCII without escapes: taken straight
        // from the input, they skip the copy and the UTF-8 validation, whose generic code looks
        // up type metadata in the runtime at every call.
        var end = i
        while end < b.count, b[end] != UInt8(ascii: "\""), b[end] != UInt8(ascii: "\\"), b[end] >= 0x20, b[end] < 0x80 { end += 1 }
        if end < b.count, b[end] == UInt8(ascii: "\"") {
            defer { i = end + 1 }
            return String(decoding: b[i..<end], as: UTF8.self)
        }
        var out: [UInt8] = []
        while true {
            guard i < b.count else { throw fail("unterminated string") }
            let c = b[i]
            i += 1
            switch c {
            case UInt8(ascii: "\""):
                guard let s = String(validating: out, as: UTF8.self) else { throw fail("invalid UTF-8") }
                return s
            case UInt8(ascii: "\\"):
                guard i < b.count else { throw fail("unterminated string") }
                let e = b[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(8)
                case UInt8(ascii: "f"): out.append(12)
                case UInt8(ascii: "n"): out.append(10)
                case UInt8(ascii: "r"): out.append(13)
                case UInt8(ascii: "t"): out.append(9)
                case UInt8(ascii: "u"):
                    var scalar = try hexDigit() << 12 | hexDigit() << 8 | hexDigit() << 4 | hexDigit()
                    if (0xD800...0xDBFF).contains(scalar), i + 1 < b.count, b[i] == 92, b[i + 1] == UInt8(ascii: "u") {
                        i += 2
                        let low = try hexDigit() << 12 | hexDigit() << 8 | hexDigit() << 4 | hexDigit()
                        guard (0xDC00...0xDFFF).contains(low) else { throw fail("bad surrogate pair") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let u = Unicode.Scalar(scalar) else { throw fail("bad \\u escape") }
                    out.append(contentsOf: Array(String(Character(u)).utf8))
                default: throw fail("bad escape")
                }
            case 0..<0x20: throw fail("control character in string")
            default: out.append(c)
            }
        }
    }

    private mutating func parseNumber() throws(JSONParseError) -> Double {
        let start = i
        if b[i] == UInt8(ascii: "-") { i += 1 }
        func digits(_ p: inout JSONParser) -> Int {
            let s = p.i
            while p.i < p.b.count, p.b[p.i] >= 48, p.b[p.i] <= 57 { p.i += 1 }
            return p.i - s
        }
        guard digits(&self) > 0 else { throw fail("bad number") }
        if i < b.count, b[i] == UInt8(ascii: ".") {
            i += 1
            guard digits(&self) > 0 else { throw fail("bad number") }
        }
        if i < b.count, b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") {
            i += 1
            if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { i += 1 }
            guard digits(&self) > 0 else { throw fail("bad number") }
        }
        guard let v = Double(String(decoding: b[start..<i], as: UTF8.self)) else { throw fail("bad number") }
        return v
    }
}
