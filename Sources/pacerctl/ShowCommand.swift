import PacerCore
import PacerSystem

enum ShowCommand {
    static let subcommand = Subcommand(name: "show", usage: "show ID [--journal DIR] [--json] [--units metric|imperial]",
                                       summary: "print one session's summary, laps and splits") { argv in
        let args = try CommandArguments(argv, flags: ["json"], options: HistoryOptions.options)
        let options = try HistoryOptions(args)
        let id = try HistoryOptions.sessionID(args)
        let history = try options.openHistory()
        guard let row = history.row(id: id), let s = history.index.summary(row) else {
            printError("pacerctl show: no session \(id) in \(options.journal)")
            return 1
        }
        let out = BufferedOutput()
        if args.flag("json") {
            try out.write(s.json + "\n")
        } else {
            let u = options.units
            try out.write("session \(id)  \(s.activity.rawValue)\(s.interrupted ? "  (interrupted)" : "")\n")
            try out.write("start      \(s.start?.rfc3339 ?? "-")\nend        \(s.end?.rfc3339 ?? "-")\n")
            try out.write("distance   \(u.distance(s.distanceMeters)) \(u.distanceUnit)\n")
            try out.write("moving     \(UnitSystem.clock(s.movingSeconds))   elapsed \(UnitSystem.clock(s.elapsedSeconds))\n")
            try out.write("pace       \(u.pace(metres: s.distanceMeters, seconds: s.movingSeconds)) /\(u.distanceUnit)\n")
            if let hr = s.heartRateAverage { try out.write("heart rate avg \(UnitSystem.fixed(hr, 0)) max \(s.heartRateMax.map(String.init) ?? "-")\n") }
            if let z = s.heartRateZoneSeconds { try out.write("zones      " + z.map { UnitSystem.clock($0) }.joined(separator: " ") + "\n") }
            if let g = s.elevationGain {
                let gain = u == .metric ? UnitSystem.fixed(g, 0) + " m" : UnitSystem.fixed(g / 0.3048, 0) + " ft"
                try out.write("climb      \(gain)\n")
            }
            if let v = s.steps { try out.write("steps      \(v)\n") }
            if let v = s.cadenceAverage { try out.write("cadence    \(UnitSystem.fixed(v, 0)) /min\n") }
            if let v = s.calories { try out.write("calories   \(UnitSystem.fixed(v, 0)) kcal\n") }
            for (title, segments) in [("lap", s.laps), ("split", s.splits)] {
                for g in segments {
                    try out.write("\(title) \(g.index)  \(u.distance(g.distanceMeters)) \(u.distanceUnit)  \(UnitSystem.clock(g.elapsedSeconds))  \(u.pace(metres: g.distanceMeters, seconds: g.movingSeconds))/\(u.distanceUnit)\n")
                }
            }
            // The weather is in the session's records, not the index: read them only for it.
            if let weather = try history.session(id: id).flatMap({ SessionWeather(events: $0.events) }) {
                let text = WeatherText(DisplayPreferences(units: u == .metric ? .metric : .imperial))
                try out.write("weather    \(weather.station)\(weather.distanceMetres.map { " (\(u.distance($0)) \(u.distanceUnit) away)" } ?? "")\n")
                for line in text.lines(METARDecoder.decode(weather.metar)) { try out.write("  \(line)\n") }
                if let taf = weather.taf { for line in text.lines(TAFDecoder.decode(taf)) { try out.write("  \(line)\n") } }
            }
        }
        try out.flush()
        return 0
    }
}
