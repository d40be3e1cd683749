/// One of the motivation reports, as the request of its name asks for it: `goals` (of a day),
/// `habits`, `awards` or `load` (of the last days). `pacerctl goals|habits|awards|load` print it,
/// as text or JSON, and pacerd sends its JSON in the reply to the same request: both build it
/// here, so the command and the request cannot drift apart. Pure: the caller reads the journal
/// and the clock, and passes the history, the settings and the local day it is.
public enum MotivationReport {
    case goals(GoalReport, weekStart: WeekStart)
    case habits([HabitReport], weekStart: WeekStart)
    case awards(AwardLedger)
    /// The training load of the last days, oldest first.
    case load(ArraySlice<TrainingLoad.Day>)

    /// The report `request` asks for on local day `today`; nil for a request of another kind.
    /// `goals` reports on the request's date (`today` without one, or with one that is not a
    /// date, which a request refuses when it is parsed); `load` on its last `days` days (every
    /// day from the first session's without).
    public init?(_ request: ClientRequest, history: MotivationHistory, settings: MotivationSettings, today: Int) {
        switch request {
        case .goals(let date):
            let day = date.flatMap(LocalCalendar.day(parsing:)) ?? today
            self = .goals(GoalReport(history: history, settings: settings, day: day), weekStart: settings.weekStart)
        case .habits:
            let reports = settings.habits.map { HabitReport(habit: $0, history: history, weekStart: settings.weekStart, day: today) }
            self = .habits(reports, weekStart: settings.weekStart)
        case .awards:
            self = .awards(AwardLedger(history: history, settings: settings, through: today))
        case .load(let days):
            let rows = TrainingLoad.days(history, settings: settings, through: today)
            self = .load(rows.suffix(days ?? rows.count))
        default:
            return nil
        }
    }

    /// The request's name, and the reply's key (its class in capitals).
    public var command: String {
        switch self {
        case .goals: "goals"
        case .habits: "habits"
        case .awards: "awards"
        case .load: "load"
        }
    }

    /// The JSON that `--json` prints (see `MotivationJSON`).
    public func writeJSON(into w: inout JSONWriter) {
        switch self {
        case let .goals(report, weekStart): MotivationJSON.goals(report, weekStart: weekStart, into: &w)
        case let .habits(reports, _): MotivationJSON.habits(reports, into: &w)
        case let .awards(ledger): MotivationJSON.awards(ledger, into: &w)
        case let .load(days): MotivationJSON.load(days, into: &w)
        }
    }

    /// What the command prints without `--json` (see `MotivationText`).
    public func text(units: UnitSystem) -> String {
        switch self {
        case let .goals(report, weekStart): MotivationText.goals(report, weekStart: weekStart, units: units)
        case let .habits(reports, weekStart): MotivationText.habits(reports, weekStart: weekStart)
        case let .awards(ledger): MotivationText.awards(ledger)
        case let .load(days): MotivationText.load(days)
        }
    }

    /// pacerd's reply line: `{"class":"GOALS","goals":...}`, the JSON under the command's name.
    public var replyLine: [UInt8] {
        var w = JSONWriter(capacity: 4096)
        w.beginObject()
        w.key("class"); w.value(command.uppercased())
        w.key(command)
        writeJSON(into: &w)
        w.endObject()
        w.endLine()
        return w.takeBytes()
    }
}
