#if canImport(Glibc)
import Glibc
#endif
import PacerCore
import PacerSystem

/// `[report] dir`: after each session stops, `pacerctl report --out DIR --journal ...` runs as a
/// child, watched on the loop through its stdout pipe like `OutboxExporter`'s — the loop never
/// waits on it. One run at a time: a stop during a run asks for one more run after it (the
/// report is incremental, so the second run writes only what the first did not see).
final class ReportRegenerator {
    private let loop: EventLoop
    let directory: String
    private let arguments: [String]
    private var running: ChildProcess?
    private var again = false

    init(loop: EventLoop, directory: String, journalDirectory: String, configPath: String?) {
        self.loop = loop
        self.directory = directory
        var arguments = [Daemon.siblingProgram("pacerctl"), "report", "--out", directory, "--journal", journalDirectory]
        if let configPath { arguments += ["--config", configPath] }
        self.arguments = arguments
    }

    var isRunning: Bool { running != nil }

    /// A session ended: make the report again (now, or once the run under way is done).
    func sessionEnded() {
        guard running == nil else { again = true; return }
        again = false
        let child: ChildProcess
        do { child = try ChildProcess(arguments: arguments) } catch {
            return DaemonLog.error("report: cannot start \(arguments[0]): \(error)")
        }
        _ = fcntl(child.outputDescriptor, F_SETFL, fcntl(child.outputDescriptor, F_GETFL) | O_NONBLOCK)
        running = child
        loop.watch(child.outputDescriptor, .read) { [unowned self] _ in
            // What it prints is one summary line: read and drop it; end of output is its exit.
            let output = try? child.read()
            if output == nil { loop.unwatch(child.outputDescriptor); reap() }
        }
    }

    private func reap() {
        guard let child = running else { return }
        guard let status = try? child.pollExit() else {
            loop.schedule(after: 0.05) { [unowned self] in reap() }
            return
        }
        running = nil
        if status == 0 {
            DaemonLog.info("report: \(directory) made again")
        } else {
            DaemonLog.error("report: pacerctl report exited with status \(status); the pages stay as they were")
        }
        if again { sessionEnded() }
    }
}
