/// A request a client sends on the daemon's socket (`{"cmd":...}`, one per line).
public enum ClientRequest: Equatable, Sendable {
    case status
    case watch(enable: Bool)
    case start(activity: Activity?)
    case pause
    case resume
    case lap
    case stop
    case sessions
    /// What the daemon counted and passed over (`CountersReport`).
    case counters
    /// The motivation reports, as `pacerctl goals|habits|awards|load --json` print them.
    case goals(date: String?)
    case habits
    case awards
    case load(days: Int?)
    /// A set of the strength session (`ClientRequest+Set`).
    case set(StrengthSetEntry)
    case setUndo
    /// Follow the course in this file (an absolute path on the daemon's machine); nil clears it.
    case course(file: String?)
    /// Run, skip a step of, or clear the workout (`ClientRequest+Workout`).
    case workout(WorkoutAction)
    /// Where each session's uploads stand (UPLOADS).
    case uploads
    /// Send a session again now (to `service`, or to every configured one), whatever its state.
    case upload(session: String, service: String?)

    /// The `cmd` name, as it appears on the wire and in ACKs.
    public var command: String {
        switch self {
        case .status: "status"
        case .watch: "watch"
        case .start: "start"
        case .pause: "pause"
        case .resume: "resume"
        case .lap: "lap"
        case .stop: "stop"
        case .sessions: "sessions"
        case .counters: "counters"
        case .goals: "goals"
        case .habits: "habits"
        case .awards: "awards"
        case .load: "load"
        case .set, .setUndo: "set"
        case .course: "course"
        case .workout: "workout"
        case .uploads: "uploads"
        case .upload: "upload"
        }
    }

    /// Commands that change what is recorded; only trusted peers may send them.
    public var isControl: Bool {
        switch self {
        case .start, .pause, .resume, .lap, .stop, .set, .setUndo, .course, .workout, .upload: true
        case .status, .watch, .sessions, .counters, .goals, .habits, .awards, .load, .uploads: false
        }
    }

    /// Decodes one request line; the error's message is what the client gets in an ERROR.
    public init(line: some Collection<UInt8>) throws(RequestError) {
        let document: JSONValue
        do { document = try JSONValue.parse(line) } catch { throw RequestError("bad JSON: \(error)") }
        guard case .object = document else { throw RequestError("a request must be a JSON object") }
        guard let cmdValue = document["cmd"] else { throw RequestError("missing \"cmd\"") }
        guard let cmd = cmdValue.string else { throw RequestError("\"cmd\" must be a string") }
        switch cmd {
        case "status": self = .status
        case "watch":
            let enable = document["enable"]
            if enable == nil { self = .watch(enable: true); return }
            guard let flag = enable?.bool else { throw RequestError("\"enable\" must be true or false") }
            self = .watch(enable: flag)
        case "start":
            guard let value = document["activity"], !value.isNull else { self = .start(activity: nil); return }
            guard let name = value.string, let activity = Activity(rawValue: name) else {
                throw RequestError("\"activity\" must be \(ActivityProfile.names)")
            }
            self = .start(activity: activity)
        case "pause": self = .pause
        case "resume": self = .resume
        case "lap": self = .lap
        case "stop": self = .stop
        case "sessions": self = .sessions
        case "counters": self = .counters
        case "goals":
            guard let value = document["date"], !value.isNull else { self = .goals(date: nil); return }
            guard let date = value.string, LocalCalendar.day(parsing: date) != nil else { throw RequestError("\"date\" must be a date YYYY-MM-DD") }
            self = .goals(date: date)
        case "habits": self = .habits
        case "awards": self = .awards
        case "load":
            guard let value = document["days"], !value.isNull else { self = .load(days: nil); return }
            guard let n = value.number, n >= 1, n <= 100_000, n == n.rounded() else { throw RequestError("\"days\" must be a positive whole number") }
            self = .load(days: n.clampedInt())
        case "set": self = try ClientRequest.set(document)
        case "course":
            if document["clear"]?.bool == true { self = .course(file: nil); return }
            guard let path = document["file"]?.string, path.hasPrefix("/"), path.utf8.count <= 4096, !path.utf8.contains(0) else {
                throw RequestError("\"file\" must be an absolute path (or \"clear\": true)")
            }
            self = .course(file: path)
        case "workout": self = .workout(try WorkoutAction(document))
        case "uploads": self = .uploads
        case "upload":
            guard let session = document["session"]?.string, UploadState.isValidSessionID(session) else {
                throw RequestError("\"session\" must be a session id")
            }
            guard let value = document["service"], !value.isNull else { self = .upload(session: session, service: nil); return }
            guard let name = value.string, UploadService.named(name) != nil else {
                throw RequestError("\"service\" must be one of \(UploadService.all.map(\.name).joined(separator: ", "))")
            }
            self = .upload(session: session, service: name)
        default: throw RequestError("unknown command '\(ClientRequest.printable(cmd))'")
        }
    }

    /// Encodes the request as a line (pacerctl's side of the protocol).
    public var line: [UInt8] {
        var w = JSONWriter(capacity: 48)
        w.beginObject()
        w.key("cmd"); w.value(command)
        switch self {
        case .watch(let enable): w.key("enable"); w.value(enable)
        case .start(let activity?): w.key("activity"); w.value(activity.rawValue)
        case .goals(let date?): w.key("date"); w.value(date)
        case .load(let days?): w.key("days"); w.value(days)
        case .set(let entry): ClientRequest.write(entry, into: &w)
        case .setUndo: w.key("undo"); w.value(true)
        case .course(let file?): w.key("file"); w.value(file)
        case .course(nil): w.key("clear"); w.value(true)
        case .workout(let action): action.write(into: &w)
        case let .upload(session, service):
            w.key("session"); w.value(session)
            if let service { w.key("service"); w.value(service) }
        default: break
        }
        w.endObject()
        w.endLine()
        return w.takeBytes()
    }

    /// A command name cut short for echoing in an error, so a huge name cannot amplify a reply.
    private static func printable(_ s: String) -> String {
        s.count <= 32 ? s : String(s.prefix(32)) + "..."
    }
}

/// Why a request line was refused: sent back verbatim in an ERROR reply.
public struct RequestError: Error, Equatable, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
}
