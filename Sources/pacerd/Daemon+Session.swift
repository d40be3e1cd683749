#if canImport(Glibc)
import Glibc
#endif
import PacerCore
import PacerSystem

/// The session side of the daemon: commands into the engine, the engine's events and samples
/// out to watchers and the journal, and the unattended start/stop decisions.
extension Daemon {
    /// The daemon's idea of UTC: GPS time carried forward while a timed fix is fresh, else the
    /// system clock (a board without RTC may not know the time until the first fix).
    func currentTime(_ now: MonotonicInstant) -> UTCTime {
        if let fix = lastTimedFix, now.seconds(since: fix.instant) < 5 {
            let ms = Int64(now.seconds(since: fix.instant) * 1000)
            return UTCTime(millisecondsSinceEpoch: fix.time.millisecondsSinceEpoch + ms)
        }
        return Clocks.wall()
    }

    /// The engine's instant for a monotonic one: the same, except after resuming a crashed
    /// session, whose samples were replayed on an axis where the session started at 0.
    func engineInstant(_ t: MonotonicInstant) -> MonotonicInstant {
        MonotonicInstant(nanoseconds: t.nanoseconds + engineOffsetNanoseconds)
    }

    /// Runs a command through the engine; returns the session id it concerned.
    func command(_ c: SessionCommand) -> Result<String?, SessionCommandError> {
        let now = Clocks.monotonic()
        do {
            try engine.handle(c, at: engineInstant(now), time: currentTime(now)) { handle($0) }
        } catch let error as SessionCommandError {
            return .failure(error)
        } catch {
            return .failure(SessionCommandError(command: c, phase: engine.phase))
        }
        if case .start = c { unattended.sessionStarted(at: now) }
        if case .stop = c { unattended.sessionEnded(at: now) }
        return .success(session?.id ?? lastSessionID)
    }

    /// One output of the engine: events go to watchers (and the journal), samples to the journal.
    func handle(_ output: SessionOutput) {
        switch output {
        case .event(var event):
            if case let .sessionStopped(time, summary) = event, resumedDistanceOffset > 0 {
                event = .sessionStopped(time: time, summary: withResumedDistance(summary))
            }
            if case let .sessionStarted(time, activity) = event {
                resumedDistanceOffset = 0
                heartRateZone = nil
                session = (openJournalSession(activity: activity, start: time), time)
                DaemonLog.info("session \(session!.id) started (\(activity.rawValue))")
            }
            // Zone changes go to the journal as they are; watchers get them from the alert
            // monitor, once the new zone has held for `zone_hold_s` (no chatter on a boundary).
            if case let .zoneChanged(_, _, zone, _) = event { heartRateZone = zone } else {
                broadcast(LiveEvent(event, sessionID: session?.id))
            }
            recordInJournal(event)
            if case let .sessionStopped(_, summary) = event {
                closeJournalSession(summary: summary)
                motivationSessionStopped(summary, id: session?.id, time: currentTime(Clocks.monotonic()))
                DaemonLog.info("session \(session?.id ?? "?") stopped: \(Int(summary.distanceMeters)) m in \(Int(summary.elapsedSeconds)) s")
                lastSessionID = session?.id
                session = nil
                resumedDistanceOffset = 0
            }
        case .sample(let sample):
            recordInJournal(sample)
        }
    }

    /// A summary with the distance a resumed session carried over from before the crash.
    func withResumedDistance(_ summary: SessionSummary) -> SessionSummary {
        var s = summary
        s.distanceMeters += resumedDistanceOffset
        if s.movingSeconds > 0 { s.averageSpeed = s.distanceMeters / s.movingSeconds }
        return s
    }

    /// Starts or stops a session on its own when the unattended recorder says so.
    func decideUnattended(_ now: MonotonicInstant) {
        switch unattended.evaluate(now: now, sessionActive: engine.phase.isActive) {
        case .none: break
        case let .start(activity, reason):
            DaemonLog.info("starting a \(activity.rawValue) session by itself: \(reason)")
            _ = command(.start(activity))
        case .stop(let reason):
            DaemonLog.info("stopping the session by itself: \(reason)")
            _ = command(.stop)
        }
    }
}
