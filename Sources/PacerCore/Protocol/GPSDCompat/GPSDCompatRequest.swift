/// One command of gpsd's request language (`gpsd_json(5)`) as pacerd's gpsd-compatible
/// listener understands it. A request line starts with `?` and may hold several commands, each
/// `?NAME;` or `?NAME={json};`, so that clients written for gpsd work unchanged.
public enum GPSDCompatRequest: Equatable, Sendable {
    /// `?WATCH={...}`: only the keys that change something here; absent keys keep their value.
    case watch(enable: Bool?, json: Bool?)
    case poll
    case devices
    case version
    /// Not a command this listener serves (or not one at all): answered with gpsd's ERROR.
    case invalid(String)

    /// Splits one request line into its commands. Never fails: what cannot be read is an
    /// `.invalid` naming it, and the rest of the line is dropped (gpsd does the same).
    public static func parse(line: [UInt8]) -> [GPSDCompatRequest] {
        var requests: [GPSDCompatRequest] = []
        var i = 0
        let n = line.count
        while i < n {
            // Blanks and stray separators between commands are ignored, as gpsd ignores them.
            if line[i] == UInt8(ascii: ";") || line[i] == UInt8(ascii: " ") || line[i] == 0x0D || line[i] == 0x09 { i += 1; continue }
            guard line[i] == UInt8(ascii: "?") else {
                requests.append(.invalid("request must start with '?'"))
                return requests
            }
            i += 1
            let nameStart = i
            while i < n, isNameByte(line[i]) { i += 1 }
            let name = String(decoding: line[nameStart..<i], as: UTF8.self)
            var argument: JSONValue?
            if i < n, line[i] == UInt8(ascii: "=") {
                i += 1
                guard let end = endOfObject(line, from: i) else {
                    requests.append(.invalid("?\(name)= needs a JSON object"))
                    return requests
                }
                do { argument = try JSONValue.parse(line[i..<end]) } catch {
                    requests.append(.invalid("?\(name)= argument is not JSON: \(error)"))
                    return requests
                }
                i = end
            }
            requests.append(command(name, argument))
            if case .invalid = requests.last { return requests }
        }
        return requests
    }

    private static func command(_ name: String, _ argument: JSONValue?) -> GPSDCompatRequest {
        switch name {
        case "WATCH":
            guard let argument else { return .watch(enable: nil, json: nil) }
            guard case .object = argument else { return .invalid("?WATCH= argument must be an object") }
            return .watch(enable: argument["enable"]?.bool, json: argument["json"]?.bool)
        case "POLL": return .poll
        case "DEVICES": return .devices
        case "VERSION": return .version
        case "": return .invalid("empty command")
        default: return .invalid("unrecognized request '\(name.prefix(32))'")
        }
    }

    private static func isNameByte(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z")) || (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z"))
    }

    /// The index just past the `{...}` starting at `start` (braces inside strings do not count);
    /// nil when there is no object there or it does not close on this line.
    private static func endOfObject(_ b: [UInt8], from start: Int) -> Int? {
        guard start < b.count, b[start] == UInt8(ascii: "{") else { return nil }
        var depth = 0
        var inString = false
        var escaped = false
        var i = start
        while i < b.count {
            let c = b[i]
            if inString {
                if escaped { escaped = false } else if c == UInt8(ascii: "\\") { escaped = true } else if c == UInt8(ascii: "\"") { inString = false }
            } else if c == UInt8(ascii: "\"") {
                inString = true
            } else if c == UInt8(ascii: "{") || c == UInt8(ascii: "[") {
                depth += 1
            } else if c == UInt8(ascii: "}") || c == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0 { return i + 1 }
            }
            i += 1
        }
        return nil
    }
}
