/// The state file's JSON, one compact object a file:
///
///     {"v":1,"session":"1a2b","service":"strava","state":"pending","attempts":2,"next":"2026-11-28T12:00:00.000Z","error":"HTTP 503"}
///     {"v":1,"session":"1a2b","service":"strava","state":"processing","upload":"123","polls":3,"next":"…","attempts":0}
///     {"v":1,"session":"1a2b","service":"strava","state":"done","remote":"456"}
///     {"v":1,"session":"1a2b","service":"strava","state":"failed","reason":"…"}
///
/// Reading refuses anything damaged or absurd (attempt counts past any real run, times outside
/// the recordable range, texts of kilobytes) with an `UploadStateError`, never a trap.
public enum UploadStateFile {
    public static let version = 1
    /// More attempts than backing off at the one-hour cap for over a year.
    public static let maximumAttempts = 10_000
    public static let maximumPolls = 10_000
    public static let maximumTextLength = 1000
    public static let maximumFileLength = 8192

    public static func encode(_ state: UploadState) -> [UInt8] {
        var w = JSONWriter(capacity: 256)
        write(state, into: &w)
        w.endLine()
        return w.bytes
    }

    /// The state as one JSON object: the file's whole content, and an entry of UPLOADS.
    public static func write(_ state: UploadState, into w: inout JSONWriter) {
        w.beginObject()
        w.key("v"); w.value(version)
        w.key("session"); w.value(state.sessionID)
        w.key("service"); w.value(state.service.name)
        switch state.status {
        case let .pending(attempts, notBefore, lastError):
            w.key("state"); w.value("pending")
            w.key("attempts"); w.value(attempts)
            w.key("next"); w.value(notBefore)
            if let e = lastError { w.key("error"); w.value(e) }
        case let .inProgress(uploadID, polls, nextPoll, attempts):
            w.key("state"); w.value("processing")
            w.key("upload"); w.value(uploadID)
            w.key("polls"); w.value(polls)
            w.key("next"); w.value(nextPoll)
            w.key("attempts"); w.value(attempts)
        case let .done(remote):
            w.key("state"); w.value("done")
            w.key("remote"); w.value(remote)
        case let .failed(reason):
            w.key("state"); w.value("failed")
            w.key("reason"); w.value(reason)
        }
        w.endObject()
    }

    public static func decode(_ bytes: [UInt8]) throws(UploadStateError) -> UploadState {
        guard bytes.count <= maximumFileLength else { throw UploadStateError("\(bytes.count) bytes, more than a state file holds") }
        let json: JSONValue
        do { json = try JSONValue.parse(bytes) } catch { throw UploadStateError("not JSON (\(error))") }
        return try read(json)
    }

    /// A state from its JSON object, checked as a file's is.
    public static func read(_ json: JSONValue) throws(UploadStateError) -> UploadState {
        guard case .object = json else { throw UploadStateError("not a JSON object") }
        guard json["v"]?.integer == version else { throw UploadStateError("version is not \(version)") }
        guard let session = json["session"]?.string, UploadState.isValidSessionID(session) else {
            throw UploadStateError("no valid session id")
        }
        guard let serviceName = json["service"]?.string, let service = UploadService.named(serviceName) else {
            throw UploadStateError("no known service")
        }
        func text(_ key: String) throws(UploadStateError) -> String {
            guard let s = json[key]?.string else { throw UploadStateError("no \(key)") }
            guard s.utf8.count <= maximumTextLength else { throw UploadStateError("\(key) is too long") }
            return s
        }
        func count(_ key: String, _ limit: Int) throws(UploadStateError) -> Int {
            guard let n = json[key]?.integer, (0...limit).contains(n) else { throw UploadStateError("\(key) is not a count from 0 to \(limit)") }
            return n
        }
        func time(_ key: String) throws(UploadStateError) -> UTCTime {
            guard let s = json[key]?.string, let t = UTCTime(rfc3339: s), UTCTime.recordable.contains(t) else {
                throw UploadStateError("\(key) is not a time from 1970 to 2199")
            }
            return t
        }
        let status: UploadState.Status
        switch json["state"]?.string {
        case "pending":
            var error: String?
            if json["error"] != nil { error = try text("error") }
            status = .pending(attempts: try count("attempts", maximumAttempts), notBefore: try time("next"), lastError: error)
        case "processing":
            let upload = try text("upload")
            guard !upload.isEmpty, upload.utf8.count <= 32, upload.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
                throw UploadStateError("upload is not an upload id")
            }
            status = .inProgress(uploadID: upload, polls: try count("polls", maximumPolls), nextPoll: try time("next"),
                                 attempts: try count("attempts", maximumAttempts))
        case "done": status = .done(remote: try text("remote"))
        case "failed": status = .failed(reason: try text("reason"))
        default: throw UploadStateError("no known state")
        }
        return UploadState(sessionID: session, service: service, status: status)
    }
}
