/// A pull tokenizer for the XML that course files are written in (GPX, TCX), over UTF-8 bytes:
/// the core has no Foundation, and a course file comes from anyone, so this reads only what such
/// files need and refuses the rest with one message and the byte where it went wrong.
///
/// Events are start tags (with `attributes`), end tags (an empty-element tag `<a/>` gives both)
/// and character data (`text()`, read only when wanted, so the markup's whitespace and the
/// elements a reader skips cost no string). Comments, processing instructions, the XML
/// declaration and a DOCTYPE that declares nothing are skipped. No entity is ever expanded: a
/// DOCTYPE whose internal subset declares an entity or uses a parameter entity is refused, which
/// refuses the billion laughs and external entities alike (`SYSTEM "file:///etc/passwd"`); the
/// external subset a DOCTYPE may name is never read. Character references and the five
/// predefined entities are decoded, any other `&name;` is an error.
///
/// Checked: tags nest and match, one root element, names, attribute syntax and duplicates, no
/// markup characters where they may not be, control characters, nesting depth (a limit, so a
/// hostile file cannot make a reader's path stack grow without end). Not checked: that the
/// bytes are valid UTF-8 (handed-out strings carry U+FFFD where they are not) and namespaces
/// (readers match local names, `XMLScanner.localName`). Line ends are not normalized.
public struct XMLScanner {
    public enum Event: Equatable, Sendable {
        /// A start tag's qualified name; its attributes are `attributes` until the next event.
        case start(String)
        /// An end tag's name (the start tag's, for `<a/>`).
        case end(String)
        /// Character data, a CDATA section or a run of text with references: `text()`.
        case text
    }

    /// Deep enough for any GPX or TCX (about 10 levels), shallow enough that a reader's work per
    /// element stays small.
    public static let defaultMaximumDepth = 256

    private let bytes: [UInt8]
    private let maximumDepth: Int
    private var i: Int
    /// Where the last event's markup (or text) begins: for a reader's own messages.
    public private(set) var tokenOffset = 0
    /// The last start tag's attributes, in document order.
    public private(set) var attributes: [XMLAttribute] = []
    /// The open elements: name, where the name's bytes are (an end tag is matched by its bytes,
    /// so matching costs no string), and where the start tag began (for messages).
    private var open: [(name: String, nameStart: Int, nameEnd: Int, offset: Int)] = []
    /// `<a/>` was reported as a start; its end comes next.
    private var closesAfterStart = false
    private var sawRoot = false
    private var sawDoctype = false
    private var started = false
    private var textRange = 0..<0
    /// The last text had references, decoded into `decoded` (reused: no allocation per text).
    private var textIsDecoded = false
    private var decoded: [UInt8] = []
    private var valueBuffer: [UInt8] = []

