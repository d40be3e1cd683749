/// METARs and TAFs in words, in the user's units (°C or °F, km/h or mph with knots beside, km or
/// mi) and clock (times stay UTC, as reported: a report carries no month to convert them with).
public struct WeatherText: Sendable {
    public let preferences: DisplayPreferences
    public init(_ preferences: DisplayPreferences) { self.preferences = preferences }
    var imperial: Bool { preferences.units == .imperial }
    var format: MeasurementFormatter { MeasurementFormatter(preferences) }

    public func lines(_ m: METARReport) -> [String] {
        var head = "\(m.kind) \(m.station ?? "----")"
        if let d = m.day, let h = m.hour, let mi = m.minute { head += ", day \(d) at \(clock(h, mi)) UTC" }
        if m.automatic { head += ", automatic" }
        if m.corrected { head += ", corrected" }
        if m.missing { return [head, "report missing (NIL)"] }
        var out = [head]
        if let w = m.wind { out.append("wind         " + wind(w)) }
        if m.cavok { out.append("visibility   10 km or more, no cloud below 5000 ft, no significant weather (CAVOK)") }
        else if let v = m.visibilityMetres { out.append("visibility   " + visibility(v, bound: m.visibilityBound)) }
        for r in m.runwayVisualRanges {
            out.append("runway \(r.runway)".padding(13) + visibility(r.lowestMetres, bound: r.bound) + (r.highestMetres.map { " to " + visibility($0, bound: nil) } ?? ""))
        }
        if !m.weather.isEmpty { out.append("weather      " + m.weather.map(WeatherText.describe).joined(separator: ", ")) }
        if !m.recentWeather.isEmpty { out.append("recently     " + m.recentWeather.map(WeatherText.describe).joined(separator: ", ")) }
        if let s = sky(m.sky, clear: m.clearSky) { out.append("sky          " + s) }
        if m.temperatureC != nil || m.dewpointC != nil {
            out.append("temperature  \(temperature(m.temperatureC)), dew point \(temperature(m.dewpointC))")
        }
        if let q = m.altimeterHPa { out.append("pressure     " + pressure(q) + (m.seaLevelPressureHPa.map { ", sea level " + pressure($0) } ?? "")) }
        if let t = m.trend { out.append("trend        " + (t == "NOSIG" ? "no significant change" : t)) }
        if !m.unparsed.isEmpty { out.append("not read     " + m.unparsed.joined(separator: " ")) }
        return out
    }

    public func lines(_ t: TAFReport) -> [String] {
        var head = "TAF \(t.station ?? "----")"
        if let i = t.issued { head += ", issued day \(i.day) at \(clock(i.hour, i.minute)) UTC" }
        if let f = t.validFrom, let to = t.validTo { head += ", valid \(when(f)) to \(when(to))" }
        if t.amended { head += " (amended)" }
        var out = [head]
        for p in t.periods {
            let label: String
            switch p.kind {
            case .base: label = "from \(p.from.map(when) ?? "start")"
            case .from: label = "from \(p.from.map(when) ?? "?")"
            case .becoming: label = "becoming between \(p.from.map(when) ?? "?") and \(p.to.map(when) ?? "?")"
            case .temporary: label = "at times \(p.from.map(when) ?? "?") to \(p.to.map(when) ?? "?")"
            case .probability: label = "\(p.probability ?? 0)% chance \(p.from.map(when) ?? "?") to \(p.to.map(when) ?? "?")"
            }
            var parts: [String] = []
            if let w = p.wind { parts.append("wind " + wind(w)) }
            if p.cavok { parts.append("CAVOK") } else if let v = p.visibilityMetres { parts.append("visibility " + visibility(v, bound: nil)) }
            parts += p.weather.map(WeatherText.describe)
            if let s = sky(p.sky, clear: p.clearSky) { parts.append(s) }
            out.append("  " + label + ": " + (parts.isEmpty ? "no change given" : parts.joined(separator: "; ")))
        }
        if let x = t.maxTemperature { out.append("  high \(temperature(Double(x.celsius))) at \(when(x.time))") }
        if let n = t.minTemperature { out.append("  low \(temperature(Double(n.celsius))) at \(when(n.time))") }
        if !t.unparsed.isEmpty { out.append("  not read: " + t.unparsed.joined(separator: " ")) }
        return out
    }

    func clock(_ hour: Int, _ minute: Int) -> String {
        let m = minute < 10 ? "0\(minute)" : "\(minute)"
        if preferences.twentyFourHour { return (hour < 10 ? "0\(hour)" : "\(hour)") + ":" + m }
        let h12 = hour % 12 == 0 ? 12 : hour % 12
        return "\(h12):\(m) \(hour % 24 < 12 ? "AM" : "PM")"
    }

