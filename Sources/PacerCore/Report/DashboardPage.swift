/// `index.html`: the history at a glance — totals per week, month and year with the goal as a
/// rule, the goal calendar, training load, records, awards, habits, strength progress and the
/// latest sessions. Pure: a `ReportModel` in, the page's bytes out.
public struct DashboardPage {
    public let model: ReportModel
    public let preferences: DisplayPreferences
    var units: UnitSystem { preferences.units }
    var format: MeasurementFormatter { MeasurementFormatter(preferences) }

    public static let recentSessions = 20

    public init(model: ReportModel, preferences: DisplayPreferences) {
        self.model = model
        self.preferences = preferences
    }

    /// One row per metric the period charts show: its name, unit, decimals and how to read a bucket.
    struct Metric {
        var id: String, title: String, unit: String, decimals: Int
        var goal: GoalMetric
        var value: (HistoryStatistics.Bucket) -> Double?
    }

    var metrics: [Metric] {
        let u = units
        return [
            Metric(id: "distance", title: "Distance", unit: u.distanceUnit, decimals: 2, goal: .distance) { $0.distanceMeters / u.metresPerUnit },
            Metric(id: "calories", title: "Calories", unit: "kcal", decimals: 1, goal: .calories) { $0.calories },
            Metric(id: "steps", title: "Steps", unit: "steps", decimals: 0, goal: .steps) { $0.steps.map(Double.init) },
        ]
    }

    public func html() -> [UInt8] {
        var h = XMLText(capacity: 256 * 1024)
        ReportHTML.begin(title: "Pacer — training report", heading: "Training report", dashboard: true, into: &h)
        ReportHTML.note("Made for " + LocalCalendar.dateString(day: model.today) + " from \(model.sessions.count) sessions.", into: &h)
        for m in metrics { periodCharts(m, into: &h) }
        goalCalendar(into: &h)
        loadChart(into: &h)
        recordsAndAwards(into: &h)
        habitGrid(into: &h)
        strengthCharts(into: &h)
        recent(into: &h)
        ReportHTML.end(footer: "pacerctl report · self-contained: no script, no network", into: &h)
        return h.bytes
    }

    /// The metric per week (with the weekly goal for all activities as a rule), month and year.
    func periodCharts(_ m: Metric, into h: inout XMLText) {
        ReportHTML.section(m.title, id: m.id, into: &h)
        h.raw("<div class=\"charts\">")
        let weekly = model.settings.weeklyGoals.first { $0.metric == m.goal && $0.activity == nil }
        let goal = weekly.map { m.goal == .distance ? $0.target * 1000 / units.metresPerUnit : $0.target }
        for (period, slots, name) in [("week", model.weeks, "week"), ("month", model.months, "month"), ("year", model.years, "year")] {
            let bars = slots.map { s in
                SVGChart.BarSlot(period: s.label, axisLabel: DashboardPage.axisLabel(s.label), value: s.bucket.flatMap(m.value))
            }
            let goalText = period == "week" ? goal.map { " · goal " + UnitSystem.fixed($0, m.decimals == 0 ? 0 : 1) } ?? "" : ""
            SVGChart.bars(id: m.id + "-" + period, title: m.title + " per " + name + " (" + m.unit + ")" + goalText, unit: m.unit, slots: bars,
                          decimals: m.decimals, goal: period == "week" ? goal : nil, into: &h)
        }
        h.raw("</div></section>\n")
    }

