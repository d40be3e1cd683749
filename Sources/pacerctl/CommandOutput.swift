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

    /// A JSON array with one object per element, as one line; `object` writes an element's keys.
    static func write<Element>(array elements: [Element], capacity: Int = 256,
                               _ object: (inout JSONWriter, Element) -> Void) throws {
        var w = JSONWriter(capacity: capacity)
        w.beginArray()
        for element in elements {
            w.beginObject()
            object(&w, element)
            w.endObject()
        }
        w.endArray()
        try write(w)
    }
}
