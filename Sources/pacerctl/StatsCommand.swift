import PacerCore
import PacerSystem

enum StatsCommand {
    static let subcommand = Subcommand(name: "stats", usage: "stats --by week|month|year [--activity A] [--journal DIR] [--json] [--units metric|imperial]",
                                       summary: "totals per week, month or year: sessions, distance, moving time, steps, calories") { argv in
        let args = try CommandArguments(argv, flags: ["json"], options: HistoryOptions.options.union(["by", "activity"]))
        let options = try HistoryOptions(args)
        guard let period = HistoryStatistics.Period(rawValue: args.option("by") ?? "week") else {
            throw UsageError("--by must be week, month or year")
        }
        let history = try options.openHistory()
        let buckets = HistoryStatistics.aggregate(history.index, by: period, activity: try HistoryOptions.activity(args))
        let out = BufferedOutput()
        if args.flag("json") {
            var w = JSONWriter(capacity: 128 * buckets.count + 2)
            w.beginArray()
            for b in buckets {
                w.beginObject()
                w.key("period"); w.value(b.label)
                w.key("sessions"); w.value(b.sessions)
                w.key("distance_m"); w.value(b.distanceMeters, decimals: 2)
                w.key("moving_s"); w.value(b.movingSeconds, decimals: 3)
                w.key("elapsed_s"); w.value(b.elapsedSeconds, decimals: 3)
                w.key("steps"); w.value(b.steps)
                w.key("calories_kcal"); w.value(b.calories, decimals: 1)
                w.endObject()
            }
            w.endArray()
            w.bytes.append(10)
            try w.bytes.withUnsafeBytes { try out.write(bytes: $0) }
        } else {
            let u = options.units
            try out.write("PERIOD    SESSIONS   DIST_\(u.distanceUnit.uppercased())     MOVING     STEPS  CALORIES\n")
            for b in buckets {
                var line = b.label.padRight(10)
                line += UnitSystem.pad(String(b.sessions), 8)
                line += UnitSystem.pad(u.distance(b.distanceMeters), 10)
                line += UnitSystem.pad(UnitSystem.clock(b.movingSeconds), 11)
                line += UnitSystem.pad(b.steps.map(String.init) ?? "-", 10)
                line += UnitSystem.pad(b.calories.map { UnitSystem.fixed($0, 0) } ?? "-", 10) + "\n"
                try out.write(line)
            }
        }
        try out.flush()
        return 0
    }
}
