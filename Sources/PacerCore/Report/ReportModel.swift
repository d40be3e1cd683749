/// What the dashboard shows, computed by the same functions the terminal verbs call — totals
/// per period by `HistoryStatistics` (`stats`), goals by `GoalReport` (`goals`), habits by
/// `HabitReport`, awards by `AwardLedger`, load by `TrainingLoad`, records by
/// `PersonalRecords`, strength by `ExerciseProgress` — so a page and `pacerctl stats --json`
/// never disagree.
public struct ReportModel {
    /// The journal and settings the dashboard reads.
    public struct Input {
        public var index: HistoryIndexReader
        public var history: MotivationHistory
        public var settings: MotivationSettings
        public var strength: StrengthLog
        /// The local day the report is made on (`--today`).
        public var today: Int
        public init(index: HistoryIndexReader, history: MotivationHistory, settings: MotivationSettings, strength: StrengthLog, today: Int) {
            self.index = index
            self.history = history
            self.settings = settings
            self.strength = strength
            self.today = today
        }
    }

    /// One period on a chart's axis and its totals (nil: no session in it).
    public struct PeriodSlot: Sendable {
        public var label: String
        public var bucket: HistoryStatistics.Bucket?
    }

    /// A session in the lists: what its row in the index says.
    public struct SessionRow: Sendable {
        public var id: UInt64
        public var start: Int64?
        public var activity: Activity
        public var distanceMeters: Double
        public var movingSeconds: Double
    }

    public static let weeksShown = 12, monthsShown = 12, loadDaysShown = 90, calendarWeeks = 5

    public var today: Int
    public var settings: MotivationSettings
    public var calendar: LocalCalendar
    public var weeks: [PeriodSlot]
    public var months: [PeriodSlot]
    public var years: [PeriodSlot]
    public var goals: GoalReport
    /// The calendar's days (whole weeks, the last holding `today`) with each daily goal's progress.
    public var calendarDays: [(day: Int, goals: [GoalReport.Progress], sessions: Int)]
    public var habits: [HabitReport]
    public var awards: AwardLedger
    public var load: [TrainingLoad.Day]
    public var records: [(activity: Activity, record: PersonalRecords.Record)]
    public var strength: [ExerciseProgress]
    /// Every dated session, newest first.
    public var sessions: [SessionRow]

    public init(_ input: Input) {
        let index = input.index, history = input.history, settings = input.settings, today = input.today
        self.today = today
        self.settings = settings
        calendar = history.calendar
        weeks = ReportModel.slots(HistoryStatistics.aggregate(index, by: .week), period: .week, today: today)
        months = ReportModel.slots(HistoryStatistics.aggregate(index, by: .month), period: .month, today: today)
        years = ReportModel.slots(HistoryStatistics.aggregate(index, by: .year), period: .year, today: today)
        goals = GoalReport(history: history, settings: settings, day: today)
        let first = settings.weekStart.firstDay(ofWeekHolding: today) - 7 * (ReportModel.calendarWeeks - 1)
        calendarDays = (first..<(first + 7 * ReportModel.calendarWeeks)).map { d in
            (d, d <= today ? GoalReport(history: history, settings: settings, day: d).daily : [], history.totals(day: d).all.sessions.clampedInt(.towardZero))
        }
        habits = settings.habits.map { HabitReport(habit: $0, history: history, weekStart: settings.weekStart, day: today) }
        awards = AwardLedger(history: history, settings: settings, through: today)
        load = Array(TrainingLoad.days(history, settings: settings, through: today).suffix(ReportModel.loadDaysShown))
        var records: [(Activity, PersonalRecords.Record)] = []
        for activity in Activity.allCases {
            let r = PersonalRecords(index, activity: activity)
            for record in r.fastest + [r.longestDistance, r.longestDuration].compactMap({ $0 }) { records.append((activity, record)) }
        }
        self.records = records
        strength = ExerciseProgress.all(input.strength, calendar: history.calendar)
        var rows: [SessionRow] = []
        rows.reserveCapacity(index.count)
        for i in 0..<index.count {
            let r = index.row(i)
            rows.append(SessionRow(id: r.id, start: r.start, activity: r.activity, distanceMeters: r.distance, movingSeconds: r.moving))
        }
        sessions = rows.sorted { ($0.start ?? .min, $0.id) > ($1.start ?? .min, $1.id) }
    }

    /// The periods a chart shows, oldest first: the last 12 weeks or months through `today`, or
    /// every year from the first with data. A period without sessions has no bucket.
    static func slots(_ buckets: [HistoryStatistics.Bucket], period: HistoryStatistics.Period, today: Int) -> [PeriodSlot] {
        var byFirst: [Int: HistoryStatistics.Bucket] = [:]
        for b in buckets { byFirst[b.firstDay] = b }
        var firsts: [Int] = []
        switch period {
        case .week:
            let monday = HistoryStatistics.periodStart(day: today, period: .week).first
            firsts = (0..<weeksShown).reversed().map { monday - 7 * $0 }
        case .month:
            let (y, m, _) = UTCTime.civil(fromDays: today)
            firsts = (0..<monthsShown).reversed().map { k in
                let n = y * 12 + (m - 1) - k
                return UTCTime.daysSinceEpoch(year: n / 12, month: n % 12 + 1, day: 1)
            }
        case .year:
            let (y, _, _) = UTCTime.civil(fromDays: today)
            let firstYear = buckets.first.map { UTCTime.civil(fromDays: $0.firstDay).0 } ?? y
            firsts = (min(firstYear, y)...y).map { UTCTime.daysSinceEpoch(year: $0, month: 1, day: 1) }
        }
        return firsts.map { PeriodSlot(label: HistoryStatistics.periodStart(day: $0, period: period).label, bucket: byFirst[$0]) }
    }
}
