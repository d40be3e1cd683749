import PacerCore
import PacerSystem

/// `pacerctl weather --metar "RAW" | --taf "RAW"`: decodes reports into words in the user's
/// units and clock, or the JSON of issue #16 with `--json` (groups it cannot read are named in
/// `unparsed`). `--near LAT,LON` or `--station ICAO` fetches the latest METAR and TAF from the
/// Aviation Weather Center first (`[weather] url`, `radius_km`); unreachable: exit status 2.
/// `--attach` prints what a session keeps instead (`SessionWeather`: raw and decoded, one JSON
/// line): pacerd runs it for `[weather] attach`.
enum WeatherCommand {
    static let subcommand = Subcommand(name: "weather",
                                       usage: "weather --metar RAW | --taf RAW | --near LAT,LON | --station ICAO [--json | --attach] [--units metric|imperial] [--clock 12|24] [--config FILE]",
                                       summary: "decode a METAR or TAF, or fetch the latest near a place") { args in
        let parsed = try CommandArguments(args, flags: ["json", "attach"], options: ["metar", "taf", "near", "station", "units", "clock", "config", "socket"])
        if let extra = parsed.positionals.first { throw UsageError("unexpected argument '\(extra)' (quote the report)") }
        let options = try DaemonClientOptions(parsed)
        var metars = parsed.options("metar"), tafs = parsed.options("taf")
        let out = BufferedOutput()
        if parsed.option("near") != nil || parsed.option("station") != nil {
            do {
                guard let found = try fetch(parsed, settings: options.config.weather) else {
                    printError("pacerctl weather: no station with a METAR within \(options.config.weather.radiusKilometres.wholeText(.towardZero)) km")
                    return 1
                }
                if parsed.flag("attach") {
                    let weather = SessionWeather(station: found.id, distanceMetres: found.station?.distanceMetres, metar: found.metar, taf: found.taf)
                    try out.write(weather.detail + "\n")
                    try out.flush()
                    return 0
                }
                if !options.json {
                    let km = found.station.map { " (\(MeasurementFormatter(options.preferences).distance($0.distanceMetres)) \(MeasurementFormatter(options.preferences).distanceUnit) away)" } ?? ""
                    try out.write("station \(found.id)\(km)\n")
                }
                metars = [found.metar]
                tafs = found.taf.map { [$0] } ?? []
                if found.taf == nil, !options.json { try out.write("(no TAF)\n") }
            } catch let failure as WeatherFetch.Failure {
                printError("pacerctl weather: \(failure.description)")
                return failure.offline ? 2 : 1
            }
        }
        guard !metars.isEmpty || !tafs.isEmpty else { throw UsageError("give --metar RAW, --taf RAW, --near LAT,LON or --station ICAO") }
        if parsed.flag("attach") { throw UsageError("--attach goes with --near or --station") }
        let text = WeatherText(options.preferences)
        func emit(_ json: (inout JSONWriter) -> Void, _ words: [String]) throws {
            if options.json {
                var w = JSONWriter()
                json(&w)
                w.endLine()
                try w.withBytes { try out.write(bytes: $0) }
            } else {
                try out.write(words.joined(separator: "\n") + "\n")
            }
        }
        for raw in metars {
            let report = METARDecoder.decode(raw)
            try emit({ WeatherJSON.write(report, into: &$0) }, text.lines(report))
        }
        for raw in tafs {
            let report = TAFDecoder.decode(raw)
            try emit({ WeatherJSON.write(report, into: &$0) }, text.lines(report))
        }
        try out.flush()
        return 0
    }

    /// The latest reports for `--station`, or for the nearest station to `--near` that has both a
    /// METAR and a TAF (else the nearest with a METAR).
    static func fetch(_ parsed: CommandArguments, settings: WeatherSettings) throws -> (id: String, station: WeatherStation?, metar: String, taf: String?)? {
        let api = AviationWeatherAPI(base: settings.url)
        let http = WeatherFetch()
        if let id = parsed.option("station") {
            let icao = id.uppercased()
            guard METARDecoder.isStation(Array(icao.utf8)) else { throw UsageError("--station must be a four-character ICAO id, not '\(id)'") }
            guard let metar = AviationWeatherAPI.rawMETARs(try http.get(api.metarURL([icao])))[icao] else { return nil }
            return (icao, nil, metar, AviationWeatherAPI.rawTAFs(try http.get(api.tafURL([icao])))[icao])
        }
        let near = parsed.option("near") ?? ""
        guard let place = SunReport.coordinates(near) else { throw UsageError("--near must be LAT,LON in degrees, not '\(near)'") }
        let body = try http.get(api.stationsURL(latitude: place.latitude, longitude: place.longitude, radiusKilometres: settings.radiusKilometres))
        let stations: [WeatherStation]
        do {
            stations = try AviationWeatherAPI.nearestStations(body, latitude: place.latitude, longitude: place.longitude,
                                                             radiusKilometres: settings.radiusKilometres)
        } catch {
            throw WeatherFetch.Failure(description: "the station list is not JSON: \(error)", offline: false)
        }
        let candidates = Array(stations.prefix(AviationWeatherAPI.candidates))
        guard !candidates.isEmpty else { return nil }
        let ids = candidates.map(\.id)
        let metars = AviationWeatherAPI.rawMETARs(try http.get(api.metarURL(ids)))
        let withTAF = candidates.filter(\.issuesTAF).map(\.id)
        let tafs = withTAF.isEmpty ? [:] : AviationWeatherAPI.rawTAFs(try http.get(api.tafURL(withTAF)))
        guard let chosen = AviationWeatherAPI.choose(candidates, metars: metars, tafs: tafs) else { return nil }
        return (chosen.station.id, chosen.station, chosen.metar, chosen.taf)
    }
}
