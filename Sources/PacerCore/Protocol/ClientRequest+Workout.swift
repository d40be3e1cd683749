extension ClientRequest {
    /// `{"cmd":"workout","file":PATH}` runs the workout in that file (an absolute path on the
    /// daemon's machine), `"skip":true` ends the current step, `"clear":true` runs none.
    public enum WorkoutAction: Equatable, Sendable {
        case load(file: String)
        case skip
        case clear

        init(_ document: JSONValue) throws(RequestError) {
            if document["clear"]?.bool == true { self = .clear; return }
            if document["skip"]?.bool == true { self = .skip; return }
            guard let path = document["file"]?.string, path.hasPrefix("/"), path.utf8.count <= 4096, !path.utf8.contains(0) else {
                throw RequestError("\"file\" must be an absolute path (or \"skip\": true, or \"clear\": true)")
            }
            self = .load(file: path)
        }

        func write(into w: inout JSONWriter) {
            switch self {
            case .load(let file): w.key("file"); w.value(file)
            case .skip: w.key("skip"); w.value(true)
            case .clear: w.key("clear"); w.value(true)
            }
        }
    }
}
