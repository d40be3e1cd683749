#if canImport(Glibc)
import Glibc
#endif
import PacerCore
import PacerSystem

/// `pacerctl status|counters|start|pause|resume|lap|stop`: one request to pacerd, its reply printed
/// for people (or as the raw JSON line with `--json`).
enum DaemonCommands {
    static let status = reading(.status, replyClass: "STATE", summary: "show pacerd's live state once")
    static let counters = reading(.counters, replyClass: "COUNTERS",
                                  summary: "show what pacerd counted and passed over (bad sentences, BLE values, clock jumps)")

    /// A request that reads and changes nothing, answered by one reply of `replyClass`.
    private static func reading(_ request: ClientRequest, replyClass: String, summary: String) -> Subcommand {
        Subcommand(name: request.command, usage: "\(request.command) \(DaemonClientOptions.usageSuffix)", summary: summary) { args in
            let options = try DaemonClientOptions.parse(args, positionals: false).options
            let connection = try options.connect()
            try connection.send(request.line)
            guard let reply = try connection.readReply(classes: [replyClass, "ERROR"], timeout: 5) else {
                throw DaemonClientError("no reply from pacerd")
            }
            return try printReply(reply, options: options)
        }
    }

    static let start = control("start", usage: "start [run|walk|ride|strength|other]", summary: "start recording a session") { parsed in
        guard parsed.positionals.count <= 1 else { throw UsageError("start takes at most one activity") }
        guard let name = parsed.positionals.first else { return .start(activity: nil) }
        guard let activity = Activity(rawValue: name) else { throw UsageError("activity must be \(ActivityProfile.names)") }
        return .start(activity: activity)
    }
    static let pause = control("pause", summary: "pause the session") { _ in .pause }
    static let resume = control("resume", summary: "resume a paused session") { _ in .resume }
    static let lap = control("lap", summary: "mark a lap") { _ in .lap }
    static let stop = control("stop", summary: "stop and save the session") { _ in .stop }


    private static func control(_ name: String, usage: String? = nil, summary: String,
                                request: @escaping @Sendable (CommandArguments) throws -> ClientRequest) -> Subcommand {
        Subcommand(name: name, usage: "\(usage ?? name) [--socket PATH] [--json]", summary: summary) { args in
            let parsed = try CommandArguments(args, flags: DaemonClientOptions.flags, options: DaemonClientOptions.options)
            let req = try request(parsed)
            if name != "start" { try parsed.expectNoPositionals() }
            return try send(req, parsed)
        }
    }

    /// Sends a control request and prints its ACK or ERROR.
    static func send(_ request: ClientRequest, _ parsed: CommandArguments) throws -> Int32 {
        let options = try DaemonClientOptions(parsed)
        let connection = try options.connect()
        try connection.send(request.line)
        guard let reply = try connection.readReply(classes: ["ACK", "ERROR"], timeout: 5) else {
            throw DaemonClientError("no reply from pacerd")
        }
        return try printReply(reply, options: options)
    }

    /// Prints a STATE, COUNTERS, UPLOADS, ACK or ERROR; returns 1 for an ERROR.
    static func printReply(_ reply: JSONValue, options: DaemonClientOptions) throws -> Int32 {
        let out = BufferedOutput()
        var w = JSONWriter()
        w.value(reply)
        if options.json {
            try out.write(String(decoding: w.bytes, as: UTF8.self) + "\n")
            try out.flush()
            return reply["class"]?.string == "ERROR" ? 1 : 0
        }
        if let state = LiveState(json: reply) {
            try out.write(LiveStateReport(options.preferences).text(state))
        } else if let counters = CountersReport(json: reply) {
            try out.write(counters.text)
        } else if let uploads = UploadsReport(json: reply) {
            try out.write(uploads.text)
        } else if case let .ack(command, session)? = ServerReply(json: reply) {
            try out.write("ok: \(command)" + (session.map { " (session \($0))" } ?? "") + "\n")
        } else if case let .error(message)? = ServerReply(json: reply) {
            try out.flush()
            printError("pacerd: \(message)")
            return 1
        }
        try out.flush()
        return 0
    }
}
