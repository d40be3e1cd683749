import PacerCore
import PacerSystem

/// `[export]`: every session that ends — stopped, or closed as interrupted after a crash — is
/// written to the outbox by `OutboxExporter`, off the loop. What is still owed from an earlier
/// run is retried at start even when `[export]` has since been turned off: it was promised.
extension Daemon {
    func startExports() {
        exporter = OutboxExporter(loop: loop, journalDirectory: settings.journalDirectory)
        exporter?.next()
    }

    /// A session ended under journal id `id` (its start and activity name the files).
    func exportSession(id: String?, start: UTCTime?, activity: Activity) {
        guard let id, settings.export.directory != nil else { return }
        // The child reads the session from the journal: make sure its end is on disk first.
        syncJournal()
        exporter?.sessionEnded(id: id, start: start, activity: activity, settings: settings.export,
                               calendar: motivation?.calendar ?? SystemTimeZone.calendar())
    }

    /// The session a crash left open, once the journal has closed it as interrupted.
    func exportRecoveredIfClosed() {
        guard let recovery = journal?.writer.recovery, recovery.closedAsInterrupted, let id = recovery.openSessionID.map(String.init),
              let facts = motivation?.history.sessions.last(where: { String($0.id) == id }) else { return }
        exportSession(id: id, start: UTCTime(millisecondsSinceEpoch: facts.start), activity: facts.activity)
        uploadSession(id: id)
    }
}
