#if canImport(Glibc)
import Glibc
#endif
import PacerCore
import PacerSystem

/// What `goals`, `habits`, `awards` and `load` share: the config (`--config FILE`, default the
/// daemon's; a missing default file means no goals), the journal (`--journal DIR`, default the
/// config's), `--json`, `--units`, and `--today YYYY-MM-DD` (default: today in the system zone).
struct MotivationOptions {
    static let flags: Set<String> = ["json"]
    static let options: Set<String> = ["config", "journal", "units", "today"]
    static let usage = "[--config FILE] [--journal DIR] [--json] [--units metric|imperial] [--today YYYY-MM-DD]"

    let settings: MotivationSettings
    let history: MotivationHistory
    let today: Int
    let json: Bool
    let units: UnitSystem

    init(_ args: CommandArguments) throws {
        let config = try ConfigFileOption.load(args)
        settings = config.motivation
        let name = args.option("units") ?? (config.recording.units == .imperial ? "imperial" : "metric")
        guard let units = UnitSystem(rawValue: name) else { throw UsageError("--units must be metric or imperial, not '\(name)'") }
        self.units = units
        json = args.flag("json")
        let calendar = SystemTimeZone.calendar()
        today = try MotivationOptions.day(args.option("today"), name: "--today") ?? calendar.day(milliseconds: Int64(time(nil)) * 1000)
        let journal = try HistoryOptions.openHistory(args.option("journal") ?? config.journalDirectory, summaries: false)
        history = MotivationHistory(index: journal.index, calendar: calendar)
    }

    static func day(_ text: String?, name: String) throws -> Int? {
        guard let text else { return nil }
        guard let day = LocalCalendar.day(parsing: text) else { throw UsageError("\(name) must be a date YYYY-MM-DD, not '\(text)'") }
        return day
    }

    /// Prints the report `request` asks for (the daemon's request of the same name replies
    /// with the same JSON); the command's exit status.
    func print(_ request: ClientRequest) throws -> Int32 {
        guard let report = MotivationReport(request, history: history, settings: settings, today: today) else {
            preconditionFailure("'\(request.command)' is not a motivation report")
        }
        if json {
            var w = JSONWriter()
            report.writeJSON(into: &w)
            try CommandOutput.write(w)
        } else {
            try CommandOutput.write(report.text(units: units))
        }
        return 0
    }
}
