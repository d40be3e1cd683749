/// Awards, recomputed from the history in start order every time: the same history gives the
/// same awards with the same dates, and deleting the session that earned one revokes it.
/// Each family also names its next award and the progress towards it.
public struct AwardLedger: Sendable {
    public struct Award: Equatable, Sendable {
        public var id: String
        public var title: String
        public var family: String
        /// End of the session that earned it.
        public var earnedAt: UTCTime
        public var session: UInt64
        /// What was reached, in the family's unit (km, sessions, hours, days, weeks, seconds...).
        public var value: Double
    }

    public struct Next: Equatable, Sendable {
        public var family: String
        public var id: String
        public var title: String
        public var target: Double
        public var progress: Double
    }

    /// The daily or the weekly goals' streak: the session that makes a period's goals met extends
    /// the streak of the period before.
    private struct GoalStreak {
        let goals: [GoalTarget]
        let periodDays: Int
        var period = Int.min
        var totals = DayTotals()
        /// First day of a period -> periods in a row reached in it.
        var reached: [Int: Int] = [:]

        init(goals: [GoalTarget], periodDays: Int) {
            self.goals = goals
            self.periodDays = periodDays
        }

        /// Adds a session of the period starting on day `period`: the streak reached when it is
        /// the session that makes the period's goals met, else nil.
        mutating func add(_ s: SessionFacts, period: Int) -> Int? {
            if period != self.period { totals = DayTotals(); self.period = period }
            let wasMet = GoalReport.allMet(goals, totals)
            totals.add(s)
            guard !wasMet, GoalReport.allMet(goals, totals) else { return nil }
            let streak = (reached[period - periodDays] ?? 0) + 1
            reached[period] = streak
            return streak
        }
    }

    public private(set) var earned: [Award] = []
    public private(set) var next: [Next] = []

    static let distanceKilometres: [Double] = [10, 50, 100, 500, 1000, 5000]
    static let sessionCounts: [Double] = [10, 50, 100, 500]
    /// One session on foot (run or walk) of at least these, km.
    static let singleDistances: [(km: Double, id: String, title: String)] = [
        (5, "single-5k", "First 5 km"), (10, "single-10k", "First 10 km"),
        (21.0975, "single-half", "First half marathon"), (42.195, "single-marathon", "First marathon")]
    static let hours: [Double] = [1, 2, 3]
    static let streaks: [Double] = [7, 30, 100]
    static let weeklyGoalWeeks = 4.0
    /// Local minute before which a start is early (06:00).
    static let earlyBefore = 6 * 60