    /// `2026-W14` -> `W14`, `2026-03` -> `Mar`, a year stays.
    static func axisLabel(_ period: String) -> String {
        if let w = period.split(separator: "-").last, w.hasPrefix("W") { return String(w) }
        let parts = period.split(separator: "-")
        if parts.count == 2, let m = Int(parts[1]), (1...12).contains(m) { return months[m - 1] }
        return period
    }

    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    /// Five weeks of days, each with one ring per daily goal (closed when met) or a dot on a
    /// day with sessions when no daily goal is set.
    func goalCalendar(into h: inout XMLText) {
        ReportHTML.section("Goals", id: "goals", into: &h)
        let g = model.goals
        let today = (g.daily + g.weekly).map { "\($0.goal.period.rawValue) \($0.goal.name): " + UnitSystem.fixed($0.done, 1) + " of " + UnitSystem.fixed($0.goal.target, 1) }
        ReportHTML.note(today.isEmpty ? "No [goals] set in pacer.conf: the calendar marks days with sessions."
                        : today.joined(separator: " · ") + " · streak \(g.streakDays) days (longest \(g.longestStreakDays))", into: &h)
        let cell = 44.0
        h.raw("<figure class=\"chart cal\" id=\"goal-calendar\"><svg viewBox=\"0 0 308 236\" role=\"img\" aria-labelledby=\"goal-calendar-title\""
              + " xmlns=\"http://www.w3.org/2000/svg\"><title id=\"goal-calendar-title\">Daily goals, last five weeks</title>")
        let shift = model.settings.weekStart == .monday ? 0 : 6
        for c in 0..<7 {
            h.raw("<text class=\"date\" x=\"" + SVGChart.f(Double(c) * cell + cell / 2) + "\" y=\"10\">"
                  + DashboardPage.weekdays[(c + shift) % 7] + "</text>")
        }
        var rows: [[String]] = []
        for (k, day) in model.calendarDays.enumerated() {
            let cx = Double(k % 7) * cell + cell / 2, cy = 16 + Double(k / 7) * cell + cell / 2
            let date = LocalCalendar.dateString(day: day.day)
            h.raw("<g class=\"day" + (day.day == model.today ? " today" : "") + "\" data-date=\"" + date + "\">")
            if day.goals.isEmpty {
                if day.sessions > 0, day.day <= model.today { h.raw("<circle class=\"dot\" cx=\"" + SVGChart.f(cx) + "\" cy=\"" + SVGChart.f(cy) + "\" r=\"7\"/>") }
            } else {
                for (n, p) in day.goals.prefix(4).enumerated() {
                    let r = 18 - Double(n) * 4.5
                    let length = 2 * Double.pi * r, done = min(1, p.goal.target > 0 ? p.done / p.goal.target : 1)
                    let circle = "cx=\"" + SVGChart.f(cx) + "\" cy=\"" + SVGChart.f(cy) + "\" r=\"" + SVGChart.f(r) + "\" stroke-width=\"3.5\""
                    h.raw("<circle class=\"ring-bg\" " + circle + "/>")
                    if done > 0 {
                        h.raw("<circle class=\"ring " + (p.met ? "met" : "part") + "\" data-goal=\"" + p.goal.name + "\" data-value=\""
                              + UnitSystem.fixed(p.done, 2) + "\" " + circle + " stroke-dasharray=\"" + SVGChart.f(done * length) + " "
                              + SVGChart.f(length) + "\" transform=\"rotate(-90 " + SVGChart.f(cx) + " " + SVGChart.f(cy) + ")\"/>")
                    }
                    rows.append([date, p.goal.name, UnitSystem.fixed(p.done, 2), UnitSystem.fixed(p.goal.target, 2), p.met ? "met" : ""])
                }
            }
            h.raw("<text class=\"date\" x=\"" + SVGChart.f(cx) + "\" y=\"" + SVGChart.f(cy + 3) + "\">"
                  + String(UTCTime.civil(fromDays: day.day).2) + "</text></g>")
            if day.goals.isEmpty, day.sessions > 0, day.day <= model.today { rows.append([date, "sessions", String(day.sessions), "", ""]) }
        }
        h.raw("</svg>")
        SVGChart.table(head: ["Date", "Goal", "Done", "Target", "Met"], rows: rows, into: &h)
        h.raw("</figure></section>\n")
    }

    func loadChart(into h: inout XMLText) {
        ReportHTML.section("Training load", id: "load", into: &h)
        guard let last = model.load.last else {
            ReportHTML.note("No sessions with heart rate yet.", into: &h)
            return h.raw("</section>\n")
        }
        ReportHTML.note("Today: fitness (CTL) " + UnitSystem.fixed(last.ctl, 1) + ", fatigue (ATL) " + UnitSystem.fixed(last.atl, 1)
                        + ", form (TSB) " + UnitSystem.fixed(last.tsb, 1) + ": " + TrainingLoad.Reading(tsb: last.tsb).rawValue + ".", into: &h)
        let days = model.load
        SVGChart.lines(id: "load-chart", title: "Training load, last \(days.count) days", xTitle: "Date", xs: days.map { Double($0.day) },
                       series: [SVGChart.Series(name: "CTL", cssClass: "ctl", values: days.map(\.ctl)),
                                SVGChart.Series(name: "ATL", cssClass: "atl", values: days.map(\.atl)),
                                SVGChart.Series(name: "TSB", cssClass: "tsb", values: days.map(\.tsb))],
                       decimals: 1, xFormat: .date, zeroBased: true, into: &h)
        h.raw("</section>\n")
    }

    func recordsAndAwards(into h: inout XMLText) {
        ReportHTML.section("Personal records", id: "records", into: &h)
        let u = units
        let rows = model.records.map { a, r in
            [a.rawValue, r.name, UnitSystem.clock(r.seconds), r.distanceMeters.map { u.distance($0) + " " + u.distanceUnit } ?? "",
             r.distanceMeters.map { u.pace(metres: $0, seconds: r.seconds) + "/" + u.distanceUnit } ?? "", "\(r.sessionID)",
             r.start.map { LocalCalendar.dateString(day: model.calendar.day($0)) } ?? ""]
        }
        if rows.isEmpty { ReportHTML.note("No records yet.", into: &h) } else {
            ReportHTML.table(["Activity", "Record", "Time", "Distance", "Pace", "Session", "Date"], rows, cssClass: "records", into: &h)
        }
        h.raw("</section>\n")
        ReportHTML.section("Awards", id: "awards", into: &h)
        let earned = model.awards.earned.reversed().map { a in
            [a.title, a.family, LocalCalendar.dateString(day: model.calendar.day(a.earnedAt)), "\(a.session)"]
        }
        if earned.isEmpty { ReportHTML.note("No awards yet.", into: &h) } else {
            ReportHTML.table(["Award", "Kind", "Earned", "Session"], earned, cssClass: "awards", into: &h)
        }
        let next = model.awards.next.map { n in [n.title, n.family, UnitSystem.fixed(n.progress, 1) + " of " + UnitSystem.fixed(n.target, 1)] }
        if !next.isEmpty { ReportHTML.table(["Next award", "Kind", "Progress"], next, cssClass: "next-awards", into: &h) }
        h.raw("</section>\n")
    }

