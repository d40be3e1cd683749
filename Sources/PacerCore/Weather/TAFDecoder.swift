/// Decodes a TAF into its timeline: the header (`TAF [AMD|COR] CCCC DDHHMMZ DDHH/DDHH`), the
/// base forecast, then `FM`, `BECMG`, `TEMPO` and `PROB30/40` periods, and `TX`/`TN`. The
/// conditions of each period are read with the same group readers as a METAR. A group it cannot
/// read is listed in `unparsed`; the rest is still decoded.
public enum TAFDecoder {
    public static func decode(_ raw: String) -> TAFReport {
        var report = TAFReport(raw: raw)
        let groups = WeatherGroups.split(raw)
        func text(_ g: [UInt8]) -> String { String(decoding: g, as: UTF8.self) }
        var i = 0
        if i < groups.count, text(groups[i]) == "TAF" { i += 1 }
        while i < groups.count {
            switch text(groups[i]) {
            case "AMD": report.amended = true
            case "COR": report.corrected = true
            default: break
            }
            guard ["AMD", "COR"].contains(text(groups[i])) else { break }
            i += 1
        }
        if i < groups.count, METARDecoder.isStation(groups[i]) { report.station = text(groups[i]); i += 1 }
        if i < groups.count, let t = METARDecoder.dayTime(groups[i]) {
            report.issued = TAFTime(day: t.0, hour: t.1, minute: t.2)
            i += 1
        }
        if i < groups.count, let v = validity(groups[i]) { (report.validFrom, report.validTo) = v; i += 1 }

        var current = TAFPeriod(kind: .base)
        current.from = report.validFrom
        while i < groups.count {
            let g = groups[i]
            let word = text(g)
            i += 1
            if word == "RMK" { break }
            if word.hasPrefix("FM"), let t = fromTime(g, validFrom: report.validFrom) {
                report.periods.append(current)
                current = TAFPeriod(kind: .from)
                current.from = t
                continue
            }
            if word == "BECMG" || word == "TEMPO" || (word.hasPrefix("PROB") && g.count == 6) {
                report.periods.append(current)
                if word.hasPrefix("PROB") {
                    current = TAFPeriod(kind: .probability)
                    current.probability = ASCIIDigits.value(g, 4, 2)
                    if i < groups.count, text(groups[i]) == "TEMPO" { i += 1 }
                } else {
                    current = TAFPeriod(kind: word == "BECMG" ? .becoming : .temporary)
                }
                if i < groups.count, let v = validity(groups[i]) ?? oldChangeTime(groups[i], from: report.validFrom) {
                    (current.from, current.to) = v
                    i += 1
                }
                continue
            }
            if let e = extreme(g, "TX") { report.maxTemperature = e; continue }
            if let e = extreme(g, "TN") { report.minTemperature = e; continue }
            if word == "CAVOK" { current.cavok = true; current.visibilityMetres = 10000; continue }
            if current.wind == nil, let w = WeatherGroups.wind(g) { current.wind = w; continue }
            if current.visibilityMetres == nil, let v = WeatherGroups.metricVisibility(g) { current.visibilityMetres = v; continue }
            if current.visibilityMetres == nil, g.count == 1, let whole = ASCIIDigits.value(g, 0, 1), i < groups.count,
               groups[i].contains(UInt8(ascii: "/")), let v = WeatherGroups.statuteMileVisibility(groups[i], whole: whole) {
                current.visibilityMetres = v
                i += 1
                continue
            }
            if current.visibilityMetres == nil, let v = WeatherGroups.statuteMileVisibility(g) { current.visibilityMetres = v; continue }
            if let w = WeatherGroups.presentWeather(g) { current.weather.append(w); continue }
            if let s = WeatherGroups.sky(g) { s.record(clearSky: &current.clearSky, layers: &current.sky); continue }
            // Low-level wind shear (`WS010/31022KT`) and US military altimeter (`QNH2992INS`): not shown.
            if word.hasPrefix("WS"), word.contains("/") { continue }
            if word.hasPrefix("QNH"), word.hasSuffix("INS") { continue }
            report.unparsed.append(word)
        }
        report.periods.append(current)
        // A period with no end runs until the next FM or to the end of the forecast.
        for p in report.periods.indices where report.periods[p].to == nil {
            if report.periods[p].kind == .base || report.periods[p].kind == .from {
                report.periods[p].to = report.periods[(p + 1)...].first(where: { $0.kind == .from })?.from ?? report.validTo
            }
        }
        return report
    }

