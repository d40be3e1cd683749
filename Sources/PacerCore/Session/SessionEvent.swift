/// Everything that happens to a session, in order: the daemon sends them to watchers as EVENTs
/// (a zone change through the alert monitor, once it has held) and the journal keeps them
/// (`JournalEntry`).
public enum SessionEvent: Equatable, Sendable {
    public enum LapTrigger: String, Equatable, Sendable { case manual, distance, session_end, workout }

    case sessionStarted(time: UTCTime, activity: Activity)
    case sessionStopped(time: UTCTime, summary: SessionSummary)
    /// A session a crash or power cut left open goes on (after a restart, on the receiver's time).
    case sessionResumed(time: UTCTime, activity: Activity)
    case paused(time: UTCTime)
    /// `automatic` when auto-pause resumes by itself.
    case resumed(time: UTCTime, automatic: Bool)
    case autopaused(time: UTCTime)
    case lap(time: UTCTime, lap: SegmentSummary, trigger: LapTrigger)
    case split(time: UTCTime, split: SegmentSummary)
    case zoneChanged(time: UTCTime, from: Int?, to: Int?, heartRate: Int?)
    /// Following a course: off, back on, a cue ahead, a climb, the finish.
    case course(time: UTCTime, CourseEvent)
    /// Running a workout: taken up, a step begun, off the target, finished, skipped, cleared.
    case workout(time: UTCTime, WorkoutSessionEvent)

    /// The protocol's EVENT `type` name.
    public var type: String {
        switch self {
        case .sessionStarted: return "session_started"
        case .sessionStopped: return "session_stopped"
        case .sessionResumed: return "session_resumed"
        case .paused: return "paused"
        case .resumed(_, let automatic): return automatic ? "autoresumed" : "resumed"
        case .autopaused: return "autopaused"
        case .lap: return "lap"
        case .split: return "split"
        case .zoneChanged: return "zone_changed"
        case let .course(_, event): return event.type
        case let .workout(_, event): return event.type
        }
    }

    public var time: UTCTime {
        switch self {
        case .sessionStarted(let t, _), .sessionStopped(let t, _), .sessionResumed(let t, _), .paused(let t), .resumed(let t, _),
             .autopaused(let t), .lap(let t, _, _), .split(let t, _), .zoneChanged(let t, _, _, _), .course(let t, _),
             .workout(let t, _):
            return t
        }
    }
}
