/// Progress towards the `[goals]` on one day and in its week, and the goal streak:
/// consecutive days with every daily goal met. The report's day, until it ends, does not
/// break the streak (it just does not add to it yet).
public struct GoalReport: Equatable, Sendable {
    public struct Progress: Equatable, Sendable {
        public var goal: GoalTarget
        /// In config units (km, minutes...).
        public var done: Double
        public var met: Bool { done >= goal.target }
    }

    public var day: Int
    public var daily: [Progress]
    public var weekly: [Progress]
    public var streakDays: Int
    public var longestStreakDays: Int

    /// - Parameter extra: totals not yet in the history (the session being recorded).
    public init(history: MotivationHistory, settings: MotivationSettings, day: Int, extra: DayTotals? = nil) {
        self.day = day
        var today = history.totals(day: day)
        var week = history.totals(from: settings.weekStart.firstDay(ofWeekHolding: day), through: day)
        if let extra {
            today.merge(extra)
            week.merge(extra)
        }
        let dailyGoals = settings.dailyGoals
        daily = dailyGoals.map { Progress(goal: $0, done: $0.amount(today)) }
        weekly = settings.weeklyGoals.map { Progress(goal: $0, done: $0.amount(week)) }
        guard !dailyGoals.isEmpty else { streakDays = 0; longestStreakDays = 0; return }
        func met(_ d: Int) -> Bool {
            let t = d == day ? today : history.totals(day: d)
            return dailyGoals.allSatisfy { $0.amount(t) >= $0.target }
        }
        var streak = met(day) ? 1 : 0
        var d = day - 1
        while d >= history.firstDay, met(d) { streak += 1; d -= 1 }
        streakDays = streak
        var longest = streak, run = 0
        if !history.isEmpty {
            for d in history.firstDay...max(history.firstDay, day) where d <= day {
                if met(d) { run += 1; longest = max(longest, run) } else { run = 0 }
            }
        }
        longestStreakDays = longest
    }

    /// Whether every daily goal of some totals is met (false with no daily goals).
    public static func allMet(_ goals: [GoalTarget], _ totals: DayTotals) -> Bool {
        !goals.isEmpty && goals.allSatisfy { $0.amount(totals) >= $0.target }
    }
}
