import PacerCore
import PacerSystem

enum SessionsCommand {
    static let subcommand = Subcommand(name: "sessions", usage: "sessions [--journal DIR] [--json] [--activity A] [--units metric|imperial]",
                                       summary: "list recorded sessions (JSON: the replay summaries, with ids)") { argv in
        let args = try CommandArguments(argv, flags: ["json"], options: HistoryOptions.options.union(["activity"]))
        let options = try HistoryOptions(args)
        let activity = try HistoryOptions.activity(args)
        let history = try options.openHistory()
        let index = history.index
        let out = BufferedOutput()
        if args.flag("json") {
            var w = JSONWriter(capacity: 1 << 16)
            try out.write("[")
            var first = true
            for i in 0..<index.count {
                if let activity, index.activity(i) != activity { continue }
                guard let s = index.summary(i) else { continue }
                w.reset()
                s.writeJSON(into: &w)
                if !first { try out.write(",\n") }
                first = false
                try w.bytes.withUnsafeBytes { try out.write(bytes: $0) }
            }
            try out.write("]\n")
        } else {
            let u = options.units
            try out.write("ID      START                     ACTIVITY  DIST_\(u.distanceUnit.uppercased())    MOVING   ELAPSED  PACE/\(u.distanceUnit)\n")
            for i in 0..<index.count {
                if let activity, index.activity(i) != activity { continue }
                let r = index.row(i)
                var line = UnitSystem.pad(String(r.id), 6).padRight(8)
                line += (r.start.map { UTCTime(millisecondsSinceEpoch: $0).rfc3339 } ?? "-").padRight(26)
                line += (r.activity.rawValue + (r.interrupted ? "*" : "")).padRight(8)
                line += UnitSystem.pad(u.distance(r.distance), 9)
                line += UnitSystem.pad(UnitSystem.clock(r.moving), 10)
                line += UnitSystem.pad(UnitSystem.clock(r.elapsed), 10)
                line += UnitSystem.pad(u.pace(metres: r.distance, seconds: r.moving), 9) + "\n"
                try out.write(line)
            }
        }
        try out.flush()
        return 0
    }
}

extension String {
    /// Left-aligns in `width` columns (at least one space after).
    func padRight(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
