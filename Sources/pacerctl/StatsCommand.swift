import PacerCore
import PacerSystem

enum StatsCommand {
    static let subcommand = Subcommand(name: "stats", usage: "stats --by week|month|year [--activity A] [--journal DIR] [--json] [--units metric|imperial]",
                                       summary: "totals per week, month or year: sessions, distance, moving time, steps, calories") { argv in
        let (args, options) = try HistoryOptions.parse(argv, flags: ["json"], options: ["by", "activity"])
        guard let period = HistoryStatistics.Period(rawValue: args.option("by") ?? "week") else {
            throw UsageError("--by must be week, month or year")
        }
        let history = try options.openHistory(summaries: false)
        let buckets = HistoryStatistics.aggregate(history.index, by: period, activity: try HistoryOptions.activity(args))
        if args.flag("json") {
            try CommandOutput.write(array: buckets, capacity: 128 * buckets.count + 2) { w, b in
                w.key("period"); w.value(b.label)
                w.key("sessions"); w.value(b.sessions)
                w.key("distance_m"); w.value(b.distanceMeters, decimals: 2)
                w.key("moving_s"); w.value(b.movingSeconds, decimals: 3)
                w.key("elapsed_s"); w.value(b.elapsedSeconds, decimals: 3)
                w.key("steps"); w.value(b.steps)
                w.key("calories_kcal"); w.value(b.calories, decimals: 1)
            }
        } else {
            let out = BufferedOutput()
            let u = options.units
            try out.write("PERIOD    SESSIONS   DIST_\(u.distanceUnit.uppercased())     MOVING     STEPS  CALORIES\n")
            var line = TextColumns(capacity: 128)
            for b in buckets {
                line.reset()
                line.text(b.label, width: 10)
                line.int(Int64(b.sessions), width: 8)
                line.fixed(b.distanceMeters / u.metresPerUnit, decimals: 2, width: 10)
                line.clock(b.movingSeconds, width: 11)
                if let steps = b.steps { line.int(Int64(steps), width: 10) } else { line.dash(10) }
                if let c = b.calories { line.fixed(c, decimals: 0, width: 10) } else { line.dash(10) }
                line.newline()
                try line.bytes.withUnsafeBytes { try out.write(bytes: $0) }
            }
            try out.flush()
        }
        return 0
    }
}
