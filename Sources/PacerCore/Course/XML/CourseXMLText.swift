/// The text handling the GPX and TCX readers share: a value is read without the white space
/// the file's layout puts around it, and quoted short in a message.
enum CourseXMLText {
    /// The text without XML white space around it.
    static func trimmed(_ text: String) -> String {
        let u = text.utf8
        guard let first = u.firstIndex(where: { !isSpace($0) }), let last = u.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(text[first...last])
    }

    /// A name the file gave, trimmed; nil when it gave none or only white space.
    static func nonEmpty(_ text: String?) -> String? {
        guard let t = text.map({ trimmed($0) }), !t.isEmpty else { return nil }
        return t
    }

    /// A file's value in quotes for a message, cut short when long (a hostile value can be megabytes).
    static func quoted(_ text: String) -> String {
        let shown = text.utf8.count > 40 ? String(decoding: text.utf8.prefix(40), as: UTF8.self) + "..." : text
        return "\"" + shown + "\""
    }

    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }
}