    /// Each habit: its last five weeks as a row of day marks, and its streaks.
    func habitGrid(into h: inout XMLText) {
        guard !model.habits.isEmpty else { return }
        ReportHTML.section("Habits", id: "habits", into: &h)
        let first = model.calendarDays.first?.day ?? model.today
        let days = model.calendarDays.count
        let rowHeight = 22.0, label = 110.0, cell = (SVGChart.lineWidth - label) / Double(days)
        let height = rowHeight * Double(model.habits.count) + 6
        h.raw("<figure class=\"chart\" id=\"habit-grid\"><svg viewBox=\"0 0 640 " + SVGChart.f(height) + "\" role=\"img\" aria-labelledby=\"habit-grid-title\""
              + " xmlns=\"http://www.w3.org/2000/svg\"><title id=\"habit-grid-title\">Habits, last five weeks</title>")
        var rows: [[String]] = []
        for (n, report) in model.habits.enumerated() {
            let y = 4 + Double(n) * rowHeight
            h.raw("<text x=\"0\" y=\"" + SVGChart.f(y + 13) + "\">"); h.escaped(report.habit.name); h.raw("</text>")
            for k in 0..<days {
                let mark = report.mark(first + k)
                h.raw("<rect class=\"" + DashboardPage.markName(mark) + "\" data-date=\"" + LocalCalendar.dateString(day: first + k)
                      + "\" x=\"" + SVGChart.f(label + Double(k) * cell + 1) + "\" y=\"" + SVGChart.f(y + 2) + "\" width=\""
                      + SVGChart.f(cell - 2) + "\" height=\"16\" rx=\"3\"/>")
            }
            rows.append([report.habit.name, report.habit.scheduleText, "\(report.currentStreak)", "\(report.longestStreak)",
                         UnitSystem.fixed(report.completion30DaysPercent, 0) + " %",
                         (first..<(first + days)).filter { report.mark($0) == .done }.map { LocalCalendar.dateString(day: $0) }.joined(separator: " ")])
        }
        h.raw("</svg>")
        SVGChart.table(head: ["Habit", "Schedule", "Streak", "Longest", "Last 30 days", "Done"], rows: rows, into: &h)
        h.raw("</figure></section>\n")
    }

    static func markName(_ m: HabitReport.DayMark) -> String {
        switch m {
        case .done: "done"
        case .missed: "missed"
        case .unscheduled: "unscheduled"
        case .pending: "pending"
        case .future: "future"
        }
    }

    /// Per exercise: top weight and estimated 1RM per session over time.
    func strengthCharts(into h: inout XMLText) {
        guard !model.strength.isEmpty else { return }
        ReportHTML.section("Strength", id: "strength", into: &h)
        h.raw("<div class=\"charts\">")
        let pound = preferences.units == .imperial
        let scale = pound ? 1 / StrengthSetEntry.kilogramsPerPound : 1
        let unit = pound ? "lb" : "kg"
        for (k, p) in model.strength.enumerated() {
            let xs = p.sessions.map { Double($0.day) }
            let (dx, dv) = SVGChart.downsample(xs: xs, values: [p.sessions.map { $0.topWeight * scale }, p.sessions.map { $0.estimatedOneRepMax * scale }], to: 120)
            SVGChart.lines(id: "strength-\(k)", title: p.name + " (" + unit + ")", xTitle: "Date", xs: dx,
                           series: [SVGChart.Series(name: "top weight", cssClass: "top", values: dv[0]),
                                    SVGChart.Series(name: "e1RM", cssClass: "e1rm", values: dv[1])],
                           decimals: 1, xFormat: .date, into: &h)
        }
        h.raw("</div></section>\n")
    }

    func recent(into h: inout XMLText) {
        ReportHTML.section("Latest sessions", id: "sessions", into: &h)
        SessionListPage.table(model.sessions.prefix(DashboardPage.recentSessions), calendar: model.calendar, preferences: preferences, into: &h)
        h.raw("<p><a href=\"" + SessionListPage.fileName + "\">All \(model.sessions.count) sessions</a></p></section>\n")
    }
}
