/// The human output of `pacerctl goals|habits|awards|load`.
public enum MotivationText {
    /// `s` padded with blanks on the right to `width` columns.
    static func left(_ s: String, _ width: Int) -> String {
        s.count >= width ? s + " " : s + String(repeating: " ", count: width - s.count)
    }

    static func bar(_ fraction: Double, width: Int = 20) -> String {
        let n = max(0, min(width, (fraction * Double(width)).roundedInt(.down) ?? 0))
        return "[" + String(repeating: "#", count: n) + String(repeating: ".", count: width - n) + "]"
    }

    /// A goal's amount in display units: distances in km or miles.
    static func amount(_ v: Double, _ metric: GoalMetric, _ units: UnitSystem) -> String {
        switch metric {
        case .distance: UnitSystem.fixed(v * 1000 / units.metresPerUnit, 2) + " " + units.distanceUnit
        case .activeMinutes: UnitSystem.fixed(v, 0) + " min"
        case .steps: UnitSystem.fixed(v, 0) + " steps"
        case .calories: UnitSystem.fixed(v, 0) + " kcal"
        case .sessions: UnitSystem.fixed(v, 0) + " sessions"
        }
    }

    public static func goals(_ r: GoalReport, weekStart: WeekStart, units: UnitSystem) -> String {
        var out = "Goals on " + LocalCalendar.dateString(day: r.day) + " (week from "
            + LocalCalendar.dateString(day: weekStart.firstDay(ofWeekHolding: r.day)) + ")\n"
        if r.daily.isEmpty && r.weekly.isEmpty { return out + "no goals set: add a [goals] section to the config\n" }
        for (period, list) in [("today", r.daily), ("week", r.weekly)] {
            for p in list {
                let name = left((period + " " + p.goal.name), 26)
                out += name + bar(p.done / p.goal.target) + " " + UnitSystem.pad(UnitSystem.fixed(min(999, 100 * p.done / p.goal.target), 0), 3) + "%  "
                    + amount(p.done, p.goal.metric, units) + " of " + amount(p.goal.target, p.goal.metric, units) + (p.met ? "  met" : "") + "\n"
            }
        }
        if !r.daily.isEmpty {
            out += "streak: " + r.streakDays.description + " days with every daily goal met (longest " + r.longestStreakDays.description + ")\n"
        }
        return out
    }

    /// Each habit with a five-week grid ending this week: `#` done, `o` missed, `?` due today,
    /// `.` not scheduled (or done on no day of a weekly habit), blank after today.
    public static func habits(_ reports: [HabitReport], weekStart: WeekStart) -> String {
        if reports.isEmpty { return "no habits: add a [habit NAME] section to the config\n" }
        var out = ""
        let names = weekStart == .monday ? ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"] : ["Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"]
        for r in reports {
            let unit = if case .weekly = r.habit.schedule { " weeks" } else { " days" }
            out += r.habit.name + " (" + r.habit.kind.rawValue + ", " + r.habit.scheduleText + ")"
                + (r.doneToday ? " done today" : "") + "\n"
            out += "  streak " + r.currentStreak.description + unit + ", longest " + r.longestStreak.description + unit
                + ", last done " + (r.lastDone.map(LocalCalendar.dateString(day:)) ?? "never")
                + ", last 30 days " + UnitSystem.fixed(r.completion30DaysPercent, 0) + "%\n"
            out += "  week of     " + names.joined(separator: " ") + "\n"
            let thisWeek = weekStart.firstDay(ofWeekHolding: r.day)
            for w in stride(from: thisWeek - 28, through: thisWeek, by: 7) {
                out += "  " + LocalCalendar.dateString(day: w) + " "
                for d in w..<(w + 7) {
                    let c: String
                    switch r.mark(d) {
                    case .done: c = "#"
                    case .missed: c = "o"
                    case .pending: c = "?"
                    case .unscheduled: c = "."
                    case .future: c = " "
                    }
                    out += " " + c + " "
                }
                out += "\n"
            }
        }
        return out
    }

    public static func awards(_ ledger: AwardLedger) -> String {
        var out = ledger.earned.isEmpty ? "no awards yet\n" : ""
        for a in ledger.earned {
            let date = String(a.earnedAt.rfc3339.prefix(10))
            out += date + "  " + left(a.title, 44) + "session " + a.session.description + "\n"
        }
        if !ledger.next.isEmpty { out += "next:\n" }
        for n in ledger.next {
            let progress: String = UnitSystem.fixed(n.progress, n.target < 10 ? 1 : 0)
            let target: String = UnitSystem.fixed(n.target, n.target == n.target.rounded() ? 0 : 1)
            out += "  " + left(n.title, 44) + bar(n.progress / n.target, width: 10)
            out += " " + progress + " / " + target + "\n"
        }
        return out
    }

    /// CTL (`*`) and ATL (`+`) over the days shown, 10 rows high, then the last day's reading.
    public static func load(_ days: ArraySlice<TrainingLoad.Day>) -> String {
        guard let last = days.last else { return "no sessions\n" }
        let height = 10
        let top = max(1, days.map { max($0.ctl, $0.atl) }.max() ?? 1)
        var rows = [[Character]](repeating: [Character](repeating: " ", count: days.count), count: height)
        for (x, d) in days.enumerated() {
            func y(_ v: Double) -> Int { height - 1 - min(height - 1, max(0, (v / top * Double(height - 1)).roundedInt() ?? 0)) }
            rows[y(d.atl)][x] = "+"
            rows[y(d.ctl)][x] = rows[y(d.ctl)][x] == "+" ? "#" : "*"
        }
        var out = ""
        for (i, row) in rows.enumerated() {
            let label = i == 0 ? UnitSystem.pad(UnitSystem.fixed(top, 0), 5) : i == height - 1 ? "    0" : "     "
            out += label + " |" + String(row) + "\n"
        }
        out += "      " + LocalCalendar.dateString(day: days.first!.day) + String(repeating: " ", count: max(1, days.count - 20)) + LocalCalendar.dateString(day: last.day) + "\n"
        out += "      * fitness (CTL)  + fatigue (ATL)  # both\n"
        let reading = TrainingLoad.Reading(tsb: last.tsb)
        out += LocalCalendar.dateString(day: last.day) + ": fitness " + UnitSystem.fixed(last.ctl, 1) + ", fatigue " + UnitSystem.fixed(last.atl, 1)
            + ", form " + UnitSystem.fixed(last.tsb, 1) + ": " + reading.rawValue + " (form below -30 fatigued, -30 to -10 productive, -10 to 25 fresh, above 25 detraining)\n"
        return out
    }
}
