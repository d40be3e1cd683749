import PacerCore
import PacerSystem

enum ShowCommand {
    static let subcommand = Subcommand(name: "show", usage: "show ID [--journal DIR] [--json] [--units metric|imperial]",
                                       summary: "print one session's summary, laps and splits") { argv in
        let (args, options) = try HistoryOptions.parse(argv, flags: ["json"])
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
            // The summary's own human form, as replay prints it, after the session's id.
            try out.write("session \(id)\n" + s.humanText(units: u))
            // The weather is in the session's records, not the index: read them only for it.
            if let weather = try history.session(id: id).flatMap({ SessionWeather(events: $0.events) }) {
                let text = WeatherText(DisplayPreferences(units: u))
                try out.write("weather    \(weather.station)\(weather.distanceMetres.map { " (\(u.distance($0)) \(u.distanceUnit) away)" } ?? "")\n")
                for line in text.lines(METARDecoder.decode(weather.metar)) { try out.write("  \(line)\n") }
                if let taf = weather.taf { for line in text.lines(TAFDecoder.decode(taf)) { try out.write("  \(line)\n") } }
            }
        }
        try out.flush()
        return 0
    }
}
