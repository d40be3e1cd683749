#if canImport(Glibc)
import Glibc
#endif
import PacerCore
import PacerSystem

/// Writes finished sessions to the `[export]` outbox without ever blocking the daemon's loop:
/// each file is one `pacerctl export ID --format F -o PATH` child (atomic: hidden temporary
/// name, fsync, rename), watched on the loop (`WatchedChildProcess`). The queue of what is owed
/// lives in the journal directory (`export-pending`), so a failure (outbox missing, full,
/// read-only) is logged, kept, and retried at the next start or when the next session ends.
final class OutboxExporter {
    private let loop: EventLoop
    private let journalDirectory: String
    private let queuePath: String
    private let pacerctl: String
    private var queue: ExportQueue
    /// The child writing a file, while one is.
    private var running: WatchedChildProcess?
    /// Set at shutdown: the file being written is the last.
    private var stopping = false
    /// Jobs that failed since the last retry round: not tried again until then.
    private var failed: [ExportJob] = []
    /// Told of each file written (the uploader waits for its FIT files).
    var onWritten: ((ExportJob) -> Void)?

    init(loop: EventLoop, journalDirectory: String) {
        self.loop = loop
        self.journalDirectory = journalDirectory
        queuePath = journalDirectory + "/" + ExportQueue.fileName
        pacerctl = RunningExecutable.sibling("pacerctl")
        queue = ExportQueue()
        if let bytes = try? JournalFile(path: queuePath, writable: false).readAll() {
            queue = ExportQueue(parsing: String(decoding: bytes, as: UTF8.self))
            if queue.unreadableLines > 0 { DaemonLog.warning("export: \(queue.unreadableLines) unreadable lines in \(queuePath) skipped") }
            if !queue.isEmpty { DaemonLog.notice("export: \(queue.jobs.count) files still owed to the outbox; retrying") }
        }
    }

    /// Queues a finished session's files and starts on them (with any earlier failures).
    func sessionEnded(id: String, start: UTCTime?, activity: Activity, settings: ExportSettings, calendar: LocalCalendar) {
        guard let directory = settings.directory else { return }
        let start = start ?? UTCTime(millisecondsSinceEpoch: 0)
        let local = UTCTime(millisecondsSinceEpoch: calendar.localSeconds(milliseconds: start.millisecondsSinceEpoch) * 1000)
        // A strength session has no track: no GPX or TCX for it, only what its formats allow.
        let formats = settings.formats.filter { StrengthExport.refusal(format: $0.rawValue, activity: activity) == nil }
        queue.add(sessionID: id, baseName: ExportQueue.baseName(localStart: local, activity: activity),
                  directory: directory, formats: formats) { access($0, F_OK) == 0 }
        save()
        failed = []
        next()
    }

    /// Owes one file at a path of the caller's choosing (the upload spool's FIT), and starts on it.
    func owe(_ job: ExportJob) {
        if !queue.jobs.contains(job) {
            queue.add(job)
            save()
        }
        failed.removeAll { $0 == job }
        next()
    }

    /// Starts the next owed file unless one is being written.
    func next() {
        guard running == nil, let job = queue.jobs.first(where: { !failed.contains($0) }) else { return }
        // pacerctl writes nothing to stdout with -o: its end of output is its exit.
        do {
            running = try WatchedChildProcess(arguments: [pacerctl, "export", job.sessionID, "--format", job.format.rawValue,
                                                          "-o", job.path, "--journal", journalDirectory], loop: loop) { [unowned self] exit in
                finished(job, status: exit.status)
            }
        } catch {
            DaemonLog.error("export: cannot start \(pacerctl): \(error); \(job.path) kept for the next start")
            failed.append(job)
            return next()
        }
    }

    /// At shutdown: lets a file being written finish (the loop is no longer running).
    func finish() {
        stopping = true
        running?.waitForExit()
    }

    /// The child that wrote `job` exited with `status`: the job is done, or kept; then the next.
    private func finished(_ job: ExportJob, status: Int32) {
        running = nil
        if status == 0 {
            queue.remove(job)
            save()
            DaemonLog.info("export: session \(job.sessionID) written to \(job.path)")
            onWritten?(job)
        } else {
            failed.append(job)
            DaemonLog.error("export: session \(job.sessionID) to \(job.path) failed (pacerctl exit \(status)); kept, retried at the next start")
        }
        if !stopping { next() }
    }

    /// Persists the queue (or removes the file once nothing is owed). A journal directory that
    /// cannot take it keeps the queue in memory for this run.
    private func save() {
        do {
            if queue.isEmpty {
                if unlink(queuePath) != 0, errno != ENOENT { throw SystemError("unlink \(queuePath)", errno: errno) }
            } else {
                try AtomicFile.write(Array(queue.text.utf8), to: queuePath)
            }
        } catch {
            DaemonLog.error("export: cannot save \(queuePath): \(error) (kept in memory)")
        }
    }
}
