/// The small fixed replies of the socket protocol, encoded as one newline-terminated line.
/// STATE and EVENT, which carry data, are `LiveState` and `LiveEvent`.
public enum ServerReply: Equatable, Sendable {
    /// The greeting sent on connect, as gpsd does, so a client can check compatibility first.
    case version(release: String, major: Int, minor: Int)
    /// A control command or watch change was done; `session` is the id it concerned, if any.
    case ack(command: String, session: String?)
    case error(message: String)

    /// The greeting for this build.
    public static var currentVersion: ServerReply {
        .version(release: PacerVersion.release, major: PacerVersion.protocolMajor, minor: PacerVersion.protocolMinor)
    }

    public var line: [UInt8] {
        var w = JSONWriter(capacity: 96)
        w.beginObject()
        switch self {
        case let .version(release, major, minor):
            w.key("class"); w.value("VERSION")
            w.key("release"); w.value(release)
            w.key("proto_major"); w.value(major)
            w.key("proto_minor"); w.value(minor)
        case let .ack(command, session):
            w.key("class"); w.value("ACK")
            w.key("cmd"); w.value(command)
            if let session { w.key("session"); w.value(session) }
        case let .error(message):
            w.key("class"); w.value("ERROR")
            w.key("message"); w.value(message)
        }
        w.endObject()
        w.endLine()
        return w.takeBytes()
    }

    /// Decodes a VERSION, ACK or ERROR line (pacerctl's side); nil for other classes.
    public init?(json: JSONValue) {
        switch json["class"]?.string {
        case "VERSION":
            guard let major = json["proto_major"]?.integer, let minor = json["proto_minor"]?.integer else { return nil }
            self = .version(release: json["release"]?.string ?? "", major: major, minor: minor)
        case "ACK":
            self = .ack(command: json["cmd"]?.string ?? "", session: json["session"]?.string)
        case "ERROR":
            self = .error(message: json["message"]?.string ?? "")
        default:
            return nil
        }
    }
}
