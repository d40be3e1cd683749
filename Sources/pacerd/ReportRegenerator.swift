import PacerCore
import PacerSystem

/// `[report] dir`: after each session stops, `pacerctl report --out DIR --journal ...` runs as a
/// child, watched on the loop (`WatchedChildProcess`, like `OutboxExporter`'s) — the loop never
/// waits on it. One run at a time: a stop during a run asks for one more run after it (the
/// report is incremental, so the second run writes only what the first did not see).
final class ReportRegenerator {
    private let loop: EventLoop
    let directory: String
    private let arguments: [String]
    private var running: WatchedChildProcess?
    private var again = false

    init(loop: EventLoop, directory: String, journalDirectory: String, configPath: String?) {
        self.loop = loop
        self.directory = directory
        var arguments = [RunningExecutable.sibling("pacerctl"), "report", "--out", directory, "--journal", journalDirectory]
        if let configPath { arguments += ["--config", configPath] }
        self.arguments = arguments
    }

    var isRunning: Bool { running != nil }

    /// A session ended: make the report again (now, or once the run under way is done).
    func sessionEnded() {
        guard running == nil else { again = true; return }
        again = false
        // What it prints is one summary line, dropped; the end of its output is its exit.
        do {
            running = try WatchedChildProcess(arguments: arguments, loop: loop) { [unowned self] exit in finished(status: exit.status) }
        } catch {
            DaemonLog.error("report: cannot start \(arguments[0]): \(error)")
        }
    }

    private func finished(status: Int32) {
        running = nil
        if status == 0 {
            DaemonLog.info("report: \(directory) made again")
        } else {
            DaemonLog.error("report: pacerctl report exited with status \(status); the pages stay as they were")
        }
        if again { sessionEnded() }
    }
}
