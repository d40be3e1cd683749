/// `[weather]`: where `pacerctl weather --near/--station` fetches reports, how far it looks
/// for a station, and whether pacerd keeps the weather with each session.
///
/// ```
/// [weather]
/// url = https://aviationweather.gov/api/data   ; the Aviation Weather Center's data API
/// radius_km = 50
/// attach = no      ; yes: the weather at the first fix joins the session (a `weather` record)
/// ```
public struct WeatherSettings: Equatable, Sendable {
    public var url = "https://aviationweather.gov/api/data"
    public var radiusKilometres: Double = 50
    /// Off by default: fetching needs a network the board may not have, and costs a child process.
    public var attach = false
    public init() {}
}

extension PacerConfig {
    mutating func applyWeatherKey(key: String, parser p: ConfigValueParser) throws {
        switch key {
        case "url":
            guard p.value.hasPrefix("http://") || p.value.hasPrefix("https://") else { throw ConfigValueProblem("'\(p.value)' is not an http(s) URL") }
            weather.url = p.value
        case "radius_km": weather.radiusKilometres = try p.number(in: 1...500)
        case "attach": weather.attach = try p.boolean()
        default: throw ConfigValueProblem("unknown key")
        }
    }
}
