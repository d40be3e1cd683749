import PacerCore
import PacerSystem

/// What the verbs that report from the journal with the config's settings share (`goals`,
/// `habits`, `awards`, `load`, `strength`, `evaluate`): `--config FILE` (default the daemon's;
/// a missing default file means defaults), `--journal DIR` (default the config's), `--json`,
/// `--units` (default the config's), `--today YYYY-MM-DD` (then "now" is the end of that day),
/// and the local calendar.
struct JournalReportOptions: OptionGroup {
    static let flags: Set<String> = ["json"]
    static let options: Set<String> = ["config", "journal", "units", "today"]
    static let usage = "[--config FILE] [--journal DIR] [--json] [--units metric|imperial] [--today YYYY-MM-DD]"

    let config: PacerConfig
    let journal: String
    let json: Bool
    let units: UnitSystem
    let calendar: LocalCalendar
    let today: Int
    /// Milliseconds since the epoch that count as now.
    let now: Int64

    init(_ args: CommandArguments) throws {
        config = try ConfigFileOption.load(args)
        journal = args.option("journal") ?? config.journalDirectory
        json = args.flag("json")
        units = try HistoryOptions.units(args, default: config.recording.units == .imperial ? .imperial : .metric)
        calendar = SystemTimeZone.calendar()
        if let day = try JournalReportOptions.day(args.option("today"), name: "--today") {
            today = day
            let midnight = Int64(day + 1) * 86_400_000
            now = midnight - Int64(calendar.offset(atSeconds: midnight / 1000)) * 1000 - 1
        } else {
            now = JournalWriter.wallClock().millisecondsSinceEpoch
            today = calendar.day(milliseconds: now)
        }
    }

    /// A `YYYY-MM-DD` option (`name` says which, for the error) as a day number, nil when not given.
    static func day(_ text: String?, name: String) throws -> Int? {
        guard let text else { return nil }
        guard let day = LocalCalendar.day(parsing: text) else { throw UsageError("\(name) must be a date YYYY-MM-DD, not '\(text)'") }
        return day
    }
}
