import PacerCore
import PacerSystem

/// Goals, habits and awards in the daemon: the history read once at start (`loadHistory`), the session being
/// recorded counted into today's goals (STATE), and the EVENTs that `MotivationMonitor`
/// decides, on the daemon's time (GPS time while there is a fix, else the system clock; both
/// can be set from outside in tests: a GPS recording, or faketime).
extension Daemon {
    /// The session being recorded, as motivation counts it.
    func liveSessionFacts(_ live: LiveSession?) -> SessionFacts? {
        guard let live, let start = live.start else { return nil }
        return SessionFacts(id: 0, start: start.millisecondsSinceEpoch, activity: live.activity, distanceMeters: live.distanceMeters,
                            movingSeconds: live.movingSeconds, elapsedSeconds: live.elapsedSeconds,
                            steps: live.steps.map(Double.init), calories: live.calories)
    }

    /// The STATE's `goals`: nil when no goal is configured.
    func liveGoals(_ live: LiveSession?, time: UTCTime) -> GoalReport? {
        guard let motivation, !motivation.settings.goals.isEmpty else { return nil }
        return motivation.goals(live: liveSessionFacts(live), now: time)
    }

    /// Every second: goals the live session has just met, and reminders that came due.
    func tickMotivation(_ now: InputInstant) {
        guard var m = motivation else { return }
        let time = recorder.time(at: now)
        let live = liveSession(at: now)
        let events = m.progress(live: liveSessionFacts(live), now: time) + m.tick(now: time)
        motivation = m
        for e in events { broadcast(e) }
    }

    /// A session ended with `summary` under journal id `id`: habit, streak and award events.
    func motivationSessionStopped(_ summary: SessionSummary, id: String?, time: UTCTime) {
        guard var m = motivation, let facts = SessionFacts(summary, id: id.flatMap { UInt64($0) } ?? 0) else { return }
        let events = m.sessionStopped(facts, now: time)
        motivation = m
        sessionsReply = nil
        for e in events {
            DaemonLog.info("\(e.kind.rawValue): \(e["title"]?.string ?? e["habit"]?.string ?? e["goal"]?.string ?? "")")
            broadcast(e)
        }
    }

    /// The reply to `goals`, `habits`, `awards` or `load`: `{"class":"GOALS","goals":...}`, the
    /// same JSON as pacerctl's commands print (`MotivationReport`).
    func motivationLine(_ request: ClientRequest, time: UTCTime) -> [UInt8] {
        guard let m = motivation else { return ServerReply.error(message: "goals are not loaded").line }
        guard let report = MotivationReport(request, history: m.history, settings: m.settings, today: m.calendar.day(time)) else {
            return ServerReply.error(message: "'\(request.command)' is not a goals, habits, awards or load request").line
        }
        return report.replyLine
    }
}
