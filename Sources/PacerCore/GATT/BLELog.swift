/// The BLE notification log (`*.ble`): one notification per line, `#` starts a
/// comment, blank lines are skipped. Parsing stops at the first bad line with its number.
public enum BLELog {
    /// The largest log replay reads into memory: a day of four sensors at 4 Hz is about 60 MB.
    public static let maximumFileBytes = 512 << 20

    /// Every notification in a log text, in file order.
    public static func parse(_ text: String) throws(BLELogError) -> [BLENotification] {
        var result: [BLENotification] = []
        try parse(text) { result.append($0) }
        return result
    }

    /// Streams the notifications of a log text to `emit`, in file order.
    public static func parse(_ text: String, emit: (BLENotification) -> Void) throws(BLELogError) {
        var lineNumber = 0
        // Split on the byte, not the Character: "\r\n" is one Character in Swift.
        for rawLine in text.utf8.split(separator: 10, omittingEmptySubsequences: false) {
            lineNumber += 1
            guard let content = significantPart(of: Substring(rawLine)) else { continue }
            do {
                emit(try BLENotification(logLine: content))
            } catch {
                throw BLELogError(line: lineNumber, reason: error)
            }
        }
    }

    /// The log text of notifications, one line each, newline-terminated.
    public static func format(_ notifications: [BLENotification]) -> String {
        var text = ""
        for n in notifications {
            text.append(n.logLine)
            text.append("\n")
        }
        return text
    }

    /// A line without its comment and surrounding blanks; nil when nothing is left.
    static func significantPart(of line: Substring) -> Substring? {
        var content = line
        if let hash = content.firstIndex(of: "#") { content = content[..<hash] }
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = content.firstIndex(where: { !blank($0) }),
              let last = content.lastIndex(where: { !blank($0) }) else { return nil }
        return content[first...last]
    }
}
