import PacerCore
import PacerSystem

/// Options every history verb shares: `--journal DIR` (default: the daemon's state directory)
/// and `--units metric|imperial`.
struct HistoryOptions: OptionGroup {
    static let defaultJournal = "/var/lib/pacer"
    static let flags: Set<String> = []
    static let options: Set<String> = ["journal", "units"]

    let journal: String
    let units: UnitSystem

    init(_ args: CommandArguments) throws {
        journal = args.option("journal") ?? HistoryOptions.defaultJournal
        units = try HistoryOptions.units(args, default: .metric)
    }

    /// `--units metric|imperial`, else `fallback`.
    static func units(_ args: CommandArguments, default fallback: UnitSystem) throws -> UnitSystem {
        let name = args.option("units") ?? fallback.rawValue
        guard let units = UnitSystem(rawValue: name) else { throw UsageError("--units must be metric or imperial, not '\(name)'") }
        return units
    }

    /// `summaries: false` reads only the index rows (list and stats).
    func openHistory(summaries: Bool = true) throws -> JournalHistory {
        try HistoryOptions.openHistory(journal, summaries: summaries)
    }

    /// Every pacerctl verb opens the history here, so that damage a rebuild of the index passed
    /// is said, once (the index is then saved, and the damage stays in place).
    static func openHistory(_ journal: String, summaries: Bool = true) throws -> JournalHistory {
        let history = try JournalHistory(directory: journal, summaries: summaries)
        for aside in (try? history.directory.setAsideFiles()) ?? [] {
            printError("pacerctl: \(aside) was set aside by pacerd as unusable (its log says why); its sessions are not listed")
        }
        guard history.damagedRegions > 0 else { return history }
        printError("pacerctl: \(history.directory.path): passed \(history.damagedRegions) damaged region(s) of the journal "
            + "(\(history.damagedBytes) bytes) while rebuilding its index; the sessions around them are kept")
        return history
    }

    /// The one positional session id.
    static func sessionID(_ args: CommandArguments) throws -> UInt64 {
        guard args.positionals.count == 1 else { throw UsageError("give exactly one session ID") }
        guard let id = UInt64(args.positionals[0]) else { throw UsageError("'\(args.positionals[0])' is not a session ID") }
        return id
    }

    static func activity(_ args: CommandArguments) throws -> Activity? {
        guard let name = args.option("activity") else { return nil }
        guard let a = Activity(rawValue: name) else { throw UsageError("--activity must be \(ActivityProfile.names)") }
        return a
    }
}
