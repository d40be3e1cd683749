import PacerCore
import PacerSystem

/// `goals`, `habits`, `awards`, `load`: the motivation reports over the journal.
enum MotivationCommands {
    static let goals = Subcommand(name: "goals", usage: "goals [--date YYYY-MM-DD] " + JournalReportOptions.usage,
                                  summary: "today's and this week's progress towards the [goals], and the goal streak") { argv in
        let (args, o) = try MotivationOptions.parse(argv, options: ["date"])
        let date = args.option("date")
        _ = try JournalReportOptions.day(date, name: "--date")
        return try o.print(.goals(date: date))
    }

    static let habits = Subcommand(name: "habits", usage: "habits " + JournalReportOptions.usage,
                                   summary: "each [habit NAME] with its streak and a five-week calendar") { argv in
        try MotivationOptions.parse(argv).options.print(.habits)
    }

    static let awards = Subcommand(name: "awards", usage: "awards " + JournalReportOptions.usage,
                                   summary: "awards earned (milestones, streaks, records) and the next of each kind") { argv in
        try MotivationOptions.parse(argv).options.print(.awards)
    }

    static let load = Subcommand(name: "load", usage: "load [--days N] " + JournalReportOptions.usage,
                                 summary: "training load: daily TRIMP, fitness (CTL), fatigue (ATL), form (TSB)") { argv in
        let (args, o) = try MotivationOptions.parse(argv, options: ["days"])
        var days: Int?
        if let n = args.option("days") {
            guard let v = Int(n), v > 0 else { throw UsageError("--days must be a positive number of days, not '\(n)'") }
            days = v
        } else if !o.common.json {
            days = 56   // eight weeks fit a terminal
        }
        return try o.print(.load(days: days))
    }
}
