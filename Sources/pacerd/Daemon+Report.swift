import PacerCore
import PacerSystem

/// `[report] dir`: the HTML report follows each session stop, made by a child process.
extension Daemon {
    func reportSession(id: String?) {
        guard id != nil, let directory = settings.report.directory else { return }
        // The child reads the journal: the session's end must be on disk first.
        syncJournal()
        // A reload that moved the folder takes effect once the run under way (if any) is done.
        if reporter == nil || (reporter?.directory != directory && reporter?.isRunning == false) {
            reporter = ReportRegenerator(loop: loop, directory: directory, journalDirectory: settings.journalDirectory,
                                         configPath: options.configPath)
        }
        reporter?.sessionEnded()
    }
}
