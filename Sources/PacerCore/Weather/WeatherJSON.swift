/// The `pacerctl weather --json` shapes of issue #16, one object per report. Absent values are
/// null; cloud heights are feet as reported.
public enum WeatherJSON {
    public static func write(_ m: METARReport, into w: inout JSONWriter) {
        w.beginObject()
        w.key("station"); w.value(m.station)
        w.key("day"); w.value(m.day)
        w.key("time"); w.value(m.hour.flatMap { h in m.minute.map { two(h) + ":" + two($0) } })
        writeWind(m.wind, into: &w)
        w.key("wind_var_from_deg"); w.value(m.wind?.variableFrom)
        w.key("wind_var_to_deg"); w.value(m.wind?.variableTo)
        w.key("visibility_m"); w.value(m.visibilityMetres)
        w.key("temp_c"); w.value(m.temperatureC, decimals: 1)
        w.key("dewpoint_c"); w.value(m.dewpointC, decimals: 1)
        w.key("altimeter_hpa"); w.value(m.altimeterHPa, decimals: 1)
        writeCover(m.sky, into: &w)
        writeStrings("weather", m.weather, into: &w)
        writeStrings("unparsed", m.unparsed, into: &w)
        w.endObject()
    }

    public static func write(_ t: TAFReport, into w: inout JSONWriter) {
        w.beginObject()
        w.key("station"); w.value(t.station)
        w.key("valid_from"); w.value(t.validFrom?.description)
        w.key("valid_to"); w.value(t.validTo?.description)
        w.key("periods"); w.beginArray()
        for p in t.periods {
            w.beginObject()
            w.key("type"); w.value(p.kind.rawValue)
            w.key("prob"); w.value(p.probability)
            w.key("from"); w.value(p.from?.description)
            w.key("to"); w.value(p.to?.description)
            w.key("wind_dir_deg"); w.value(p.wind?.direction)
            w.key("wind_speed_kt"); w.value(p.wind?.speed)
            w.key("visibility_m"); w.value(p.visibilityMetres)
            writeCover(p.sky, into: &w)
            writeStrings("weather", p.weather, into: &w)
            w.endObject()
        }
        w.endArray()
        w.endObject()
    }

    private static func writeWind(_ wind: Wind?, into w: inout JSONWriter) {
        w.key("wind_dir_deg"); w.value(wind?.direction)
        w.key("wind_speed_kt"); w.value(wind?.speed)
        w.key("wind_gust_kt"); w.value(wind?.gust)
    }

    private static func writeCover(_ sky: [SkyLayer], into w: inout JSONWriter) {
        w.key("cover"); w.beginArray()
        for l in sky { w.beginArray(); w.value(l.amount.rawValue); w.value(l.heightFeet); w.endArray() }
        w.endArray()
    }

    private static func writeStrings(_ key: StaticString, _ values: [String], into w: inout JSONWriter) {
        w.key(key); w.beginArray()
        for v in values { w.value(v) }
        w.endArray()
    }

    static func two(_ v: Int) -> String { v < 10 ? "0\(v)" : String(v) }
}
