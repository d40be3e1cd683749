import PacerCore
import PacerSystem

/// What `goals`, `habits`, `awards` and `load` share: the journal report options and the
/// motivation history read from the journal's index.
struct MotivationOptions: OptionGroup {
    static var flags: Set<String> { JournalReportOptions.flags }
    static var options: Set<String> { JournalReportOptions.options }

    let common: JournalReportOptions
    let history: MotivationHistory

    init(_ args: CommandArguments) throws {
        common = try JournalReportOptions(args)
        let journal = try HistoryOptions.openHistory(common.journal, summaries: false)
        history = MotivationHistory(index: journal.index, calendar: common.calendar)
    }

    /// Prints the report `request` asks for (the daemon's request of the same name replies
    /// with the same JSON); the command's exit status.
    func print(_ request: ClientRequest) throws -> Int32 {
        guard let report = MotivationReport(request, history: history, settings: common.config.motivation, today: common.today) else {
            preconditionFailure("'\(request.command)' is not a motivation report")
        }
        if common.json {
            var w = JSONWriter()
            report.writeJSON(into: &w)
            try CommandOutput.write(w)
        } else {
            try CommandOutput.write(report.text(units: common.units))
        }
        return 0
    }
}
