#if canImport(Glibc)
import Glibc
#endif
import PacerCore
import PacerSystem

/// Writes finished sessions to the `[export]` outbox without ever blocking the daemon's loop:
/// each file is one `pacerctl export ID --format F -o PATH` child (atomic: hidden temporary
/// name, fsync, rename), watched on the loop through its stdout pipe. The queue of what is owed
/// lives in the journal directory (`export-pending`), so a failure (outbox missing, full,
/// read-only) is logged, kept, and retried at the next start or when the next session ends.
final class OutboxExporter {
    private let loop: EventLoop
    private let journalDirectory: String
    private let queuePath: String
    private let pacerctl: String
    private var queue: ExportQueue
    private var running: (job: ExportJob, child: ChildProcess)?
    /// Jobs that failed since the last retry round: not tried again until then.
    private var failed: [ExportJob] = []

    init(loop: EventLoop, journalDirectory: String) {
        self.loop = loop
        self.journalDirectory = journalDirectory
        queuePath = journalDirectory + "/" + ExportQueue.fileName
        pacerctl = OutboxExporter.siblingPacerctl()
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

    /// Starts the next owed file unless one is being written.
    func next() {
        guard running == nil, let job = queue.jobs.first(where: { !failed.contains($0) }) else { return }
        let child: ChildProcess
        do {
            child = try ChildProcess(arguments: [pacerctl, "export", job.sessionID, "--format", job.format.rawValue,
                                                 "-o", job.path, "--journal", journalDirectory])
        } catch {
            DaemonLog.error("export: cannot start \(pacerctl): \(error); \(job.path) kept for the next start")
            failed.append(job)
            return next()
        }
        _ = fcntl(child.outputDescriptor, F_SETFL, fcntl(child.outputDescriptor, F_GETFL) | O_NONBLOCK)
        running = (job, child)
        loop.watch(child.outputDescriptor, .read) { [unowned self] _ in
            // pacerctl writes nothing to stdout with -o: its end of output (nil) is its exit.
            let output = try? child.read()
            if output == nil { loop.unwatch(child.outputDescriptor); reap() }
        }
    }

    /// At shutdown: lets a file being written finish (the loop is no longer running).
    func finish() {
        guard let child = running?.child else { return }
        loop.unwatch(child.outputDescriptor)
        reap(waiting: true)
    }

    /// Collects the child's status (it closed its output, so it is exiting) and moves on.
    private func reap(waiting: Bool = false) {
        guard let (job, child) = running else { return }
        guard let status = try? (waiting ? child.waitForExit() : child.pollExit()) else {
            loop.schedule(after: 0.05) { [unowned self] in reap() }
            return
        }
        running = nil
        if status == 0 {
            queue.remove(job)
            save()
            DaemonLog.info("export: session \(job.sessionID) written to \(job.path)")
        } else {
            failed.append(job)
            DaemonLog.error("export: session \(job.sessionID) to \(job.path) failed (pacerctl exit \(status)); kept, retried at the next start")
        }
        if !waiting { next() }
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

    /// `pacerctl` beside this pacerd (the installed pair), else the first on PATH.
    private static func siblingPacerctl() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return "pacerctl" }
        let exe = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = exe.lastIndex(of: "/") else { return "pacerctl" }
        let sibling = String(exe[..<slash]) + "/pacerctl"
        return access(sibling, X_OK) == 0 ? sibling : "pacerctl"
    }
}
