/// The UPLOADS reply (`{"cmd":"uploads"}`, `pacerctl uploads`): where each session's upload to
/// each service stands, and the services pacerd cannot upload to now with the reason (a secret
/// file others can read, a missing one). Each entry is the state file's own object.
public struct UploadsReport: Equatable, Sendable {
    public struct Problem: Equatable, Sendable {
        public var service: String
        public var message: String
        public init(service: String, message: String) { (self.service, self.message) = (service, message) }
    }

    public var uploads: [UploadState]
    public var problems: [Problem]

    public init(uploads: [UploadState], problems: [Problem] = []) {
        self.uploads = uploads
        self.problems = problems
    }

    public var line: [UInt8] {
        var w = JSONWriter(capacity: 128 + 160 * uploads.count)
        w.beginObject()
        w.key("class"); w.value("UPLOADS")
        w.key("uploads"); w.beginArray()
        for state in uploads { UploadStateFile.write(state, into: &w) }
        w.endArray()
        w.key("problems"); w.beginArray()
        for p in problems {
            w.beginObject()
            w.key("service"); w.value(p.service)
            w.key("message"); w.value(p.message)
            w.endObject()
        }
        w.endArray()
        w.endObject()
        w.endLine()
        return w.takeBytes()
    }

    /// Decodes an UPLOADS object (pacerctl's side); nil when it is not one. An entry that does
    /// not read as a state is left out.
    public init?(json: JSONValue) {
        guard json["class"]?.string == "UPLOADS", let entries = json["uploads"]?.array else { return nil }
        uploads = entries.compactMap { try? UploadStateFile.read($0) }
        problems = (json["problems"]?.array ?? []).compactMap { p in
            guard let service = p["service"]?.string, let message = p["message"]?.string else { return nil }
            return Problem(service: service, message: message)
        }
    }

    /// For people: one line per session and service, then the problems.
    public var text: String {
        var out = uploads.isEmpty ? "no uploads\n" : ""
        let width = uploads.map(\.sessionID.count).max() ?? 0
        for u in uploads {
            let id = u.sessionID + String(repeating: " ", count: max(0, width - u.sessionID.count))
            let service = u.service.name + String(repeating: " ", count: max(0, 10 - u.service.name.count))
            out += "\(id)  \(service) \(u.summary)\n"
        }
        for p in problems { out += "\(p.service): \(p.message)\n" }
        return out
    }
}
