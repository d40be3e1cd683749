/// One `[habit NAME]` section: what counts as doing it, when it is due, when to remind.
public struct HabitSettings: Equatable, Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case any, run, walk, ride
        /// Accepted for the habit apps' strength sessions; Pacer records none yet, so such a
        /// habit is never done from the journal.
        case strength
    }

    public enum Schedule: Equatable, Sendable {
        /// Weekdays due, Monday 0 ... Sunday 6 (`daily` is all seven).
        case days(Set<Int>)
        /// At least this many days a week, any days.
        case weekly(Int)
    }

    public var name: String
    public var kind: Kind = .any
    public var schedule: Schedule = .days(Set(0..<7))
    /// One session must reach these to count (nil: any session of the kind).
    public var minimumDistanceMeters: Double?
    public var minimumMovingSeconds: Double?
    /// Minutes after local midnight.
    public var remindAt: Int?

    public init(name: String) { self.name = name }

    /// Whether one session counts as doing the habit.
    public func isDone(by s: SessionFacts) -> Bool {
        switch kind {
        case .any: break
        case .strength: return false
        case .run, .walk, .ride: if s.activity.rawValue != kind.rawValue { return false }
        }
        if let d = minimumDistanceMeters, s.distanceMeters < d { return false }
        if let m = minimumMovingSeconds, s.movingSeconds < m { return false }
        return true
    }

    public func isScheduled(day: Int) -> Bool {
        switch schedule {
        case .days(let set): set.contains(LocalCalendar.weekday(day: day))
        case .weekly: true
        }
    }

    /// `mon,wed,fri`, `daily` or `weekly:3`, as configured.
    public var scheduleText: String {
        switch schedule {
        case .weekly(let n): return "weekly:" + n.description
        case .days(let set):
            if set.count == 7 { return "daily" }
            return set.sorted().map { HabitSettings.dayNames[$0] }.joined(separator: ",")
        }
    }

    public static let dayNames = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
}

/// Everything `[goals]`, `[habit NAME]` and `[load]` configure.
public struct MotivationSettings: Equatable, Sendable {
    public var weekStart: WeekStart = .monday
    public var goals: [GoalTarget] = []
    public var habits: [HabitSettings] = []
    /// Time constants of the fitness (CTL) and fatigue (ATL) averages, days.
    public var ctlDays: Double = 42
    public var atlDays: Double = 7
    public init() {}

    public var dailyGoals: [GoalTarget] { goals.filter { $0.period == .daily } }
    public var weeklyGoals: [GoalTarget] { goals.filter { $0.period == .weekly } }
}
