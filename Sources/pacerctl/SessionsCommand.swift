import PacerCore
import PacerSystem

enum SessionsCommand {
    static let subcommand = Subcommand(name: "sessions", usage: "sessions [--journal DIR] [--json] [--activity A] [--units metric|imperial]",
                                       summary: "list recorded sessions (JSON: the replay summaries, with ids)") { argv in
        let (args, options) = try HistoryOptions.parse(argv, flags: ["json"], options: ["activity"])
        let activity = try HistoryOptions.activity(args)
        let history = try options.openHistory(summaries: args.flag("json"))
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
                try w.withBytes { try out.write(bytes: $0) }
            }
            try out.write("]\n")
        } else {
            let u = options.units
            try out.write("ID      START                     ACTIVITY  DIST_\(u.distanceUnit.uppercased())    MOVING   ELAPSED  PACE/\(u.distanceUnit)\n")
            var line = TextColumns(capacity: 128)
            for i in 0..<index.count {
                if let activity, index.activity(i) != activity { continue }
                let r = index.row(i)
                line.reset()
                if let id = Int64(exactly: r.id) { line.int(id, width: 6) } else { line.text(String(r.id), width: 6) }
                line.text("", width: 2)
                line.time(r.start); line.space()
                line.text(r.interrupted ? r.activity.rawValue + "*" : r.activity.rawValue, width: 7)
                line.fixed(r.distance / u.metresPerUnit, decimals: 2, width: 9)
                line.clock(r.moving, width: 10)
                line.clock(r.elapsed, width: 10)
                if r.distance > 0, r.moving > 0 { line.clock(r.moving / (r.distance / u.metresPerUnit), width: 9) } else { line.dash(9) }
                line.newline()
                try line.bytes.withUnsafeBytes { try out.write(bytes: $0) }
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
