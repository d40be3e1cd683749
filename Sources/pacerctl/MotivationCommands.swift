import PacerCore
import PacerSystem

/// `goals`, `habits`, `awards`, `load`: the motivation reports over the journal.
enum MotivationCommands {
    static let goals = Subcommand(name: "goals", usage: "goals [--date YYYY-MM-DD] " + MotivationOptions.usage,
                                  summary: "today's and this week's progress towards the [goals], and the goal streak") { argv in
        let args = try CommandArguments(argv, flags: MotivationOptions.flags, options: MotivationOptions.options.union(["date"]))
        let o = try MotivationOptions(args)
        let report = GoalReport(history: o.history, settings: o.settings, day: try MotivationOptions.day(args.option("date"), name: "--date") ?? o.today)
        if o.json {
            var w = JSONWriter()
            MotivationJSON.goals(report, weekStart: o.settings.weekStart, into: &w)
            try o.write(w)
        } else {
            try o.write(MotivationText.goals(report, weekStart: o.settings.weekStart, units: o.units))
        }
        return 0
    }

    static let habits = Subcommand(name: "habits", usage: "habits " + MotivationOptions.usage,
                                   summary: "each [habit NAME] with its streak and a five-week calendar") { argv in
        let o = try MotivationOptions(try CommandArguments(argv, flags: MotivationOptions.flags, options: MotivationOptions.options))
        let reports = o.settings.habits.map { HabitReport(habit: $0, history: o.history, weekStart: o.settings.weekStart, day: o.today) }
        if o.json {
            var w = JSONWriter()
            MotivationJSON.habits(reports, into: &w)
            try o.write(w)
        } else {
            try o.write(MotivationText.habits(reports, weekStart: o.settings.weekStart))
        }
        return 0
    }

    static let awards = Subcommand(name: "awards", usage: "awards " + MotivationOptions.usage,
                                   summary: "awards earned (milestones, streaks, records) and the next of each kind") { argv in
        let o = try MotivationOptions(try CommandArguments(argv, flags: MotivationOptions.flags, options: MotivationOptions.options))
        let ledger = AwardLedger(history: o.history, settings: o.settings, through: o.today)
        if o.json {
            var w = JSONWriter()
            MotivationJSON.awards(ledger, into: &w)
            try o.write(w)
        } else {
            try o.write(MotivationText.awards(ledger))
        }
        return 0
    }

    static let load = Subcommand(name: "load", usage: "load [--days N] " + MotivationOptions.usage,
                                 summary: "training load: daily TRIMP, fitness (CTL), fatigue (ATL), form (TSB)") { argv in
        let args = try CommandArguments(argv, flags: MotivationOptions.flags, options: MotivationOptions.options.union(["days"]))
        let o = try MotivationOptions(args)
        let rows = TrainingLoad.days(o.history, settings: o.settings, through: o.today)
        var days = rows.count
        if let n = args.option("days") {
            guard let v = Int(n), v > 0 else { throw UsageError("--days must be a positive number of days, not '\(n)'") }
            days = min(v, rows.count)
        } else if !o.json {
            days = min(56, rows.count)   // eight weeks fit a terminal
        }
        if o.json {
            var w = JSONWriter(capacity: 80 * days + 2)
            MotivationJSON.load(rows.suffix(days), into: &w)
            try o.write(w)
        } else {
            try o.write(MotivationText.load(rows.suffix(days)))
        }
        return 0
    }
}
