import PacerCore

/// Applies a `SessionRecorder`'s journal entries to a `JournalWriter`: the glue that
/// `pacerctl replay --journal` and the daemon share, so a replay writes a session exactly as
/// the daemon would. It only applies; which entries exist is the recorder's decision.
public final class SessionJournalRecorder {
    public let writer: JournalWriter
    /// Written into each session's start record (the settings its summary depends on).
    public let configSnapshot: String
    /// Id of the session being recorded, then of the last one recorded.
    public private(set) var sessionID: String?
    /// The first journal error since the last `takeError` (recording goes on: the writer keeps
    /// unwritten bytes in memory and retries).
    public private(set) var lastError: (any Error)?

    public init(writer: JournalWriter, configSnapshot: String = "") {
        self.writer = writer
        self.configSnapshot = configSnapshot
    }

    /// Applies one entry; errors are kept in `lastError`, never thrown into the recorder.
    public func apply(_ entry: JournalEntry) {
        do {
            switch entry {
            case let .begin(activity, start):
                // A start whose commit failed (a full disk) is open all the same, kept in memory
                // for the retry: its id is the session's, not the one before it.
                do { sessionID = try writer.beginSession(activity: activity, start: start, config: configSnapshot) } catch {
                    sessionID = writer.openSessionID
                    throw error
                }
            case .sample(let s):
                if writer.openSessionID != nil { writer.append(sample: s) }
                if let e = writer.pendingError { throw e }
            case .event(let e):
                if writer.openSessionID != nil { try writer.append(event: e) }
            case .end(let summary):
                guard writer.openSessionID != nil else { return }
                var s = summary
                s.id = sessionID
                try writer.endSession(summary: s)
            case .resumeRecovered(let time):
                sessionID = try writer.resumeRecoveredSession(at: time)
            case .closeRecovered:
                try writer.closeRecoveredSession()
            }
        } catch {
            if lastError == nil { lastError = error }
        }
    }

    /// The error kept since the last call, once.
    public func takeError() -> (any Error)? {
        defer { lastError = nil }
        return lastError
    }
}
