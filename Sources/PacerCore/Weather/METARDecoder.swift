/// Decodes METAR and SPECI reports (WMO FM 15/16 with the US variants of FAA Order JO 7900.5):
/// group by group, in the order the format gives, without regular expressions. A group that
/// is not of any kind expected at its place is kept in `unparsed` and decoding goes on.
public enum METARDecoder {
    public static func decode(_ raw: String) -> METARReport {
        var report = METARReport(raw: raw)
        let groups = WeatherGroups.split(raw)
        var i = 0
        func text(_ g: [UInt8]) -> String { String(decoding: g, as: UTF8.self) }

        if i < groups.count, ["METAR", "SPECI"].contains(text(groups[i])) { report.kind = text(groups[i]); i += 1 }
        if i < groups.count, isStation(groups[i]) { report.station = text(groups[i]); i += 1 }
        if i < groups.count, let t = dayTime(groups[i]) {
            (report.day, report.hour, report.minute) = t
            i += 1
        }
        while i < groups.count {
            let g = groups[i]
            let word = text(g)
            i += 1
            switch word {
            case "AUTO": report.automatic = true; continue
            case "COR", "CCA", "CCB": report.corrected = true; continue
            case "NIL": report.missing = true; continue
            case "CAVOK": report.cavok = true; report.visibilityMetres = 10000; continue
            case "NOSIG": report.trend = "NOSIG"; continue
            case "$": continue   // a station's maintenance indicator
            case "//": continue  // present weather not observed by an automatic station
            case "RMK":
                let rest = groups[i...].map(text)
                report.remarks = rest.joined(separator: " ")
                decodeRemarks(rest, into: &report)
                i = groups.count
                continue
            case "BECMG", "TEMPO":
                var end = i
                while end < groups.count, text(groups[end]) != "RMK" { end += 1 }
                report.trend = ([word] + groups[i..<end].map(text)).joined(separator: " ")
                i = end
                continue
            default: break
            }
            if report.wind == nil, let w = WeatherGroups.wind(g) { report.wind = w; continue }
            if let w = report.wind, w.variableFrom == nil, let v = WeatherGroups.windVariation(g) {
                report.wind?.variableFrom = v.from
                report.wind?.variableTo = v.to
                continue
            }
            if report.visibilityMetres == nil, let v = WeatherGroups.metricVisibility(g) { report.visibilityMetres = v; continue }
            if report.visibilityMetres != nil, WeatherGroups.metricVisibility(g) != nil { continue } // a second, directional minimum
            // `1 1/2SM`: a whole number of miles, then the fraction.
            if report.visibilityMetres == nil, g.count == 1, let whole = ASCIIDigits.value(g, 0, 1), i < groups.count,
               groups[i].contains(UInt8(ascii: "/")), let v = WeatherGroups.statuteMileVisibility(groups[i], whole: whole) {
                report.visibilityMetres = v
                i += 1
                continue
            }
            if report.visibilityMetres == nil, let v = WeatherGroups.statuteMileVisibility(g) {
                report.visibilityMetres = v
                if let b = g.first, b == UInt8(ascii: "M") || b == UInt8(ascii: "P") { report.visibilityBound = Character(UnicodeScalar(b)) }
                continue
            }
            if let r = runwayVisualRange(g) { report.runwayVisualRanges.append(r); continue }
            if let w = WeatherGroups.presentWeather(g) { report.weather.append(w); continue }
            if let s = WeatherGroups.sky(g) { s.record(clearSky: &report.clearSky, layers: &report.sky); continue }
            if report.temperatureC == nil, let (t, d) = temperatures(g) { report.temperatureC = t; report.dewpointC = d; continue }
            if report.altimeterHPa == nil, let q = altimeter(g) { report.altimeterHPa = q; continue }
            if g.count > 2, g[0] == UInt8(ascii: "R"), g[1] == UInt8(ascii: "E"),
               let w = WeatherGroups.presentWeather(Array(g[2...])) { report.recentWeather.append(w); continue }
            // Wind shear (`WS R24`, `WS ALL RWY`) and runway state groups carry nothing Pacer shows.
            if word == "WS" {
                while i < groups.count, text(groups[i]).hasPrefix("R") || ["ALL", "RWY"].contains(text(groups[i])) { i += 1 }
                continue
            }
            report.unparsed.append(word)
        }
        return report
    }

    /// Four letters or digits beginning with a letter (`EGLL`, `K1V4`).
    public static func isStation(_ g: [UInt8]) -> Bool {
        guard g.count == 4, let first = g.first, first >= 65, first <= 90 else { return false }
        return g.allSatisfy { ($0 >= 65 && $0 <= 90) || ($0 >= 48 && $0 <= 57) }
    }

    /// `DDHHMMZ`.
    static func dayTime(_ g: [UInt8]) -> (Int, Int, Int)? {
        guard g.count == 7, g[6] == UInt8(ascii: "Z"), let d = ASCIIDigits.value(g, 0, 2),
              let h = ASCIIDigits.value(g, 2, 2), let m = ASCIIDigits.value(g, 4, 2),
              (1...31).contains(d), h < 24, m < 60 else { return nil }
        return (d, h, m)
    }

