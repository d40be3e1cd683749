#if canImport(Glibc)
import Glibc
#endif
import PacerCore
import PacerSystem

/// Options shared by the verbs that talk to pacerd: where its socket is, JSON or human output,
/// and how to show numbers (units, clock) — from flags, else defaults.
struct DaemonClientOptions: OptionGroup {
    static let flags: Set<String> = ["json"]
    static let options: Set<String> = ["socket", "units", "clock", "config"]
    static let usageSuffix = "[--socket PATH] [--json] [--units metric|imperial] [--clock 12|24] [--config FILE]"
    static let defaultSocket = "/run/pacer/pacer.sock"

    let socketPath: String
    let json: Bool
    let preferences: DisplayPreferences
    let config: PacerConfig

    init(_ args: CommandArguments) throws {
        // Units and clock come from the config file ([recording] units, [display] clock), then flags.
        let config = try ConfigFileOption.load(args)
        socketPath = args.option("socket") ?? getenv("PACER_SOCKET").map { String(cString: $0) } ?? config.socketPath
        json = args.flag("json")
        var prefs = DisplayPreferences(units: config.recording.units == .imperial ? .imperial : .metric,
                                       twentyFourHour: config.twentyFourHourClock)
        switch args.option("units") {
        case nil: break
        case "metric": prefs.units = .metric
        case "imperial": prefs.units = .imperial
        case let other?: throw UsageError("--units must be metric or imperial, not '\(other)'")
        }
        switch args.option("clock") {
        case nil: break
        case "24": prefs.twentyFourHour = true
        case "12": prefs.twentyFourHour = false
        case let other?: throw UsageError("--clock must be 12 or 24, not '\(other)'")
        }
        prefs.utcOffsetSeconds = Terminal.utcOffsetSeconds(at: Int64(time(nil)))
        preferences = prefs
        self.config = config
    }

    /// Connects and checks the VERSION greeting's major protocol version.
    func connect() throws -> UnixSocketConnection {
        let connection: UnixSocketConnection
        do { connection = try UnixSocketConnection(path: socketPath) } catch {
            throw DaemonClientError("cannot reach pacerd at \(socketPath): \(error)")
        }
        let greeting = try connection.readReply(classes: ["VERSION", "ERROR"], timeout: 5)
        // A full pacerd says why it closes instead of greeting ("too many clients").
        if case let .error(message)? = greeting.flatMap(ServerReply.init(json:)) {
            throw DaemonClientError("pacerd at \(socketPath) refused the connection: \(message)")
        }
        guard let greeting, case let .version(release, major, _)? = ServerReply(json: greeting) else {
            throw DaemonClientError("no VERSION greeting from \(socketPath)")
        }
        guard major == PacerVersion.protocolMajor else {
            throw DaemonClientError("pacerd \(release) speaks protocol \(major), this pacerctl \(PacerVersion.protocolMajor)")
        }
        return connection
    }
}

/// A failure talking to pacerd, printed as it is.
struct DaemonClientError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}
