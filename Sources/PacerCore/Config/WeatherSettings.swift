/// `[weather]`: where `pacerctl weather --near/--station` fetches reports and how far it looks
/// for a station.
///
/// ```
/// [weather]
/// url = https://aviationweather.gov/api/data   ; the Aviation Weather Center's data API
/// radius_km = 50
/// ```
public struct WeatherSettings: Equatable, Sendable {
    public var url = "https://aviationweather.gov/api/data"
    public var radiusKilometres: Double = 50
    public init() {}
}

extension PacerConfig {
    mutating func applyWeatherKey(key: String, parser p: ConfigValueParser) throws {
        switch key {
        case "url":
            guard p.value.hasPrefix("http://") || p.value.hasPrefix("https://") else { throw ConfigValueProblem("'\(p.value)' is not an http(s) URL") }
            weather.url = p.value
        case "radius_km": weather.radiusKilometres = try p.number(in: 1...500)
        default: throw ConfigValueProblem("unknown key")
        }
    }
}