    /// `TT/DD` with `M` for minus; either side may be missing (`//`, `05/`).
    static func temperatures(_ g: [UInt8]) -> (Double?, Double?)? {
        guard let slash = g.firstIndex(of: UInt8(ascii: "/")), g.lastIndex(of: UInt8(ascii: "/")) == slash || g.allSatisfy({ $0 == UInt8(ascii: "/") }) else { return nil }
        if g.allSatisfy({ $0 == UInt8(ascii: "/") }) { return g.count == 5 ? (nil, nil) : nil }
        func degrees(_ part: ArraySlice<UInt8>) -> (ok: Bool, value: Double?) {
            var p = Array(part)
            if p.isEmpty || p == [47, 47] { return (true, nil) }
            var sign = 1.0
            if p.first == UInt8(ascii: "M") { sign = -1; p.removeFirst() }
            guard p.count == 2, let v = ASCIIDigits.value(p, 0, 2) else { return (false, nil) }
            return (true, sign * Double(v))
        }
        let t = degrees(g[..<slash]), d = degrees(g[(slash + 1)...])
        guard t.ok, d.ok, t.value != nil || d.value != nil else { return nil }
        return (t.value, d.value)
    }

    static let hectopascalsPerInchOfMercury = 33.8639

    /// `Q1013` (hPa) or `A2992` (hundredths of an inch of mercury), returned in hPa.
    static func altimeter(_ g: [UInt8]) -> Double? {
        guard g.count == 5, let v = ASCIIDigits.value(g, 1, 4) else { return nil }
        switch g[0] {
        case UInt8(ascii: "Q"): return Double(v)
        case UInt8(ascii: "A"): return (Double(v) / 100 * hectopascalsPerInchOfMercury * 10).rounded() / 10
        default: return nil
        }
    }

    static func runwayVisualRange(_ g: [UInt8]) -> RunwayVisualRange? {
        guard g.count >= 7, g[0] == UInt8(ascii: "R"), let slash = g.firstIndex(of: UInt8(ascii: "/")), slash >= 3 else { return nil }
        let runway = String(decoding: g[1..<slash], as: UTF8.self)
        guard ASCIIDigits.value(Array(runway.utf8), 0, 2) != nil, runway.count <= 3 else { return nil }
        var rest = Array(g[(slash + 1)...])
        var trend: Character?
        if let last = rest.last, [UInt8(ascii: "U"), UInt8(ascii: "D"), UInt8(ascii: "N")].contains(last), rest.count > 4 {
            trend = Character(UnicodeScalar(last)); rest.removeLast()
            if rest.last == UInt8(ascii: "/") { rest.removeLast() }
        }
        var feet = false
        if WeatherGroups.hasSuffix(rest, "FT") { feet = true; rest.removeLast(2) }
        var bound: Character?
        if let first = rest.first, first == UInt8(ascii: "M") || first == UInt8(ascii: "P") { bound = Character(UnicodeScalar(first)); rest.removeFirst() }
        guard let low = ASCIIDigits.value(rest, 0, 4) else { return nil }
        var high: Int?
        if rest.count > 4 {
            guard rest[4] == UInt8(ascii: "V") else { return nil }
            var upper = Array(rest[5...])
            if let first = upper.first, first == UInt8(ascii: "M") || first == UInt8(ascii: "P") { upper.removeFirst() }
            guard upper.count == 4, let h = ASCIIDigits.value(upper, 0, 4) else { return nil }
            high = h
        }
        func metres(_ v: Int) -> Int { feet ? (Double(v) * 0.3048).clampedInt() : v }
        return RunwayVisualRange(runway: runway, lowestMetres: metres(low), highestMetres: high.map(metres), bound: bound, trend: trend)
    }

    /// The remarks Pacer uses: `TsTTTsDDD` (tenths of °C, s = 1 for minus) and `SLPppp`
    /// (sea-level pressure, tenths of hPa without the leading 9 or 10). Others are kept as text.
    static func decodeRemarks(_ remarks: [String], into report: inout METARReport) {
        for r in remarks {
            let g = Array(r.utf8)
            if g.count == 9, g[0] == UInt8(ascii: "T"), let st = ASCIIDigits.value(g, 1, 1), let t = ASCIIDigits.value(g, 2, 3),
               let sd = ASCIIDigits.value(g, 5, 1), let d = ASCIIDigits.value(g, 6, 3), st <= 1, sd <= 1 {
                report.temperatureC = Double(t) / 10 * (st == 1 ? -1 : 1)
                report.dewpointC = Double(d) / 10 * (sd == 1 ? -1 : 1)
            } else if g.count == 6, r.hasPrefix("SLP"), let p = ASCIIDigits.value(g, 3, 3) {
                report.seaLevelPressureHPa = (p < 500 ? 1000 : 900) + Double(p) / 10
            }
        }
    }
}
