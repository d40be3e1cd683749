#if canImport(Glibc)
import Glibc
#endif
import PacerCore
import PacerSystem

/// The session side of the daemon: inputs go to the `SessionRecorder`, its outputs go out —
/// journal entries to the journal, events to watchers, notifications to the session's BLE log.
/// Nothing about a session is decided here.
extension Daemon {
    /// Both clocks now, as the recorder takes them.
    static func now(monotonic: MonotonicInstant = Clocks.monotonic()) -> InputInstant {
        InputInstant(monotonic: monotonic, systemTime: Clocks.wall())
    }

    /// Runs a command through the recorder; returns the session id it concerned.
    func command(_ c: SessionCommand) -> Result<String?, SessionCommandError> {
        do {
            handle(try recorder.command(c, at: Daemon.now()))
        } catch {
            return .failure(error)
        }
        return .success(journal?.sessionID)
    }

    /// The outputs of one recorder call, in order, once the call is over.
    func handle(_ outputs: [RecorderOutput]) {
        for output in outputs { handle(output) }
    }

    /// One output of the recorder.
    func handle(_ output: RecorderOutput) {
        switch output {
        case .journal(let entry):
            apply(entry)
        case .event(let event):
            announce(event)
        case .sensorLog(let notification):
            sensorLog?.append(notification)
        case .trainerWrite(let write):
            writeTrainer(write)
        case .alert(let event):
            broadcast(event)
        case .notice(let text):
            DaemonLog.notice(text)
        case let .fetchWeather(latitude, longitude):
            fetchWeather(latitude: latitude, longitude: longitude)
        }
    }

    private func announce(_ event: SessionEvent) {
        let id = journal?.sessionID
        switch event {
        case let .sessionStarted(_, activity):
            DaemonLog.info("session \(id ?? "unsaved") started (\(activity.rawValue))")
            openSensorLog()
        case .sessionResumed:
            openSensorLog()
        case let .sessionStopped(_, summary):
            DaemonLog.info("session \(id ?? "unsaved") stopped: \(summary.distanceMeters.wholeText(.towardZero)) m in \(summary.elapsedSeconds.wholeText(.towardZero)) s")
            flushSensorLog()
            sensorLog = nil
            broadcast(LiveEvent(event, sessionID: id))
            // Habits, streaks and awards the session earned follow its stop.
            motivationSessionStopped(summary, id: id, time: summary.end ?? recorder.time(at: Daemon.now()))
            exportSession(id: id, start: summary.start ?? summary.end, activity: summary.activity)
            uploadSession(id: id)
            reportSession(id: id)
            return
        case .zoneChanged:
            // Watchers get zone changes as alerts once the zone has held for `zone_hold_s` (no
            // chatter on a boundary; the recorder decides them); the journal has every change.
            return
        default:
            break
        }
        broadcast(LiveEvent(event, sessionID: id))
    }

    /// The STATE's `session` object now; nil while idle.
    func liveSession(at now: InputInstant) -> LiveSession? {
        recorder.liveState(at: now).flatMap { LiveSession(id: journal?.sessionID ?? "unsaved", start: recorder.sessionStart, $0) }
    }

    private func openSensorLog() {
        guard settings.recordBLELog, let id = journal?.sessionID else { return }
        let path = SensorLogFile.path(journal: settings.journalDirectory, sessionID: id)
        do { sensorLog = try SensorLogFile(path: path) } catch {
            DaemonLog.error("BLE log \(path): \(error); the session records without it")
        }
    }

    func flushSensorLog() {
        do { try sensorLog?.flush() } catch { reportJournalError(error) }
    }
}
