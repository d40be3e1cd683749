/// What a goal counts: one row per metric, read by the config, the reports and the live side.
public enum GoalMetric: String, Sendable, CaseIterable {
    case distance = "distance_km"
    case activeMinutes = "active_min"
    case steps
    case calories = "calories_kcal"
    case sessions

    /// The config value's unit in the totals' unit (km to metres, minutes to seconds).
    public var configScale: Double {
        switch self {
        case .distance: 1000
        case .activeMinutes: 60
        case .steps, .calories, .sessions: 1
        }
    }

    /// The amount of this metric in some totals, in config units (km, minutes...).
    public func amount(_ t: ActivityTotals) -> Double {
        switch self {
        case .distance: t.distanceMeters / 1000
        case .activeMinutes: t.movingSeconds / 60
        case .steps: t.steps
        case .calories: t.calories
        case .sessions: t.sessions
        }
    }
}

/// One configured goal: `daily_distance_km.run = 5` is distance, daily, run only, 5 km.
public struct GoalTarget: Equatable, Sendable {
    public enum Period: String, Sendable { case daily, weekly }
    public var period: Period
    public var metric: GoalMetric
    /// nil: every activity counts.
    public var activity: Activity?
    /// In config units (km, minutes, steps, kcal, sessions).
    public var target: Double

    public init(period: Period, metric: GoalMetric, activity: Activity? = nil, target: Double) {
        self.period = period
        self.metric = metric
        self.activity = activity
        self.target = target
    }

    /// The name users wrote: `distance_km`, `distance_km.run`.
    public var name: String { activity.map { metric.rawValue + "." + $0.rawValue } ?? metric.rawValue }

    public func amount(_ totals: DayTotals) -> Double {
        metric.amount(activity.map { totals.byActivity[$0.index] } ?? totals.all)
    }
}

/// Totals of some sessions; counts are Doubles so every metric reads alike.
public struct ActivityTotals: Equatable, Sendable {
    public var sessions = 0.0
    public var distanceMeters = 0.0
    public var movingSeconds = 0.0
    public var steps = 0.0
    public var calories = 0.0
    public var trimp = 0.0
    public init() {}

    public mutating func add(_ s: SessionFacts) {
        sessions += 1
        distanceMeters += s.distanceMeters
        movingSeconds += s.movingSeconds
        steps += s.steps ?? 0
        calories += s.calories ?? 0
        trimp += s.trimp ?? 0
    }

    public mutating func merge(_ o: ActivityTotals) {
        sessions += o.sessions
        distanceMeters += o.distanceMeters
        movingSeconds += o.movingSeconds
        steps += o.steps
        calories += o.calories
        trimp += o.trimp
    }
}

/// One local day's totals, over all activities and per activity.
public struct DayTotals: Equatable, Sendable {
    public var all = ActivityTotals()
    public var byActivity = [ActivityTotals](repeating: ActivityTotals(), count: Activity.allCases.count)
    public init() {}

    public mutating func add(_ s: SessionFacts) {
        all.add(s)
        byActivity[s.activity.index].add(s)
    }

    /// Adds another day's totals (or a span's, or the session being recorded).
    public mutating func merge(_ o: DayTotals) {
        all.merge(o.all)
        for a in byActivity.indices { byActivity[a].merge(o.byActivity[a]) }
    }
}

extension Activity {
    /// Position in `allCases`, for per-activity arrays.
    public var index: Int {
        switch self {
        case .run: 0
        case .walk: 1
        case .ride: 2
        case .strength: 3
        case .other: 4
        }
    }
}
