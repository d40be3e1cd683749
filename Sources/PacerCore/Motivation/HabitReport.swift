/// One habit over the history: the days it was done (at most one completion a day counts:
/// a day is done when one session of the kind reaches the minimum), and its streaks.
///
/// Streak rules: for a `days`/`daily` schedule, consecutive scheduled days done; unscheduled
/// days neither count nor break, and the report's day, until it ends, does not break it. For
/// `weekly:N`, consecutive weeks with at least N days done, in weeks; the current week counts
/// once it has N and does not break the streak before it ends.
public struct HabitReport: Equatable, Sendable {
    public enum DayMark: Equatable, Sendable { case done, missed, unscheduled, pending, future }

    public var habit: HabitSettings
    public var day: Int
    /// Done days up to the report's day, ascending.
    public var doneDays: [Int]
    public var currentStreak: Int
    public var longestStreak: Int
    public var completion30DaysPercent: Double

    public var doneToday: Bool { doneDays.last == day }
    public var lastDone: Int? { doneDays.last }

    public init(habit: HabitSettings, history: MotivationHistory, weekStart: WeekStart, day: Int, extra: SessionFacts? = nil) {
        self.habit = habit
        self.day = day
        var done: [Int] = []
        for k in 0..<history.sessionCount(through: day) where habit.isDone(by: history.sessions[k]) {
            if done.last != history.days[k] { done.append(history.days[k]) }
        }
        if let extra, habit.isDone(by: extra), done.last != day { done.append(day) }
        doneDays = done
        let doneSet = Set(done)
        switch habit.schedule {
        case .days:
            var streak = 0
            var d = day
            if habit.isScheduled(day: d), !doneSet.contains(d) { d -= 1 }
            while d >= (done.first ?? day) {
                if habit.isScheduled(day: d) { if doneSet.contains(d) { streak += 1 } else { break } }
                d -= 1
            }
            currentStreak = streak
            var longest = 0, run = 0
            if let first = done.first {
                for d in first...day where habit.isScheduled(day: d) {
                    if doneSet.contains(d) { run += 1; longest = max(longest, run) } else if d != day { run = 0 }
                }
            }
            longestStreak = longest
            let window = (day - 29)...day
            let due = window.filter { habit.isScheduled(day: $0) && ($0 != day || doneSet.contains($0)) }
            completion30DaysPercent = due.isEmpty ? 0 : 100 * Double(due.filter(doneSet.contains).count) / Double(due.count)
        case .weekly(let n):
            let thisWeek = weekStart.firstDay(ofWeekHolding: day)
            var perWeek: [Int: Int] = [:]
            for d in done { perWeek[weekStart.firstDay(ofWeekHolding: d), default: 0] += 1 }
            var streak = 0
            var w = thisWeek
            if (perWeek[w] ?? 0) < n { w -= 7 }
            while let c = perWeek[w], c >= n { streak += 1; w -= 7 }
            currentStreak = streak
            var longest = 0, run = 0
            if let first = done.first {
                var w = weekStart.firstDay(ofWeekHolding: first)
                while w <= thisWeek {
                    if (perWeek[w] ?? 0) >= n { run += 1; longest = max(longest, run) } else if w != thisWeek { run = 0 }
                    w += 7
                }
            }
            longestStreak = longest
            let doneIn30 = done.filter { $0 > day - 30 }.count
            completion30DaysPercent = min(100, 100 * Double(doneIn30) / (Double(n) * 30 / 7))
        }
    }

    /// How the grid shows `d`: done, missed (scheduled, over, not done), pending (scheduled
    /// today, not done yet), unscheduled, or after the report's day.
    public func mark(_ d: Int) -> DayMark {
        if d > day { return .future }
        if doneDays.contains(d) { return .done }
        guard habit.isScheduled(day: d), case .days = habit.schedule else { return .unscheduled }
        return d == day ? .pending : .missed
    }
}
