/// The weather a session started in, as the journal keeps it: a `weather` marker record whose
/// detail is one JSON object — the station, how far it was, the raw METAR and TAF exactly as
/// fetched, and their decoded form at the time of recording:
///
///     {"station":"KPIT","distance_m":26320,"metar":"KPIT 091951Z ...","taf":"TAF KPIT ...",
///      "decoded":{"metar":{...},"taf":{...}}}
///
/// The raw reports are the truth (a later decoder reads them again, better); the decoded copy
/// is there for tools that read the journal's JSON and not Pacer's decoders.
public struct SessionWeather: Equatable, Sendable {
    /// The marker kind of the journal record.
    public static let markerKind = "weather"
    /// A detail longer than this is not weather (a METAR and a TAF are a few hundred bytes).
    public static let maximumDetailLength = 16 * 1024

    public var station: String
    public var distanceMetres: Double?
    public var metar: String
    public var taf: String?

    public init(station: String, distanceMetres: Double?, metar: String, taf: String?) {
        self.station = station
        self.distanceMetres = distanceMetres
        self.metar = metar
        self.taf = taf
    }

    /// Reads a detail back; nil when it is not one (a damaged or foreign marker).
    public init?(detail: String) {
        guard detail.utf8.count <= SessionWeather.maximumDetailLength,
              let json = try? JSONValue.parse(detail), let station = json["station"]?.string,
              METARDecoder.isStation(Array(station.utf8)), let metar = json["metar"]?.string else { return nil }
        self.init(station: station, distanceMetres: json["distance_m"]?.number, metar: metar, taf: json["taf"]?.string)
    }

    /// The session's weather among its events: the first `weather` marker that reads.
    public init?(events: [JournalEvent]) {
        for case let .marker(_, kind, detail) in events where kind == SessionWeather.markerKind {
            if let weather = SessionWeather(detail: detail) { self = weather; return }
        }
        return nil
    }

    /// The record's detail text (see the type's comment).
    public var detail: String {
        var w = JSONWriter(capacity: 1024)
        w.beginObject()
        w.key("station"); w.value(station)
        w.key("distance_m"); w.value(distanceMetres.map { $0.rounded() }, decimals: 0)
        w.key("metar"); w.value(metar)
        w.key("taf"); w.value(taf)
        w.key("decoded"); w.beginObject()
        w.key("metar"); WeatherJSON.write(METARDecoder.decode(metar), into: &w)
        w.key("taf")
        if let taf { WeatherJSON.write(TAFDecoder.decode(taf), into: &w) } else { w.null() }
        w.endObject()
        w.endObject()
        return String(decoding: w.bytes, as: UTF8.self)
    }

    /// One line for a GPX `desc`, a TCX `Notes` or a summary: the conditions in words, then the
    /// raw METAR (what a pilot, or a later reader, trusts).
    public func summary(_ preferences: DisplayPreferences) -> String {
        let report = METARDecoder.decode(metar)
        let text = WeatherText(preferences)
        var parts: [String] = []
        if report.temperatureC != nil { parts.append(text.temperature(report.temperatureC)) }
        if let wind = report.wind { parts.append("wind " + text.wind(wind)) }
        if !report.weather.isEmpty { parts.append(report.weather.map(WeatherText.describe).joined(separator: ", ")) }
        if let sky = text.sky(report.sky, clear: report.clearSky) { parts.append(sky) }
        let place = distanceMetres.map { ", \(MeasurementFormatter(preferences).distance($0)) \(MeasurementFormatter(preferences).distanceUnit) away" } ?? ""
        let words = parts.isEmpty ? "" : ": " + parts.joined(separator: "; ")
        return "Weather at \(station)\(place)\(words). METAR \(metar)"
    }
}