    public init(_ bytes: [UInt8], maximumDepth: Int = XMLScanner.defaultMaximumDepth) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        // A UTF-8 byte order mark is allowed before the document and is not part of it.
        i = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }

    /// How many elements are open.
    public var depth: Int { open.count }

    /// The value of the last start tag's attribute of that qualified name.
    public func attribute(_ name: String) -> String? {
        for a in attributes where a.name == name { return a.value }
        return nil
    }

    /// The characters of the last `.text` event.
    public func text() -> String {
        textIsDecoded ? String(decoding: decoded, as: UTF8.self) : String(decoding: bytes[textRange], as: UTF8.self)
    }

    /// `trkpt` for `trkpt`, `gpxx:rpt` and `{ns}rpt` alike: GPX and TCX are read by local names,
    /// whatever prefix a writer bound their namespace to.
    public static func localName(_ qualified: String) -> String {
        guard let colon = qualified.utf8.lastIndex(of: UInt8(ascii: ":")) else { return qualified }
        return String(qualified[qualified.utf8.index(after: colon)...])
    }

    /// The next event; nil once the root element has ended and only space, comments and
    /// processing instructions followed.
    public mutating func next() throws(XMLScanError) -> Event? {
        if closesAfterStart {
            closesAfterStart = false
            return .end(open.removeLast().name)
        }
        if !started {
            started = true
            if bytes.count >= 2 && (bytes[0] == 0xFE && bytes[1] == 0xFF || bytes[0] == 0xFF && bytes[1] == 0xFE) {
                throw XMLScanError(offset: 0, "the file is UTF-16; only UTF-8 is read")
            }
        }
        while true {
            guard i < bytes.count else {
                if let top = open.last {
                    throw XMLScanError(offset: bytes.count, "the document ends inside <\(top.name)> (opened at byte \(top.offset))")
                }
                guard sawRoot else { throw XMLScanError(offset: bytes.count, "no root element") }
                return nil
            }
            if bytes[i] != Self.lt {
                let start = i
                let onlySpace = try scanText()
                if open.isEmpty {
                    guard onlySpace else {
                        throw XMLScanError(offset: start, sawRoot ? "text after the root element ended" : "text before the root element")
                    }
                    continue
                }
                tokenOffset = start
                return .text
            }
            tokenOffset = i
            guard i + 1 < bytes.count else { throw XMLScanError(offset: i, "the document ends after <") }
            switch bytes[i + 1] {
            case Self.slash:
                return try endTag()
            case Self.question:
                try skipProcessingInstruction()
            case Self.bang:
                if hasPrefix("<!--") {
                    try skipComment()
                } else if hasPrefix("<![CDATA[") {
                    guard !open.isEmpty else { throw XMLScanError(offset: i, "a CDATA section outside the root element") }
                    try cdata()
                    return .text
                } else if hasPrefix("<!DOCTYPE") {
                    try doctype()
                } else {
                    throw XMLScanError(offset: i, "unknown markup \(snippet(at: i))")
                }
            default:
                return try startTag()
            }
        }
    }

    // MARK: Tags

    private mutating func startTag() throws(XMLScanError) -> Event {
        let start = i
        let nameStart = i + 1
        let nameEnd = try self.nameEnd(from: nameStart, "after <")
        let name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self)
        if open.isEmpty && sawRoot { throw XMLScanError(offset: start, "a second root element <\(name)>") }
        guard open.count < maximumDepth else {
            throw XMLScanError(offset: start, "<\(name)> is nested deeper than \(maximumDepth) elements")
        }
        attributes.removeAll(keepingCapacity: true)
        i = nameEnd
        var selfClosing = false
        while true {
            let spaced = skipSpace()
            guard i < bytes.count else {
                throw XMLScanError(offset: bytes.count, "the document ends inside the start tag <\(name)> (byte \(start))")
            }
            let c = bytes[i]
            if c == Self.gt {
                i += 1
                break
            }
            if c == Self.slash {
                guard i + 1 < bytes.count, bytes[i + 1] == Self.gt else { throw XMLScanError(offset: i, "expected /> in <\(name)>") }
                i += 2
                selfClosing = true
                break
            }
            guard spaced else { throw XMLScanError(offset: i, "expected a space, > or /> in the start tag <\(name)>") }
            let attributeStart = i
            let attributeEnd = try self.nameEnd(from: i, "for an attribute of <\(name)>")
            let attributeName = String(decoding: bytes[attributeStart..<attributeEnd], as: UTF8.self)
            i = attributeEnd
            skipSpace()
            guard i < bytes.count, bytes[i] == Self.equalsSign else {
                throw XMLScanError(offset: i, "expected = after the attribute \(attributeName) of <\(name)>")
            }
            i += 1
            skipSpace()
            guard i < bytes.count, bytes[i] == Self.quote || bytes[i] == Self.apostrophe else {
                throw XMLScanError(offset: i, "expected a quoted value for the attribute \(attributeName) of <\(name)>")
            }
            let value = try attributeValue()
            for a in attributes where a.name == attributeName {
                throw XMLScanError(offset: attributeStart, "the attribute \(attributeName) appears twice in <\(name)>")
            }
            attributes.append(XMLAttribute(name: attributeName, value: value))
        }
        sawRoot = true
        open.append((name, nameStart, nameEnd, start))
        closesAfterStart = selfClosing
        return .start(name)
    }

    private mutating func endTag() throws(XMLScanError) -> Event {
        let start = i
        let nameStart = i + 2
        let nameEnd = try self.nameEnd(from: nameStart, "after </")
        i = nameEnd
        skipSpace()
        guard i < bytes.count, bytes[i] == Self.gt else {
            throw XMLScanError(offset: i, "expected > to close the end tag </\(String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self))>")
        }
        i += 1
        guard let top = open.last else {
            throw XMLScanError(offset: start, "end tag </\(String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self))> with no element open")
        }
        guard bytes[nameStart..<nameEnd].elementsEqual(bytes[top.nameStart..<top.nameEnd]) else {
            throw XMLScanError(offset: start, "end tag </\(String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self))> does not match <\(top.name)> (opened at byte \(top.offset))")
        }
        open.removeLast()
        return .end(top.name)
    }

    /// The end of the name that starts at `start`; throws when none does.
    private func nameEnd(from start: Int, _ context: String) throws(XMLScanError) -> Int {
        guard start < bytes.count, Self.isNameStart(bytes[start]) else {
            throw XMLScanError(offset: start, start < bytes.count ? "expected a name \(context)" : "the document ends where a name \(context) should be")
        }
        var k = start + 1
        while k < bytes.count && Self.isNameCharacter(bytes[k]) { k += 1 }
        return k
    }

    /// A quoted attribute value from the quote at `i`; `i` ends after the closing quote.
    private mutating func attributeValue() throws(XMLScanError) -> String {
        let quote = bytes[i]
        let opening = i
        i += 1
        let start = i
        var copied = start
        var plain = true
        valueBuffer.removeAll(keepingCapacity: true)
        while true {
            guard i < bytes.count else { throw XMLScanError(offset: opening, "the document ends inside an attribute value") }
            let c = bytes[i]
            if c == quote { break }
            if c == Self.lt { throw XMLScanError(offset: i, "< in an attribute value (it is written &lt;)") }
            if c == Self.ampersand {
                plain = false
                try appendReference(to: \.valueBuffer, after: &copied)
                continue
            }
            if c < 0x20 {
                guard c == 0x09 || c == 0x0A || c == 0x0D else { throw controlCharacter(c, at: i) }
                // Attribute-value normalization: a literal tab or line end is a space.
                plain = false
                valueBuffer.append(contentsOf: bytes[copied..<i])
                valueBuffer.append(0x20)
                i += 1
                copied = i
                continue
            }
            i += 1
        }
        let value: String
        if plain {
            value = String(decoding: bytes[start..<i], as: UTF8.self)
        } else {
            valueBuffer.append(contentsOf: bytes[copied..<i])
            value = String(decoding: valueBuffer, as: UTF8.self)
        }
        i += 1
        return value
    }

    // MARK: Text

    /// Character data from `i` to the next `<` (or the end); whether it was only white space.
    private mutating func scanText() throws(XMLScanError) -> Bool {
        let start = i
        var copied = start
        var onlySpace = true
        textIsDecoded = false
        while i < bytes.count {
            let c = bytes[i]
            if c == Self.lt { break }
            if c == Self.ampersand {
                if !textIsDecoded {
                    decoded.removeAll(keepingCapacity: true)
                    textIsDecoded = true
                }
                try appendReference(to: \.decoded, after: &copied)
                onlySpace = false
                continue
            }
            if c < 0x20 {
                guard c == 0x09 || c == 0x0A || c == 0x0D else { throw controlCharacter(c, at: i) }
            } else if c != 0x20 {
                onlySpace = false
                if c == Self.gt && i - start >= 2 && bytes[i - 1] == Self.closeBracket && bytes[i - 2] == Self.closeBracket {
                    throw XMLScanError(offset: i - 2, "]]> in character data (it ends a CDATA section only)")
                }
            }
            i += 1
        }
        if textIsDecoded { decoded.append(contentsOf: bytes[copied..<i]) }
        textRange = start..<i
        return onlySpace
    }

    private mutating func cdata() throws(XMLScanError) {
        let start = i
        let contentStart = i + 9
        guard let end = find("]]>", from: contentStart) else { throw XMLScanError(offset: start, "a CDATA section that never ends") }
        textRange = contentStart..<end
        textIsDecoded = false
        i = end + 3
    }

    /// Decodes the reference at `i` into a buffer of decoded bytes (an attribute value's or a
    /// text's), after the plain bytes from `copied` that it does not hold yet; `i` and `copied`
    /// move past the reference.
    private mutating func appendReference(to buffer: WritableKeyPath<XMLScanner, [UInt8]>, after copied: inout Int) throws(XMLScanError) {
        self[keyPath: buffer].append(contentsOf: bytes[copied..<i])
        let (scalar, end) = try reference(at: i)
        Self.appendUTF8(scalar, to: &self[keyPath: buffer])
        i = end
        copied = i
    }

    /// The code point of the reference whose `&` is at `start`, and where it ends (after `;`).
    private func reference(at start: Int) throws(XMLScanError) -> (UInt32, Int) {
        // A reference is short: the longest predefined name is 4 bytes, &#x10FFFF; is 10.
        let limit = min(bytes.count, start + 64)
        var semicolon = start + 1
        while semicolon < limit && bytes[semicolon] != Self.semicolon && bytes[semicolon] != Self.ampersand && bytes[semicolon] != Self.lt {
            semicolon += 1
        }
        guard semicolon < limit, bytes[semicolon] == Self.semicolon, semicolon > start + 1 else {
            throw XMLScanError(offset: start, "& begins no reference (a literal & is written &amp;)")
        }
        let shown = String(decoding: bytes[start...semicolon], as: UTF8.self)
        if bytes[start + 1] == Self.hash {
            var k = start + 2
            var radix: UInt32 = 10
            if k < semicolon && bytes[k] == UInt8(ascii: "x") {
                radix = 16
                k += 1
            }
            guard k < semicolon else { throw XMLScanError(offset: start, "the character reference \(shown) has no digits") }
            var value: UInt32 = 0
            while k < semicolon {
                guard let d = Self.digit(bytes[k], radix: radix) else {
                    throw XMLScanError(offset: start, "the character reference \(shown) is not a number")
                }
                value = value * radix + d
                guard value <= 0x10FFFF else { throw XMLScanError(offset: start, "the character reference \(shown) is past Unicode") }
                k += 1
            }
            guard Self.isXMLCharacter(value) else {
                throw XMLScanError(offset: start, "the character reference \(shown) names no character XML allows")
            }
            return (value, semicolon + 1)
        }
        let nameStart = start + 1
        if equals(nameStart, semicolon, "lt") { return (0x3C, semicolon + 1) }
        if equals(nameStart, semicolon, "gt") { return (0x3E, semicolon + 1) }
        if equals(nameStart, semicolon, "amp") { return (0x26, semicolon + 1) }
        if equals(nameStart, semicolon, "apos") { return (0x27, semicolon + 1) }
        if equals(nameStart, semicolon, "quot") { return (0x22, semicolon + 1) }
        guard Self.isNameStart(bytes[nameStart]), bytes[nameStart..<semicolon].allSatisfy({ Self.isNameCharacter($0) }) else {
            throw XMLScanError(offset: start, "& begins no reference (a literal & is written &amp;)")
        }
        throw XMLScanError(offset: start, "reference to the undeclared entity \(shown): no entity is ever expanded")
    }

    // MARK: Skipped markup

    private mutating func skipComment() throws(XMLScanError) {
        guard let end = find("-->", from: i + 4) else { throw XMLScanError(offset: i, "a comment that never ends") }
        i = end + 3
    }

    private mutating func skipProcessingInstruction() throws(XMLScanError) {
        let start = i
        _ = try nameEnd(from: i + 2, "after <? (a processing instruction's target)")
        guard let end = find("?>", from: i + 2) else { throw XMLScanError(offset: start, "a processing instruction that never ends") }
        i = end + 2
    }

    /// Skips a DOCTYPE that declares no entity; refuses one that does (see the type's comment).
    private mutating func doctype() throws(XMLScanError) {
        let start = i
        guard !sawRoot else { throw XMLScanError(offset: start, "a DOCTYPE after the root element began") }
        guard !sawDoctype else { throw XMLScanError(offset: start, "a second DOCTYPE") }
        sawDoctype = true
        i += 9
        var sawSubset = false
        while true {
            guard i < bytes.count else { throw XMLScanError(offset: start, "the document ends inside the DOCTYPE") }
            let c = bytes[i]
            if c == Self.gt {
                i += 1
                return
            }
            if c == Self.quote || c == Self.apostrophe {
                try skipLiteral()
            } else if c == Self.openBracket && !sawSubset {
                sawSubset = true
                i += 1
                try skipInternalSubset()
            } else if c == Self.lt || c == Self.openBracket {
                throw XMLScanError(offset: i, "unexpected \(snippet(at: i)) in the DOCTYPE")
            } else {
                i += 1
            }
        }
    }

    private mutating func skipInternalSubset() throws(XMLScanError) {
        while true {
            guard i < bytes.count else { throw XMLScanError(offset: bytes.count, "the document ends inside the DOCTYPE's internal subset") }
            let c = bytes[i]
            if c == Self.closeBracket {
                i += 1
                return
            }
            if Self.isSpace(c) {
                i += 1
            } else if c == Self.percent {
                throw XMLScanError(offset: i, "the DOCTYPE uses a parameter entity (\(snippet(at: i))): no entity is ever expanded, so the file is refused")
            } else if hasPrefix("<!--") {
                try skipComment()
            } else if hasPrefix("<?") {
                try skipProcessingInstruction()
            } else if hasPrefix("<!ENTITY") {
                throw XMLScanError(offset: i, "the DOCTYPE declares an entity (\(snippet(at: i))): no entity is ever expanded, so the file is refused")
            } else if hasPrefix("<!") {
                // ELEMENT, ATTLIST, NOTATION: declare nothing a reader here uses.
                let declaration = i
                i += 2
                while true {
                    guard i < bytes.count else { throw XMLScanError(offset: declaration, "a declaration in the DOCTYPE that never ends") }
                    if bytes[i] == Self.gt {
                        i += 1
                        break
                    }
                    if bytes[i] == Self.quote || bytes[i] == Self.apostrophe { try skipLiteral() } else { i += 1 }
                }
            } else {
                throw XMLScanError(offset: i, "unexpected \(snippet(at: i)) in the DOCTYPE's internal subset")
            }
        }
    }

    /// A quoted literal in a DOCTYPE, from its quote at `i`.
    private mutating func skipLiteral() throws(XMLScanError) {
        let quote = bytes[i]
        let start = i
        i += 1
        while i < bytes.count && bytes[i] != quote { i += 1 }
        guard i < bytes.count else { throw XMLScanError(offset: start, "a quoted literal in the DOCTYPE that never ends") }
        i += 1
    }

    // MARK: Bytes

    @discardableResult
    private mutating func skipSpace() -> Bool {
        let start = i
        while i < bytes.count && Self.isSpace(bytes[i]) { i += 1 }
        return i > start
    }

    private func hasPrefix(_ word: StaticString) -> Bool {
        let n = word.utf8CodeUnitCount
        return i + n <= bytes.count && equals(i, i + n, word)
    }

    private func equals(_ start: Int, _ end: Int, _ word: StaticString) -> Bool {
        guard end - start == word.utf8CodeUnitCount else { return false }
        for k in 0..<(end - start) where bytes[start + k] != word.utf8Start[k] { return false }
        return true
    }

    /// Where `word` next begins at or after `start`.
    private func find(_ word: StaticString, from start: Int) -> Int? {
        let n = word.utf8CodeUnitCount
        var k = start
        while k + n <= bytes.count {
            if equals(k, k + n, word) { return k }
            k += 1
        }
        return nil
    }

    /// Up to 24 bytes from `start`, for a message.
    private func snippet(at start: Int) -> String {
        var end = start
        while end < bytes.count && end - start < 24 && bytes[end] != Self.gt && bytes[end] != 0x0A { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self) + (end < bytes.count && bytes[end] == Self.gt ? ">" : "...")
    }

    private func controlCharacter(_ c: UInt8, at offset: Int) -> XMLScanError {
        let hex: [Character] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F"]
        return XMLScanError(offset: offset, "the control character 0x\(hex[Int(c >> 4)])\(hex[Int(c & 15)]), which XML does not allow")
    }

    private static func appendUTF8(_ v: UInt32, to out: inout [UInt8]) {
        switch v {
        case ..<0x80:
            out.append(UInt8(v))
        case ..<0x800:
            out.append(UInt8(0xC0 | v >> 6))
            out.append(UInt8(0x80 | v & 0x3F))
        case ..<0x10000:
            out.append(UInt8(0xE0 | v >> 12))
            out.append(UInt8(0x80 | v >> 6 & 0x3F))
            out.append(UInt8(0x80 | v & 0x3F))
        default:
            out.append(UInt8(0xF0 | v >> 18))
            out.append(UInt8(0x80 | v >> 12 & 0x3F))
            out.append(UInt8(0x80 | v >> 6 & 0x3F))
            out.append(UInt8(0x80 | v & 0x3F))
        }
    }

    private static func digit(_ c: UInt8, radix: UInt32) -> UInt32? {
        let d: UInt32
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A")) + 10
        default: return nil
        }
        return d < radix ? d : nil
    }

    /// XML 1.0's Char production: what a character reference may name.
    private static func isXMLCharacter(_ v: UInt32) -> Bool {
        v == 0x09 || v == 0x0A || v == 0x0D || (0x20...0xD7FF).contains(v) || (0xE000...0xFFFD).contains(v) || (0x10000...0x10FFFF).contains(v)
    }

    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

    /// XML's NameStartChar, with every non-ASCII byte allowed (a name's letters are not checked).
    private static func isNameStart(_ c: UInt8) -> Bool {
        (c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z") || c == UInt8(ascii: "_") || c == UInt8(ascii: ":") || c >= 0x80
    }

    private static func isNameCharacter(_ c: UInt8) -> Bool {
        isNameStart(c) || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "-") || c == UInt8(ascii: ".")
    }

    private static let lt = UInt8(ascii: "<")
    private static let gt = UInt8(ascii: ">")
    private static let slash = UInt8(ascii: "/")
    private static let question = UInt8(ascii: "?")
    private static let bang = UInt8(ascii: "!")
    private static let equalsSign = UInt8(ascii: "=")
    private static let quote = UInt8(ascii: "\"")
    private static let apostrophe = UInt8(ascii: "'")
    private static let ampersand = UInt8(ascii: "&")
    private static let semicolon = UInt8(ascii: ";")
    private static let hash = UInt8(ascii: "#")
    private static let percent = UInt8(ascii: "%")
    private static let openBracket = UInt8(ascii: "[")
    private static let closeBracket = UInt8(ascii: "]")
}