    /// - Parameter through: the last local day considered (`--today`).
    public init(history: MotivationHistory, settings: MotivationSettings, through: Int) {
        let calendar = history.calendar
        var seenActivity = Set<Activity>()
        var totalKm = 0.0, count = 0.0, longestFootKm = 0.0, longestHours = 0.0
        var best: [Activity: [Double?]] = [:]
        var daily = GoalStreak(goals: settings.dailyGoals, periodDays: 1)
        var weekly = GoalStreak(goals: settings.weeklyGoals, periodDays: 7)
        var habitDone = [[Int: Int]](repeating: [:], count: settings.habits.count)  // day (or week) -> streak
        var habitWeekCount = [[Int: Int]](repeating: [:], count: settings.habits.count)
        var habitDays = [Set<Int>](repeating: [], count: settings.habits.count)
        var early = false

        func award(_ id: String, _ title: String, _ family: String, _ s: SessionFacts, _ value: Double) {
            earned.append(Award(id: id, title: title, family: family,
                                earnedAt: s.end,
                                session: s.id, value: value))
        }
        func streakAwards(_ prefix: String, _ what: String, _ unit: String, reached: Int, _ s: SessionFacts) {
            for n in AwardLedger.streaks where Double(reached) == n {
                award(prefix + "-" + n.wholeText(.towardZero), what + " " + n.wholeText(.towardZero) + " " + unit + " in a row", prefix, s, n)
            }
        }

        for k in 0..<history.sessionCount(through: through) {
            let s = history.sessions[k], day = history.days[k]
            if !seenActivity.contains(s.activity) {
                seenActivity.insert(s.activity)
                award("first-" + s.activity.rawValue, "First " + s.activity.rawValue, "first", s, 1)
            }
            let km = s.distanceMeters / 1000
            for t in AwardLedger.distanceKilometres where totalKm < t && totalKm + km >= t {
                award("distance-" + t.wholeText(.towardZero) + "km", t.wholeText(.towardZero) + " km in total", "distance", s, t)
            }
            totalKm += km
            count += 1
            for t in AwardLedger.sessionCounts where count == t {
                award("sessions-" + t.wholeText(.towardZero), t.wholeText(.towardZero) + " sessions", "sessions", s, t)
            }
            if s.activity != .ride {
                for t in AwardLedger.singleDistances where longestFootKm < t.km && km >= t.km {
                    award(t.id, t.title, "single", s, km)
                }
                longestFootKm = max(longestFootKm, km)
            }
            let h = s.movingSeconds / 3600
            for t in AwardLedger.hours where longestHours < t && h >= t {
                award("duration-" + t.wholeText(.towardZero) + "h", "A session of " + t.wholeText(.towardZero) + " h", "duration", s, h)
            }
            longestHours = max(longestHours, h)
            var records = best[s.activity] ?? [Double?](repeating: nil, count: BestEfforts.names.count)
            for (i, v) in s.bestEfforts.enumerated() where i < records.count {
                guard let v else { continue }
                if let old = records[i], v < old {
                    award("pr-" + s.activity.rawValue + "-" + BestEfforts.names[i] + "-" + s.id.description,
                          "Personal record: " + s.activity.rawValue + " " + BestEfforts.names[i], "record", s, v)
                }
                if records[i].map({ v < $0 }) ?? true { records[i] = v }
            }
            best[s.activity] = records
            if !early, calendar.minuteOfDay(milliseconds: s.start) < AwardLedger.earlyBefore {
                early = true
                award("early-start", "Early start (before 06:00)", "early", s, Double(calendar.minuteOfDay(milliseconds: s.start)) / 60)
            }

            if let reached = daily.add(s, period: day) {
                streakAwards("goal-streak", "Daily goals met", "days", reached: reached, s)
            }
            let week = settings.weekStart.firstDay(ofWeekHolding: day)
            if let reached = weekly.add(s, period: week), Double(reached) == AwardLedger.weeklyGoalWeeks {
                award("weekly-goals-4", "Weekly goals met 4 weeks in a row", "weekly-goals", s, AwardLedger.weeklyGoalWeeks)
            }
            for (h, habit) in settings.habits.enumerated() where habit.isDone(by: s) && !habitDays[h].contains(day) {
                habitDays[h].insert(day)
                let prefix = "habit-" + habit.name + "-streak"
                switch habit.schedule {
                case .days:
                    guard habit.isScheduled(day: day) else { continue }
                    var previous = day - 1
                    while !habit.isScheduled(day: previous) { previous -= 1 }
                    let reached = (habitDone[h][previous] ?? 0) + 1
                    habitDone[h][day] = reached
                    streakAwards(prefix, "Habit " + habit.name, "days", reached: reached, s)
                case .weekly(let n):
                    habitWeekCount[h][week, default: 0] += 1
                    guard habitWeekCount[h][week] == n else { continue }
                    let reached = (habitDone[h][week - 7] ?? 0) + 1
                    habitDone[h][week] = reached
                    streakAwards(prefix, "Habit " + habit.name, "weeks", reached: reached, s)
                }
            }
        }

        // The next award of each family, and where the history stands.
        if let a = Activity.allCases.first(where: { !seenActivity.contains($0) }) {
            next.append(Next(family: "first", id: "first-" + a.rawValue, title: "First " + a.rawValue, target: 1, progress: 0))
        }
        if let t = AwardLedger.distanceKilometres.first(where: { $0 > totalKm }) {
            next.append(Next(family: "distance", id: "distance-" + t.wholeText(.towardZero) + "km", title: t.wholeText(.towardZero) + " km in total", target: t, progress: totalKm))
        }
        if let t = AwardLedger.sessionCounts.first(where: { $0 > count }) {
            next.append(Next(family: "sessions", id: "sessions-" + t.wholeText(.towardZero), title: t.wholeText(.towardZero) + " sessions", target: t, progress: count))
        }
        if let t = AwardLedger.singleDistances.first(where: { $0.km > longestFootKm }) {
            next.append(Next(family: "single", id: t.id, title: t.title, target: t.km, progress: longestFootKm))
        }
        if let t = AwardLedger.hours.first(where: { $0 > longestHours }) {
            next.append(Next(family: "duration", id: "duration-" + t.wholeText(.towardZero) + "h", title: "A session of " + t.wholeText(.towardZero) + " h", target: t, progress: longestHours))
        }
        func longestSoFar(_ streaks: [Int: Int]) -> Double { Double(streaks.values.max() ?? 0) }
        if !daily.goals.isEmpty, let t = AwardLedger.streaks.first(where: { $0 > longestSoFar(daily.reached) }) {
            let current = GoalReport(history: history, settings: settings, day: through).streakDays
            next.append(Next(family: "goal-streak", id: "goal-streak-" + t.wholeText(.towardZero), title: "Daily goals met " + t.wholeText(.towardZero) + " days in a row", target: t, progress: Double(current)))
        }
        if !weekly.goals.isEmpty, longestSoFar(weekly.reached) < AwardLedger.weeklyGoalWeeks {
            let week = settings.weekStart.firstDay(ofWeekHolding: through)
            let current = weekly.reached[week] ?? weekly.reached[week - 7] ?? 0
            next.append(Next(family: "weekly-goals", id: "weekly-goals-4", title: "Weekly goals met 4 weeks in a row", target: AwardLedger.weeklyGoalWeeks, progress: Double(current)))
        }
        for (h, habit) in settings.habits.enumerated() {
            guard let t = AwardLedger.streaks.first(where: { $0 > longestSoFar(habitDone[h]) }) else { continue }
            let current = HabitReport(habit: habit, history: history, weekStart: settings.weekStart, day: through).currentStreak
            let unit = if case .weekly = habit.schedule { "weeks" } else { "days" }
            next.append(Next(family: "habit-" + habit.name + "-streak", id: "habit-" + habit.name + "-streak-" + t.wholeText(.towardZero),
                             title: "Habit " + habit.name + " " + t.wholeText(.towardZero) + " " + unit + " in a row", target: t, progress: Double(current)))
        }
        if !early {
            next.append(Next(family: "early", id: "early-start", title: "Early start (before 06:00)", target: 1, progress: 0))
        }
    }
}