    func when(_ t: TAFTime) -> String { "day \(t.day) \(clock(t.hour, t.minute))" }

    func wind(_ w: Wind) -> String {
        guard let speed = w.speed else { return "not reported" }
        if w.isCalm { return "calm" }
        var s = w.direction.map { "from \($0)°" } ?? "variable"
        s += " at " + knots(speed)
        if let g = w.gust { s += ", gusts " + knots(g) }
        if let a = w.variableFrom, let b = w.variableTo { s += ", varying \(a)° to \(b)°" }
        return s
    }

    func knots(_ kt: Int) -> String {
        let mps = Double(kt) / WeatherGroups.knotsPerMetrePerSecond
        return "\(format.integer(Double(format.speed(mps)) ?? nil)) \(format.speedUnit) (\(kt) kt)"
    }

    func visibility(_ metres: Int, bound: Character?) -> String {
        let prefix = bound == "M" ? "less than " : bound == "P" ? "more than " : ""
        if imperial { return prefix + format.distance(Double(metres)).trimmingZeros + " mi" }
        if metres >= 10000 { return "10 km or more" }
        return prefix + (metres < 5000 ? "\(metres) m" : format.distance(Double(metres)).trimmingZeros + " km")
    }

    func sky(_ layers: [SkyLayer], clear: String?) -> String? {
        if layers.isEmpty { return clear.map { $0 == "NCD" ? "no cloud detected" : $0 == "NSC" ? "no significant cloud" : "clear" } }
        return layers.map { l in
            let names: [SkyLayer.Amount: String] = [.few: "few", .scattered: "scattered", .broken: "broken", .overcast: "overcast",
                                                    .verticalVisibility: "obscured, vertical visibility"]
            var s = names[l.amount] ?? l.amount.rawValue
            if let h = l.heightFeet { s += " at " + (imperial ? "\(h) ft" : "\((Double(h) * 0.3048 / 10).clampedInt() * 10) m") }
            if let c = l.convective { s += c == .cumulonimbus ? " (cumulonimbus)" : " (towering cumulus)" }
            return s
        }.joined(separator: ", ")
    }

    func temperature(_ c: Double?) -> String {
        guard let c else { return "--" }
        let v = imperial ? c * 9 / 5 + 32 : c
        return v.wholeText() + (imperial ? " °F" : " °C")
    }

    func pressure(_ hPa: Double) -> String {
        if imperial { return format.fixed(hPa / METARDecoder.hectopascalsPerInchOfMercury, 2) + " inHg" }
        return hPa.wholeText() + " hPa"
    }

    static let phenomenonNames: [String: String] = [
        "DZ": "drizzle", "RA": "rain", "SN": "snow", "SG": "snow grains", "IC": "ice crystals", "PL": "ice pellets",
        "GR": "hail", "GS": "small hail", "UP": "unknown precipitation", "BR": "mist", "FG": "fog", "FU": "smoke",
        "VA": "volcanic ash", "DU": "dust", "SA": "sand", "HZ": "haze", "PY": "spray", "PO": "dust whirls",
        "SQ": "squalls", "FC": "funnel cloud", "SS": "sandstorm", "DS": "duststorm",
    ]
    static let descriptorNames: [String: String] = [
        "MI": "shallow", "BC": "patches of", "PR": "partial", "DR": "drifting", "BL": "blowing", "SH": "showers of",
        "TS": "thunderstorm with", "FZ": "freezing",
    ]

    /// `+TSRA` -> "heavy thunderstorm with rain"; `VCSH` -> "showers in the vicinity".
    public static func describe(_ code: String) -> String {
        if code == "NSW" { return "no significant weather" }
        var rest = Substring(code)
        var words: [String] = []
        var vicinity = false
        if rest.hasPrefix("-") { words.append("light"); rest = rest.dropFirst() }
        else if rest.hasPrefix("+") { words.append("heavy"); rest = rest.dropFirst() }
        else if rest.hasPrefix("VC") { vicinity = true; rest = rest.dropFirst(2) }
        if rest.count >= 2, let d = descriptorNames[String(rest.prefix(2))] {
            rest = rest.dropFirst(2)
            words.append(rest.isEmpty ? (d == "showers of" ? "showers" : "thunderstorm") : d)
        }
        var names: [String] = []
        while rest.count >= 2 { names.append(phenomenonNames[String(rest.prefix(2))] ?? String(rest.prefix(2))); rest = rest.dropFirst(2) }
        if !names.isEmpty { words.append(names.joined(separator: " and ")) }
        return words.joined(separator: " ") + (vicinity ? " in the vicinity" : "")
    }
}

private extension String {
    func padding(_ width: Int) -> String { count >= width ? self + " " : self + String(repeating: " ", count: width - count) }
    var trimmingZeros: String {
        guard contains(".") else { return self }
        var s = self
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }
}
