#if canImport(Glibc)
import Glibc
#endif
import PacerCore
import PacerSystem

/// `pacerctl sun [--at LAT,LON] [--date YYYY-MM-DD]`: sunrise, solar noon and sunset. Without
/// `--at`, the position is pacerd's last fix (asked with `status`); without `--date`, the day
/// is today, by GPS time when pacerd has it.
enum SunCommand {
    static let subcommand = Subcommand(name: "sun", usage: "sun [--at LAT,LON] [--date YYYY-MM-DD] \(DaemonClientOptions.usageSuffix)",
                                       summary: "sunrise and sunset for a place and day (default: pacerd's last fix, today)") { args in
        let (parsed, options) = try DaemonClientOptions.parse(args, options: ["at", "date"], positionals: false)
        var place: (latitude: Double, longitude: Double)?
        var now = UTCTime(millisecondsSinceEpoch: Int64(time(nil)) * 1000)
        if let at = parsed.option("at") {
            guard let p = SunReport.coordinates(at) else { throw UsageError("--at must be LAT,LON in degrees, not '\(at)'") }
            place = p
        } else {
            let connection = try options.connect()
            try connection.send(ClientRequest.status.line)
            guard let reply = try connection.readReply(classes: ["STATE", "ERROR"], timeout: 5), let state = LiveState(json: reply) else {
                throw DaemonClientError("no STATE from pacerd")
            }
            guard let lat = state.gps.latitude, let lon = state.gps.longitude else {
                throw DaemonClientError("pacerd has no position yet; give --at LAT,LON")
            }
            place = (lat, lon)
            if let t = state.gps.time ?? state.time { now = t }
        }
        let date: (year: Int, month: Int, day: Int)
        if let text = parsed.option("date") {
            guard let d = SunReport.date(text) else { throw UsageError("--date must be YYYY-MM-DD, not '\(text)'") }
            date = d
        } else {
            let local = now.adding(milliseconds: Int64(options.preferences.utcOffsetSeconds) * 1000).components
            date = (local.year, local.month, local.day)
        }
        guard let place, let report = SunReport(latitude: place.latitude, longitude: place.longitude,
                                                year: date.year, month: date.month, day: date.day) else {
            throw UsageError("no such place or date")
        }
        let out = BufferedOutput()
        if options.json {
            var w = JSONWriter()
            report.json(into: &w)
            w.endLine()
            try w.withBytes { try out.write(bytes: $0) }
        } else {
            try out.write(report.text(options.preferences))
        }
        try out.flush()
        return 0
    }
}
