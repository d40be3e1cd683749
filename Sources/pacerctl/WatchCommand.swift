#if canImport(Glibc)
import Glibc
#endif
import PacerCore
import PacerSystem

/// `pacerctl watch`: a live full-screen view of pacerd that redraws in place, reconnecting when
/// the daemon restarts. With `--json` or when stdout is not a terminal, prints each report
/// as a line instead. Ctrl-C restores the terminal.
enum WatchCommand {
    static let subcommand = Subcommand(name: "watch", usage: "watch \(DaemonClientOptions.usageSuffix) [--count N] [--fields SPEC]",
                                       summary: "live full-screen view of the session (Ctrl-C to quit)") { args in
        let parsed = try CommandArguments(args, flags: DaemonClientOptions.flags, options: DaemonClientOptions.options.union(["count", "fields"]))
        if let extra = parsed.positionals.first { throw UsageError("unexpected argument '\(extra)'") }
        let options = try DaemonClientOptions(parsed)
        let count = try parsed.integer("count", in: 1...Int(Int32.max))
        let signals = try SignalReceiver(signals: [SIGINT, SIGTERM, SIGWINCH])
        let fullScreen = !options.json && Terminal.isTerminal(STDOUT_FILENO)
        let out = BufferedOutput()
        var layout = options.config.liveFields
        if let spec = parsed.option("fields") {
            do { layout = try LiveFieldLayout(parsing: spec) } catch let e as LiveFieldLayoutError { throw UsageError("--fields: \(e.description)") }
        }
        var view = WatchView(options: options, fullScreen: fullScreen, out: out, layout: layout)
        if fullScreen { try out.write(WatchScreen.enter) }
        defer {
            if fullScreen { try? out.write(WatchScreen.leave); try? out.flush() }
        }
        var states = 0
        while true {
            let connection: UnixSocketConnection
            do {
                connection = try options.connect()
                try connection.send(ClientRequest.watch(enable: true).line)
            } catch {
                guard fullScreen else { throw error }
                try view.draw(connected: false)
                if try waitForSignal(signals, seconds: 1, view: &view) { return 0 }
                continue
            }
            while true {
                var fds = [pollfd(fd: connection.fd, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: signals.fd, events: Int16(POLLIN), revents: 0)]
                _ = try retryingEINTR("poll") { poll(&fds, 2, 1000) }
                if fds[1].revents != 0, try handleSignals(signals, view: &view) { return 0 }
                guard fds[0].revents != 0 else { continue }
                guard let line = try connection.readLine(timeout: 0.5) else { break }
                guard let reply = try? JSONValue.parse(line) else { continue }
                if !fullScreen {
                    if options.json {
                        try out.write(String(decoding: line, as: UTF8.self) + "\n")
                    } else if let state = LiveState(json: reply) {
                        try out.write(LiveStateReport(options.preferences).text(state) + "\n")
                    } else if let event = LiveEvent(json: reply) {
                        try out.write("event: \(view.describe(event))\n")
                    }
                    try out.flush()
                } else if let state = LiveState(json: reply) {
                    view.state = state
                    try view.draw(connected: true)
                } else if let event = LiveEvent(json: reply) {
                    if event.kind == .lap { view.lastLap = event } else if event.kind == .sessionStarted { view.lastLap = nil }
                    view.events.append(view.describe(event))
                    if view.events.count > 4 { view.events.removeFirst() }
                } else if case let .error(message)? = ServerReply(json: reply) {
                    throw DaemonClientError("pacerd: \(message)")
                }
                if reply["class"]?.string == "STATE" {
                    states += 1
                    if let count, states >= count { return 0 }
                }
            }
            guard fullScreen else { throw DaemonClientError("pacerd closed the connection") }
        }
    }

    /// True when the user asked to quit.
    private static func handleSignals(_ signals: SignalReceiver, view: inout WatchView) throws -> Bool {
        for signo in signals.drain() {
            if signo == SIGWINCH { try view.draw(connected: true) } else { return true }
        }
        return false
    }

    private static func waitForSignal(_ signals: SignalReceiver, seconds: Double, view: inout WatchView) throws -> Bool {
        var p = pollfd(fd: signals.fd, events: Int16(POLLIN), revents: 0)
        _ = try retryingEINTR("poll") { poll(&p, 1, Int32(clamping: (seconds * 1000).clampedInt64(.towardZero))) }
        return p.revents != 0 ? try handleSignals(signals, view: &view) : false
    }
}

/// What the watch screen shows between redraws.
struct WatchView {
    let options: DaemonClientOptions
    let fullScreen: Bool
    let out: BufferedOutput
    let layout: LiveFieldLayout
    var state: LiveState?
    var lastLap: LiveEvent?
    var events: [String] = []

    func draw(connected: Bool) throws {
        guard fullScreen else { return }
        let width = Terminal.size(STDOUT_FILENO)?.columns ?? 80
        try out.write(WatchScreen(options.preferences, layout: layout).frame(state, events: events, connected: connected, width: width, lastLap: lastLap))
        try out.flush()
    }

    func describe(_ event: LiveEvent) -> String { EventText(options.preferences).line(event) }
}
