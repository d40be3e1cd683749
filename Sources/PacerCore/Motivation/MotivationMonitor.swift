/// The live side of goals, habits and awards, as pacerd runs it: fed the finished sessions,
/// the session being recorded and the time, it decides which EVENTs to send. Pure: the daemon
/// passes the UTC time it trusts (GPS time while there is a fix) and this type turns it into
/// local days and minutes through the calendar.
///
/// - `goal_reached` (goal, target, done) once per goal and day (week) when the session being
///   recorded, or the one just stopped, makes it met; goals already met by earlier sessions
///   are not announced again (not at a restart either).
/// - `habit_done` and `streak` (habit, days) when a stopped session does a habit for today.
/// - `award_earned` (id, title) for every award the stopped session adds.
/// - `reminder` (habit) when the local time passes `remind_at` on a day the habit is due and
///   not done yet, once a day; a daemon started after that minute does not remind late.
public struct MotivationMonitor: Sendable {
    public var settings: MotivationSettings
    public private(set) var history: MotivationHistory
    /// Goals met or announced, keyed by period start, period and name.
    private var knownMet: Set<String> = []
    private var lastTick: Int64?

    public init(settings: MotivationSettings, history: MotivationHistory) {
        self.settings = settings
        self.history = history
    }

    public var calendar: LocalCalendar { history.calendar }

    /// Today's goals with the session being recorded counted in (the STATE's `goals`).
    public func goals(live: SessionFacts?, now: UTCTime) -> GoalReport {
        let day = calendar.day(now)
        return GoalReport(history: history, settings: settings, day: day, extra: live.map { Self.totals($0) })
    }

    static func totals(_ s: SessionFacts) -> DayTotals {
        var t = DayTotals()
        t.add(s)
        return t
    }

    /// Goals the live session has just made met.
    public mutating func progress(live: SessionFacts?, now: UTCTime) -> [LiveEvent] {
        guard let live, !settings.goals.isEmpty else { return [] }
        return reached(with: goals(live: live, now: now), without: goals(live: nil, now: now), now: now)
    }

    private mutating func reached(with: GoalReport, without: GoalReport, now: UTCTime) -> [LiveEvent] {
        var events: [LiveEvent] = []
        let week = settings.weekStart.firstDay(ofWeekHolding: with.day)
        for (k, p) in (with.daily + with.weekly).enumerated() {
            let before = (without.daily + without.weekly)[k]
            let key = (p.goal.period == .daily ? with.day : week).description + " " + p.goal.period.rawValue + " " + p.goal.name
            guard p.met, !knownMet.contains(key) else { continue }
            knownMet.insert(key)
            if before.met { continue }   // met before this session: announced then, or before pacerd ran
            events.append(LiveEvent(.goalReached, time: now, details: [
                ("goal", .string(p.goal.period.rawValue + "_" + p.goal.name)), ("target", .number(p.goal.target)),
                ("done", .number((p.done * 1000).rounded() / 1000))]))
        }
        return events
    }

    /// A session stopped: it joins the history; returns what it achieved.
    public mutating func sessionStopped(_ s: SessionFacts, now: UTCTime) -> [LiveEvent] {
        let today = calendar.day(now)
        let day = calendar.day(milliseconds: s.start)
        var events = reached(with: GoalReport(history: history, settings: settings, day: day, extra: Self.totals(s)),
                             without: GoalReport(history: history, settings: settings, day: day), now: now)
        let through = max(today, day)
        let awardsBefore = Set(AwardLedger(history: history, settings: settings, through: through).earned.map(\.id))
        let habitsBefore = settings.habits.map { HabitReport(habit: $0, history: history, weekStart: settings.weekStart, day: day).doneToday }
        history.append(s)
        for (h, habit) in settings.habits.enumerated() where !habitsBefore[h] {
            let report = HabitReport(habit: habit, history: history, weekStart: settings.weekStart, day: day)
            guard report.doneToday else { continue }
            events.append(LiveEvent(.habitDone, time: now, details: [("habit", .string(habit.name))]))
            if report.currentStreak > 0 {
                events.append(LiveEvent(.streak, time: now, details: [("habit", .string(habit.name)), ("days", .number(Double(report.currentStreak)))]))
            }
        }
        for a in AwardLedger(history: history, settings: settings, through: through).earned where !awardsBefore.contains(a.id) {
            events.append(LiveEvent(.awardEarned, time: now, details: [("id", .string(a.id)), ("title", .string(a.title))]))
        }
        return events
    }

    /// Reminders due between the previous tick and `now`.
    public mutating func tick(now: UTCTime) -> [LiveEvent] {
        defer { lastTick = now.millisecondsSinceEpoch }
        guard let last = lastTick, last < now.millisecondsSinceEpoch else { return [] }
        let day = calendar.day(now), minute = calendar.minuteOfDay(milliseconds: now.millisecondsSinceEpoch)
        let lastDay = calendar.day(milliseconds: last), lastMinute = calendar.minuteOfDay(milliseconds: last)
        var events: [LiveEvent] = []
        for habit in settings.habits {
            guard let at = habit.remindAt, minute >= at, lastDay < day || lastMinute < at else { continue }
            let report = HabitReport(habit: habit, history: history, weekStart: settings.weekStart, day: day)
            guard !report.doneToday, isDue(habit, report) else { continue }
            events.append(LiveEvent(.reminder, time: now, details: [("habit", .string(habit.name)), ("remind_at", .string(Self.clock(at)))]))
        }
        return events
    }

    /// Due today: a scheduled day, or a weekly habit still short of its count this week.
    private func isDue(_ habit: HabitSettings, _ report: HabitReport) -> Bool {
        switch habit.schedule {
        case .days: return habit.isScheduled(day: report.day)
        case .weekly(let n):
            let week = settings.weekStart.firstDay(ofWeekHolding: report.day)
            return report.doneDays.filter { $0 >= week }.count < n
        }
    }

    static func clock(_ minutes: Int) -> String {
        (minutes / 60 < 10 ? "0" : "") + (minutes / 60).description + ":" + (minutes % 60 < 10 ? "0" : "") + (minutes % 60).description
    }
}
