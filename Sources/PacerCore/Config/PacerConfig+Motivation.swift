/// The motivation sections of the config file:
///
/// ```
/// [goals]
/// week_starts = monday        ; or sunday
/// daily_distance_km = 5       ; daily_ or weekly_ + distance_km | active_min | steps |
/// weekly_sessions = 4         ;   calories_kcal | sessions, optionally .run / .walk / .ride
/// [habit morning-run]
/// activity = run              ; any | run | walk | ride | strength
/// days = mon,wed,fri          ; or daily, or weekly:3 (3 days a week, any days)
/// min_distance_km = 3         ; or min_minutes = 20
/// remind_at = 07:30
/// [load]
/// ctl_days = 42               ; fitness time constant
/// atl_days = 7                ; fatigue time constant
/// ```
extension PacerConfig {
    /// Opens a `[habit NAME]` section; returns its section key, or nil for other sections.
    mutating func beginHabitSection(_ header: Substring, file: String, line: Int) throws -> String? {
        guard header.hasPrefix("habit ") || header == "habit" else { return nil }
        let name = String(PacerConfig.trim(header.dropFirst(5)))
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            throw ConfigError(file: file, line: line, key: nil, message: "a habit needs a name of letters, digits, - or _: [habit morning-run]")
        }
        guard !motivation.habits.contains(where: { $0.name == name }) else {
            throw ConfigError(file: file, line: line, key: nil, message: "habit '\(name)' is defined twice")
        }
        motivation.habits.append(HabitSettings(name: name))
        return "habit " + name
    }

    mutating func applyMotivationKey(section: String, key: String, parser p: ConfigValueParser) throws {
        switch (section, key) {
        case ("goals", "week_starts"): motivation.weekStart = try p.choice(WeekStart.self)
        case ("load", "ctl_days"): motivation.ctlDays = try p.number(in: 1...365)
        case ("load", "atl_days"): motivation.atlDays = try p.number(in: 1...365)
        case ("goals", _):
            guard let goal = try PacerConfig.goal(key: key, parser: p) else { throw ConfigValueProblem("unknown key") }
            motivation.goals.append(goal)
        default: throw ConfigValueProblem("unknown key")
        }
    }

    /// `daily_distance_km`, `weekly_sessions.run`...; nil when the key names no goal.
    static func goal(key: String, parser p: ConfigValueParser) throws -> GoalTarget? {
        let parts = key.split(separator: ".", maxSplits: 1)
        var activity: Activity?
        if parts.count == 2 {
            guard let a = Activity(rawValue: String(parts[1])) else { return nil }
            activity = a
        }
        let base = parts.first.map(String.init) ?? ""
        for period in [GoalTarget.Period.daily, .weekly] where base.hasPrefix(period.rawValue + "_") {
            guard let metric = GoalMetric(rawValue: String(base.dropFirst(period.rawValue.count + 1))) else { return nil }
            guard let target = Double(p.value), target.isFinite else { throw ConfigValueProblem("'\(p.value)' is not a number") }
            guard target > 0, target <= 1_000_000 else { throw ConfigValueProblem("a goal must be above 0 (and at most 1000000), not \(p.value)") }
            return GoalTarget(period: period, metric: metric, activity: activity, target: target)
        }
        return nil
    }

    mutating func applyHabitKey(key: String, parser p: ConfigValueParser) throws {
        var habit = motivation.habits.removeLast()
        defer { motivation.habits.append(habit) }
        switch key {
        case "activity": habit.kind = try p.choice(HabitSettings.Kind.self)
        case "days": habit.schedule = try PacerConfig.habitSchedule(p.value)
        case "min_distance_km": habit.minimumDistanceMeters = try p.number(in: 0...10_000) * 1000
        case "min_minutes": habit.minimumMovingSeconds = try p.number(in: 0...10_000) * 60
        case "remind_at": habit.remindAt = try PacerConfig.timeOfDay(p.value)
        default: throw ConfigValueProblem("unknown key")
        }
    }

    static func habitSchedule(_ value: String) throws -> HabitSettings.Schedule {
        let v = value.lowercased()
        if v == "daily" { return .days(Set(0..<7)) }
        if v.hasPrefix("weekly:") {
            guard let n = Int(v.dropFirst(7)), (1...7).contains(n) else {
                throw ConfigValueProblem("'\(value)': weekly:N needs N in 1...7")
            }
            return .weekly(n)
        }
        var days = Set<Int>()
        for part in v.split(separator: ",", omittingEmptySubsequences: false) {
            let name = String(trim(part))
            guard let d = HabitSettings.dayNames.firstIndex(of: String(name.prefix(3))), name.count == 3 || name == HabitSettings.fullDayNames[d] else {
                throw ConfigValueProblem("unknown day '\(name)' (mon,tue,wed,thu,fri,sat,sun, daily or weekly:N)")
            }
            days.insert(d)
        }
        return .days(days)
    }

    /// `HH:MM`, 00:00...23:59, as minutes after midnight.
    static func timeOfDay(_ value: String) throws -> Int {
        let parts = value.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              let h = Int(parts[0]), let m = Int(parts[1]), (0...23).contains(h), (0...59).contains(m),
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else {
            throw ConfigValueProblem("'\(value)' is not a time of day HH:MM (00:00...23:59)")
        }
        return h * 60 + m
    }
}

extension HabitSettings {
    static let fullDayNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
}

extension WeekStart: CaseIterableNames {
    static var allNames: [String] { allCases.map(\.rawValue) }
}

extension HabitSettings.Kind: CaseIterableNames {
    static var allNames: [String] { allCases.map(\.rawValue) }
}
