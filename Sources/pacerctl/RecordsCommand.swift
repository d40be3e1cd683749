import PacerCore
import PacerSystem

enum RecordsCommand {
    static let subcommand = Subcommand(name: "records", usage: "records [--activity A] [--journal DIR] [--json] [--units metric|imperial]",
                                       summary: "personal records: fastest 1 km to marathon inside any session, longest session") { argv in
        let (args, options) = try HistoryOptions.parse(argv, flags: ["json"], options: ["activity"])
        let history = try options.openHistory(summaries: false)
        // A ride's fastest kilometre is no running record: without --activity, each activity apart.
        let activities = try HistoryOptions.activity(args).map { [$0] } ?? Activity.allCases
        var all: [(Activity, PersonalRecords.Record)] = []
        for activity in activities {
            let records = PersonalRecords(history.index, activity: activity)
            for r in records.fastest + [records.longestDistance, records.longestDuration].compactMap({ $0 }) { all.append((activity, r)) }
        }
        if args.flag("json") {
            try CommandOutput.write(array: all) { w, record in
                let (activity, r) = record
                w.key("activity"); w.value(activity.rawValue)
                w.key("record"); w.value(r.name)
                w.key("distance_m"); w.value(r.distanceMeters, decimals: 2)
                w.key("time_s"); w.value(r.seconds, decimals: 1)
                w.key("session"); w.value(String(r.sessionID))
                w.key("start"); w.value(r.start)
            }
        } else {
            let out = BufferedOutput()
            let u = options.units
            for (activity, r) in all {
                var line = activity.rawValue.padRight(5) + r.name.padRight(18) + UnitSystem.pad(UnitSystem.clock(r.seconds), 9)
                if let d = r.distanceMeters { line += "  " + UnitSystem.pad(u.distance(d), 7) + " " + u.distanceUnit + "  " + u.pace(metres: d, seconds: r.seconds) + "/" + u.distanceUnit }
                line += "  session \(r.sessionID)  \(r.start?.rfc3339 ?? "-")\n"
                try out.write(line)
            }
            if all.isEmpty { try out.write("no sessions\n") }
            try out.flush()
        }
        return 0
    }
}