    /// `DDHH/DDHH`, or the older `DDHHHH` (one day, two hours) of reports before November 2008.
    static func validity(_ g: [UInt8]) -> (TAFTime, TAFTime)? {
        if g.count == 9, g[4] == UInt8(ascii: "/"), let d1 = ASCIIDigits.value(g, 0, 2), let h1 = ASCIIDigits.value(g, 2, 2),
           let d2 = ASCIIDigits.value(g, 5, 2), let h2 = ASCIIDigits.value(g, 7, 2),
           (1...31).contains(d1), (1...31).contains(d2), h1 <= 24, h2 <= 24 {
            return (TAFTime(day: d1, hour: h1), TAFTime(day: d2, hour: h2))
        }
        if g.count == 6, let d = ASCIIDigits.value(g, 0, 2), let h1 = ASCIIDigits.value(g, 2, 2), let h2 = ASCIIDigits.value(g, 4, 2),
           (1...31).contains(d), h1 <= 24, h2 <= 24 {
            return (TAFTime(day: d, hour: h1), TAFTime(day: h2 <= h1 ? d + 1 : d, hour: h2 == 24 ? 0 : h2))
        }
        return nil
    }

    /// The older `HHHH` change-group times (`TEMPO 2022`), dated by the validity's first day.
    static func oldChangeTime(_ g: [UInt8], from: TAFTime?) -> (TAFTime, TAFTime)? {
        guard g.count == 4, let from, let h1 = ASCIIDigits.value(g, 0, 2), let h2 = ASCIIDigits.value(g, 2, 2),
              h1 <= 24, h2 <= 24 else { return nil }
        let d1 = h1 < from.hour ? from.day + 1 : from.day
        let d2 = h2 <= h1 ? d1 + 1 : d1
        return (TAFTime(day: d1, hour: h1), TAFTime(day: d2, hour: h2))
    }

    /// `FMDDHHMM`, or the older `FMHHMM`, dated by the validity's first day.
    static func fromTime(_ g: [UInt8], validFrom: TAFTime?) -> TAFTime? {
        if g.count == 6, let from = validFrom, let h = ASCIIDigits.value(g, 2, 2), let m = ASCIIDigits.value(g, 4, 2), h <= 24, m < 60 {
            return TAFTime(day: h < from.hour ? from.day + 1 : from.day, hour: h, minute: m)
        }
        guard g.count == 8, let d = ASCIIDigits.value(g, 2, 2), let h = ASCIIDigits.value(g, 4, 2),
              let m = ASCIIDigits.value(g, 6, 2), (1...31).contains(d), h <= 24, m < 60 else { return nil }
        return TAFTime(day: d, hour: h, minute: m)
    }

    /// `TX25/0514Z`, `TNM02/0606Z`.
    static func extreme(_ g: [UInt8], _ prefix: StaticString) -> TAFExtreme? {
        guard g.count >= 10, g.last == UInt8(ascii: "Z"), prefix.withUTF8Buffer({ g.starts(with: $0) }),
              let slash = g.firstIndex(of: UInt8(ascii: "/")), g.count - slash == 6 else { return nil }
        var t = Array(g[2..<slash])
        var sign = 1
        if t.first == UInt8(ascii: "M") { sign = -1; t.removeFirst() }
        guard t.count == 2, let c = ASCIIDigits.value(t, 0, 2), let d = ASCIIDigits.value(g, slash + 1, 2),
              let h = ASCIIDigits.value(g, slash + 3, 2), (1...31).contains(d), h <= 24 else { return nil }
        return TAFExtreme(celsius: sign * c, time: TAFTime(day: d, hour: h))
    }
}
