/// How rested each muscle group is (`StrengthRules.recoveryPercent`, time constant 48 h), how
/// many of the last 7 days trained it, and a warning when it gets no rest: trained on more than
/// 3 of the last 7 days, or on two consecutive days ending today or yesterday.
public struct MuscleRecovery: Equatable, Sendable {
    public var muscle: MuscleGroup
    /// Days among today and the 6 before with a set of this group.
    public var trainingDays: Int
    public var recoveryPercent: Double
    public var lastDay: Int?
    public var warning: Warning?

    public enum Warning: String, Sendable {
        case tooManyDays = "too_many_days"
        case consecutiveDays = "consecutive_days"
    }

    /// Days of history that set a group's reference (largest one-day) volume.
    public static let referenceDays = 28

    /// Every group, in catalogue order; `now` in ms, `today` its local day.
    public static func report(_ log: StrengthLog, calendar: LocalCalendar, now: Int64, today: Int) -> [MuscleRecovery] {
        let groups = MuscleGroup.allCases.count
        var fatigue = [Double](repeating: 0, count: groups + 1)
        var days = [[Int: Double]](repeating: [:], count: groups + 1)   // day -> volume, last 28 days
        var lastDay = [Int?](repeating: nil, count: groups + 1)
        let horizon = now - Int64(referenceDays + 1) * 86_400_000
        for r in log.rows.reversed() {
            guard r.time >= horizon else { break }
            guard r.muscle != 0, r.time <= now else { continue }
            let g = Int(r.muscle)
            let volume = r.weight * Double(r.reps)
            fatigue[g] += StrengthRules.residualFatigue(volume: volume, ageSeconds: Double(now - r.time) / 1000)
            let day = calendar.day(milliseconds: r.time)
            guard day > today - referenceDays else { continue }
            days[g][day, default: 0] += volume
            lastDay[g] = max(lastDay[g] ?? day, day)
        }
        return MuscleGroup.allCases.map { m in
            let g = Int(m.code)
            let trained = Set(days[g].keys)
            let week = trained.filter { $0 > today - 7 && $0 <= today }.count
            let reference = days[g].values.max() ?? 0
            var warning: Warning?
            if week > 3 { warning = .tooManyDays } else if let d = lastDay[g], d >= today - 1, trained.contains(d - 1) { warning = .consecutiveDays }
            return MuscleRecovery(muscle: m, trainingDays: week,
                                  recoveryPercent: StrengthRules.recoveryPercent(fatigue: fatigue[g], referenceVolume: reference),
                                  lastDay: lastDay[g], warning: warning)
        }
    }
}
