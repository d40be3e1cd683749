import PacerCore
import PacerSystem

/// A report's text or JSON (one line) to standard output, for the history verbs.
enum CommandOutput {
    static func write(_ text: String) throws {
        let out = BufferedOutput()
        try out.write(text)
        try out.flush()
    }

    static func write(_ json: JSONWriter) throws {
        var bytes = json.bytes
        bytes.append(10)
        let out = BufferedOutput()
        try bytes.withUnsafeBytes { try out.write(bytes: $0) }
        try out.flush()
    }
}
