/// What the recorder asks the journal to do, in order. `SessionRecorder.forward` turns a start
/// and a stop into `begin` and `end` (with a resumed session's distance), `init?(_:)` the other
/// events, and `SessionJournalRecorder` applies them: the daemon and replay share all three, so
/// they write the same records.
public enum JournalEntry: Equatable, Sendable {
    case begin(activity: Activity, start: UTCTime)
    case sample(SessionSample)
    case event(JournalEvent)
    case end(SessionSummary)
    /// The session a crash left open continues (a `reopened` record).
    case resumeRecovered(at: UTCTime)
    /// The session a crash left open is closed as interrupted.
    case closeRecovered

    /// The journal's form of a session event; nil for start and stop (`begin`/`end` carry them)
    /// and for a resume after a crash (`resumeRecovered` writes its `reopened` record).
    public init?(_ event: SessionEvent) {
        switch event {
        case .sessionStarted, .sessionStopped, .sessionResumed: return nil
        case .paused(let t): self = .event(.pause(time: t, automatic: false))
        case .autopaused(let t): self = .event(.pause(time: t, automatic: true))
        case .resumed(let t, _): self = .event(.resume(time: t))
        case let .lap(t, lap, _): self = .event(.lap(time: t, number: lap.index + 1))
        case let .split(t, split): self = .event(.marker(time: t, kind: "split", detail: String(split.index)))
        case let .zoneChanged(t, _, to, _): self = .event(.marker(time: t, kind: "zone_changed", detail: to.map(String.init) ?? ""))
        case let .course(t, event): self = .event(.marker(time: t, kind: event.type, detail: event.journalDetail))
        case let .workout(t, event): self = .event(.marker(time: t, kind: event.type, detail: event.journalDetail))
        }
    }
}
