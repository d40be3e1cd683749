#if canImport(Glibc)
import Glibc
#endif
import PacerCore
import PacerSystem

/// What `strength`, `evaluate` and offline `set` share: `--config`, `--journal` (default the
/// config's), `--json`, `--units`, `--today YYYY-MM-DD` (then "now" is the end of that day),
/// and the local calendar.
struct StrengthOptions {
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
        let name = args.option("units") ?? (config.recording.units == .imperial ? "imperial" : "metric")
        guard let units = UnitSystem(rawValue: name) else { throw UsageError("--units must be metric or imperial, not '\(name)'") }
        self.units = units
        calendar = SystemTimeZone.calendar()
        if let day = try MotivationOptions.day(args.option("today"), name: "--today") {
            today = day
            let midnight = Int64(day + 1) * 86_400_000
            now = midnight - Int64(calendar.offset(atSeconds: midnight / 1000)) * 1000 - 1
        } else {
            now = JournalWriter.wallClock().millisecondsSinceEpoch
            today = calendar.day(milliseconds: now)
        }
    }

    func write(_ text: String) throws { try CommandOutput.write(text) }
    func write(_ json: JSONWriter) throws { try CommandOutput.write(json) }
}
