/// Formats durations, distances, paces, speeds and clock times for people, in the units and
/// clock the user chose. Unknown values print as `--`.
public struct MeasurementFormatter: Sendable {
    public let preferences: DisplayPreferences
    public init(_ preferences: DisplayPreferences) { self.preferences = preferences }

    static let metresPerMile = 1609.344
    static let feetPerMetre = 3.280839895

    var imperial: Bool { preferences.units == .imperial }

    /// `h:mm:ss`, or `m:ss` under an hour.
    public func duration(_ seconds: Double?) -> String {
        guard let seconds, seconds >= 0, let s = seconds.roundedInt(.down) else { return "--" }
        let h = s / 3600, m = s / 60 % 60, sec = s % 60
        return h > 0 ? "\(h):\(two(m)):\(two(sec))" : "\(m):\(two(sec))"
    }

    /// Distance with two decimals in km or mi.
    public func distance(_ metres: Double?) -> String {
        guard let metres, metres.isFinite else { return "--" }
        let v = imperial ? metres / MeasurementFormatter.metresPerMile : metres / 1000
        return fixed(v, 2)
    }

    public var distanceUnit: String { imperial ? "mi" : "km" }

    /// Pace `m:ss` per km or mile from seconds per km; `--` when standing.
    public func pace(secondsPerKilometre: Double?) -> String {
        guard let p = secondsPerKilometre, p.isFinite, p > 0, p < 3600 else { return "--" }
        let v = imperial ? p * MeasurementFormatter.metresPerMile / 1000 : p
        let s = v.clampedInt()
        return "\(s / 60):\(two(s % 60))"
    }

    public var paceUnit: String { imperial ? "/mi" : "/km" }

    /// Speed with one decimal in km/h or mph.
    public func speed(_ mps: Double?) -> String {
        guard let mps, mps.isFinite else { return "--" }
        return fixed(imperial ? mps * 3600 / MeasurementFormatter.metresPerMile : mps * 3.6, 1)
    }

    public var speedUnit: String { imperial ? "mph" : "km/h" }

    /// Elevation in m or ft, whole numbers.
    public func elevation(_ metres: Double?) -> String {
        guard let metres, let v = (imperial ? metres * MeasurementFormatter.feetPerMetre : metres).roundedInt() else { return "--" }
        return String(v)
    }

    public var elevationUnit: String { imperial ? "ft" : "m" }

    /// Local clock time, `14:05:09` or `2:05:09 PM`.
    public func clock(_ time: UTCTime?) -> String {
        guard let time else { return "--:--:--" }
        let local = time.adding(milliseconds: Int64(preferences.utcOffsetSeconds) * 1000)
        let c = local.components
        if preferences.twentyFourHour { return "\(two(c.hour)):\(two(c.minute)):\(two(c.second))" }
        let h12 = c.hour % 12 == 0 ? 12 : c.hour % 12
        return "\(h12):\(two(c.minute)):\(two(c.second)) \(c.hour < 12 ? "AM" : "PM")"
    }

    public func integer(_ v: Int?) -> String { v.map(String.init) ?? "--" }

    public func integer(_ v: Double?) -> String {
        guard let v, let i = v.roundedInt() else { return "--" }
        return String(i)
    }

    func two(_ v: Int) -> String { v < 10 ? "0\(v)" : String(v) }

    func fixed(_ v: Double, _ decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        guard let scaled = (abs(v) * scale).roundedInt() else { return v.description }
        let divisor = scale.clampedInt()
        let whole = scaled / divisor, frac = scaled % divisor
        var f = String(frac)
        while f.count < decimals { f = "0" + f }
        return (v < 0 && scaled != 0 ? "-" : "") + "\(whole)" + (decimals > 0 ? ".\(f)" : "")
    }
}
