#if canImport(Glibc)
import Glibc
#endif
import PacerCore
import PacerSystem

/// The journal side of the daemon: every session, its samples and events go to the crash-safe
/// journal (group commit every `sync_interval_s`, at once for events). At start, a session a
/// crash left open is resumed when pacerd is back within `resume_within_min`, else closed as
/// interrupted.
extension Daemon {
    func openJournal() throws {
        var options = JournalWriter.Options()
        options.commitInterval = settings.journalSyncInterval
        options.keepRecoveredSessionOpen = true
        let writer = try JournalWriter(directory: settings.journalDirectory, options: options)
        journal = writer
        if writer.recovery.truncatedBytes > 0 {
            DaemonLog.warning("journal: cut \(writer.recovery.truncatedBytes) bytes of a torn tail")
        }
        guard let open = writer.recoveredSession else { return }
        let last = open.samples.last?.time ?? open.start
        let now = Clocks.wall()
        if SessionResumePolicy.shouldResume(lastRecord: last, now: now, withinMinutes: settings.unattended.resumeWithinMinutes) {
            let id = try writer.resumeRecoveredSession(at: now)
            resume(open, id: id)
        } else {
            try writer.closeRecoveredSession()
            DaemonLog.notice("journal: session \(open.id) was interrupted \(Int(now.secondsSinceEpoch - last.secondsSinceEpoch)) s ago; closed as interrupted")
        }
    }

    /// Rebuilds the engine's totals from the recovered samples (their outputs are already in the
    /// journal and are dropped), then carries on live on the same UTC axis.
    private func resume(_ open: JournalSession, id: String) {
        let now = Clocks.monotonic()
        let nowUTC = Clocks.wall()
        // Engine instants: the session's start at `base`, each sample at its offset from the start.
        let base = MonotonicInstant(nanoseconds: 0)
        func instant(_ t: UTCTime) -> MonotonicInstant { base.advanced(bySeconds: t.secondsSinceEpoch - open.start.secondsSinceEpoch) }
        var rebuilt = SessionEngine(config: settings, activity: open.activity)
        try? rebuilt.handle(.start(open.activity), at: base, time: open.start) { _ in }
        for sample in open.samples {
            let at = instant(sample.time)
            if let lat = sample.latitude, let lon = sample.longitude {
                let fix = GNSSFix(time: sample.time, mode: sample.altitudeMSL == nil ? .twoD : .threeD, latitude: lat,
                                  longitude: lon, altitudeMSL: sample.altitudeMSL, speed: sample.speed,
                                  hdop: 1.0, satellitesUsed: 8)
                rebuilt.handle(fix: fix, at: at) { _ in }
            }
            if sample.heartRate != nil || !sample.rrIntervals.isEmpty {
                rebuilt.handle(heartRate: HeartRateReading(beatsPerMinute: sample.heartRate, rrIntervals: sample.rrIntervals), at: at) { _ in }
            }
        }
        // The filter warms up again on the replayed samples and comes out a few metres short:
        // the journal's last distance is the truth, the difference is carried as an offset.
        if let last = open.samples.last {
            let replayed = rebuilt.liveState(at: instant(last.time)).distanceMeters
            resumedDistanceOffset = max(0, last.distanceMeters - replayed)
        }
        engine = rebuilt
        // From now on, engine instant = monotonic + offset, so that engine UTC = wall clock now.
        engineOffsetNanoseconds = instant(nowUTC).nanoseconds - now.nanoseconds
        session = (id, open.start)
        unattended.sessionStarted(at: now)
        DaemonLog.notice("journal: resumed session \(id) (\(open.samples.count) samples, \(Int(engine.liveState(at: engineInstant(now)).distanceMeters)) m)")
        broadcast(LiveEvent(.sessionResumed, time: nowUTC, details: [("session", .string(id)),
                                                                        ("activity", .string(open.activity.rawValue))]))
    }

    func openJournalSession(activity: Activity, start: UTCTime) -> String {
        guard let journal else { return "unsaved" }
        do { return try journal.beginSession(activity: activity, start: start) } catch {
            DaemonLog.error("journal: cannot start a session: \(error)")
            return journal.openSessionID ?? "unsaved"
        }
    }

    func recordInJournal(_ event: SessionEvent) {
        guard let journal, journal.openSessionID != nil else { return }
        let record: JournalEvent
        switch event {
        case .sessionStarted, .sessionStopped: return
        case .paused(let t): record = .pause(time: t, automatic: false)
        case .autopaused(let t): record = .pause(time: t, automatic: true)
        case .resumed(let t, _): record = .resume(time: t)
        case let .lap(t, lap, _): record = .lap(time: t, number: lap.index + 1)
        case let .split(t, split): record = .marker(time: t, kind: "split", detail: "\(split.index)")
        case let .zoneChanged(t, _, to, _): record = .marker(time: t, kind: "zone", detail: to.map(String.init) ?? "")
        }
        do { try journal.append(event: record) } catch { reportJournalError(error) }
    }

    func recordInJournal(_ sample: SessionSample) {
        guard let journal, journal.openSessionID != nil else { return }
        var sample = sample
        sample.distanceMeters += resumedDistanceOffset
        journal.append(sample: sample)
        if let e = journal.pendingError { reportJournalError(e) }
    }

    func closeJournalSession(summary: SessionSummary) {
        guard let journal, journal.openSessionID != nil else { return }
        do { try journal.endSession(summary: summary) } catch { reportJournalError(error) }
    }

    /// Commits what is buffered (at shutdown and on the 1 s tick).
    func syncJournal() {
        guard let journal else { return }
        do { try journal.commit() } catch { reportJournalError(error) }
    }

    private func reportJournalError(_ error: any Error) {
        // Once per distinct error: a full disk would otherwise log every second.
        let text = "\(error)"
        guard text != lastJournalError else { return }
        lastJournalError = text
        DaemonLog.error("journal: \(text) (kept in memory, retried)")
    }

    func sessionsLine() -> [UInt8] {
        var w = JSONWriter(capacity: 4096)
        w.beginObject()
        w.key("class"); w.value("SESSIONS")
        w.key("sessions"); w.beginArray()
        do {
            let history = try JournalHistory(directory: settings.journalDirectory)
            for i in 0..<history.index.count {
                guard var summary = history.index.summary(i) else { continue }
                summary.id = String(history.index.id(i))
                summary.writeJSON(into: &w)
            }
        } catch {
            return ServerReply.error(message: "journal: \(error)").line
        }
        w.endArray()
        w.endObject()
        w.bytes.append(0x0A)
        return w.bytes
    }
}
