import PacerCore

/// Records what a `SessionEngine` emits into a journal: the glue that `pacerctl replay
/// --journal` and the daemon share, so a replay writes a session exactly as the daemon would.
public final class SessionJournalRecorder {
    public let writer: JournalWriter
    /// Written into each session's start record (the settings its summary depends on).
    public let configSnapshot: String
    /// Id of the session being recorded, then of the last one recorded.
    public private(set) var sessionID: String?
    /// The first journal error since the last check (recording goes on: the writer keeps
    /// unwritten bytes in memory and retries).
    public private(set) var lastError: (any Error)?

    public init(writer: JournalWriter, configSnapshot: String = "") {
        self.writer = writer
        self.configSnapshot = configSnapshot
    }

    /// Feeds one engine output; errors are kept in `lastError`, never thrown into the engine.
    public func record(_ output: SessionOutput) {
        do {
            switch output {
            case .sample(let s):
                if writer.openSessionID != nil { writer.append(sample: s) }
            case .event(let e):
                try record(event: e)
            }
        } catch {
            if lastError == nil { lastError = error }
        }
    }

    private func record(event: SessionEvent) throws {
        switch event {
        case let .sessionStarted(time, activity):
            sessionID = try writer.beginSession(activity: activity, start: time, config: configSnapshot)
        case let .sessionStopped(_, summary):
            guard writer.openSessionID != nil else { return }
            var s = summary
            s.id = sessionID
            try writer.endSession(summary: s)
        case let .paused(time):
            try writer.append(event: .pause(time: time, automatic: false))
        case let .autopaused(time):
            try writer.append(event: .pause(time: time, automatic: true))
        case let .resumed(time, _):
            try writer.append(event: .resume(time: time))
        case let .lap(time, lap, _):
            try writer.append(event: .lap(time: time, number: lap.index + 1))
        case let .split(time, split):
            try writer.append(event: .marker(time: time, kind: "split", detail: String(split.index)))
        case let .zoneChanged(time, _, to, _):
            try writer.append(event: .marker(time: time, kind: "zone_changed", detail: to.map(String.init) ?? ""))
        }
    }

    /// Ends a session the engine left open (a replay whose input ran out) with `summary`.
    public func finish(summary: SessionSummary) throws {
        if let e = lastError { lastError = nil; throw e }
        guard writer.openSessionID != nil else { return }
        var s = summary
        s.id = sessionID
        try writer.endSession(summary: s)
    }
}
