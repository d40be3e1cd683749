/// What `pacerctl sun` prints: the place, the day and its sun times, as words or JSON.
public struct SunReport: Sendable {
    public var latitude: Double
    public var longitude: Double
    public var year: Int, month: Int, day: Int
    public var sun: SolarCalculator.Day

    public init?(latitude: Double, longitude: Double, year: Int, month: Int, day: Int) {
        guard let sun = SolarCalculator.day(latitude: latitude, longitude: longitude, year: year, month: month, day: day) else { return nil }
        self.latitude = latitude
        self.longitude = longitude
        (self.year, self.month, self.day) = (year, month, day)
        self.sun = sun
    }

    /// `LAT,LON` in decimal degrees, as `--at` and `--near` take it.
    public static func coordinates(_ text: String) -> (latitude: Double, longitude: Double)? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let lat = Double(parts[0].filter { $0 != " " }), let lon = Double(parts[1].filter { $0 != " " }),
              lat.isFinite, lon.isFinite, abs(lat) <= 90, abs(lon) <= 180 else { return nil }
        return (lat, lon)
    }

    /// `YYYY-MM-DD`.
    public static func date(_ text: String) -> (year: Int, month: Int, day: Int)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
              UTCTime(year: y, month: m, day: d, hour: 0, minute: 0, second: 0) != nil else { return nil }
        return (y, m, d)
    }

    var dateText: String {
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(year)-\(two(month))-\(two(day))"
    }

    /// Times in the user's clock and time zone, with UTC beside them.
    public func text(_ preferences: DisplayPreferences) -> String {
        var noClock = preferences
        noClock.utcOffsetSeconds = 0
        func both(_ exact: UTCTime) -> String {
            let t = exact.adding(milliseconds: 30_000)  // to the nearest minute, as almanacs print
            let local = String(MeasurementFormatter(preferences).clock(t).prefix(while: { $0 != " " }).dropLast(3))
            let utc = String(MeasurementFormatter(noClock).clock(t).prefix(while: { $0 != " " }).dropLast(3))
            let suffix = preferences.twentyFourHour ? "" : (MeasurementFormatter(preferences).clock(t).hasSuffix("PM") ? " PM" : " AM")
            let utcSuffix = preferences.twentyFourHour ? "" : (MeasurementFormatter(noClock).clock(t).hasSuffix("PM") ? " PM" : " AM")
            return "\(local)\(suffix) (\(utc)\(utcSuffix) UTC)"
        }
        var out = "sun at \(latitude), \(longitude) on \(dateText)\n"
        switch sun {
        case let .normal(rise, noon, set):
            out += "sunrise  \(both(rise))\nnoon     \(both(noon))\nsunset   \(both(set))\n"
            let minutes = ((set.secondsSinceEpoch - rise.secondsSinceEpoch) / 60).clampedInt()
            out += "daylight \(minutes / 60) h \(minutes % 60) min\n"
        case let .polarDay(noon):
            out += "the sun does not set (polar day); noon \(both(noon))\n"
        case let .polarNight(noon):
            out += "the sun does not rise (polar night); noon \(both(noon))\n"
        }
        return out
    }

    /// `{"lat","lon","date","sunrise","noon","sunset","polar"}`: times RFC 3339 UTC, `polar` is
    /// null, "day" or "night" (then sunrise and sunset are null).
    public func json(into w: inout JSONWriter) {
        w.beginObject()
        w.key("lat"); w.value(latitude)
        w.key("lon"); w.value(longitude)
        w.key("date"); w.value(dateText)
        switch sun {
        case let .normal(rise, noon, set):
            w.key("sunrise"); w.value(rise); w.key("noon"); w.value(noon); w.key("sunset"); w.value(set)
            w.key("polar"); w.null()
        case let .polarDay(noon), let .polarNight(noon):
            w.key("sunrise"); w.null(); w.key("noon"); w.value(noon); w.key("sunset"); w.null()
            w.key("polar"); w.value(sun == .polarDay(noon: noon) ? "day" : "night")
        }
        w.endObject()
    }
}
