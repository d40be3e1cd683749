#if canImport(Glibc)
import Glibc
#endif
import PacerCore
import PacerSystem

/// The journal side of the daemon: every session, its samples and events go to the crash-safe
/// journal (group commit every `sync_interval_s`, at once for events). A session a crash left
/// open is handed to the recorder, which resumes or closes it once the receiver's time is known.
extension Daemon {
    func openJournal() throws {
        var options = JournalWriter.Options()
        options.commitInterval = settings.journalSyncInterval
        options.keepRecoveredSessionOpen = true
        options.writesSealedLater = true
        let writer = try JournalWriter(directory: settings.journalDirectory, options: options)
        loop.endOfWakeUp = { [unowned self] in writeSealedJournal() }
        journal = SessionJournalRecorder(writer: writer, configSnapshot: configText)
        if writer.recovery.truncatedBytes > 0 {
            DaemonLog.warning("journal: cut \(writer.recovery.truncatedBytes) bytes of a torn tail")
        }
        if writer.recovery.damagedRegions > 0 {
            DaemonLog.warning("journal: passed \(writer.recovery.damagedRegions) damaged region(s), \(writer.recovery.damagedBytes) bytes, in the last segment; the frames after them are kept")
        }
        if let open = writer.recoveredSession {
            DaemonLog.notice("journal: session \(open.id) was left open by a crash; a GPS fix decides whether it resumes")
            handle(recorder.recover(open, at: Daemon.now()))
        }
        loadHistory()
        exportRecoveredIfClosed()
    }

    /// The finished sessions, from the history index's rows alone (no summary is decoded): goals,
    /// habits, awards and the SESSIONS list all read them. Again after recovery closed a session.
    func loadHistory() {
        let calendar = SystemTimeZone.calendar()
        var rows = MotivationHistory(calendar: calendar)
        do {
            let history = try JournalHistory(directory: settings.journalDirectory, summaries: false)
            if history.damagedRegions > 0 {
                DaemonLog.warning("journal: rebuilding the history passed \(history.damagedRegions) damaged region(s), \(history.damagedBytes) bytes; the sessions around them are kept")
            }
            rows = MotivationHistory(index: history.index, calendar: calendar)
        } catch {
            DaemonLog.error("journal: cannot list sessions: \(error); goals and the session list start from none")
        }
        motivation = MotivationMonitor(settings: settings.motivation, history: rows)
        sessionsReply = nil
        MemoryTuning.releaseFreedMemory()
    }

    func apply(_ entry: JournalEntry) {
        guard let journal else { return }
        journal.apply(entry)
        if let error = journal.takeError() { reportJournalError(error) }
        if case .closeRecovered = entry { loadHistory(); exportRecoveredIfClosed() }
    }

    /// Writes the sample commits sealed during this wake-up (the loop calls it last, so an epoch's
    /// STATE goes out before the fdatasync).
    func writeSealedJournal() {
        guard let journal else { return }
        do { try journal.writer.writeSealed() } catch { reportJournalError(error) }
    }

    /// Commits what is buffered (at shutdown, and before a child reads the journal).
    func syncJournal() {
        guard let journal else { return }
        do { try journal.writer.commit() } catch { reportJournalError(error) }
    }

    func reportJournalError(_ error: any Error) {
        // Once per distinct error: a full disk would otherwise log every second.
        let text = "\(error)"
        guard text != lastJournalError else { return }
        lastJournalError = text
        DaemonLog.error("journal: \(text) (kept in memory, retried)")
    }

    /// The SESSIONS reply, built once per change of the history (a session stopped, recovery):
    /// a client polling `sessions` during a recording costs a send, not a listing (nor a copy).
    func sessionsLine() -> SharedReply {
        if let cached = sessionsReply { return cached }
        let sessions = motivation?.history.sessions ?? []
        var w = JSONWriter(capacity: 256 + sessions.count * 256)
        w.beginObject()
        w.key("class"); w.value("SESSIONS")
        w.key("sessions"); w.beginArray()
        for s in sessions { s.writeListJSON(into: &w) }
        w.endArray()
        w.endObject()
        w.endLine()
        let reply = SharedReply(w.takeBytes())
        sessionsReply = reply
        return reply
    }
}
