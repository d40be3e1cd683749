/// Metric or imperial, the one unit choice: `[recording] units`, `[display] units`, `--units`;
/// the formatters of every human output read it. JSON always stays SI.
public enum UnitSystem: String, Sendable, CaseIterable {
    case metric, imperial

    public var distanceUnit: String { self == .metric ? "km" : "mi" }
    public var metresPerUnit: Double { self == .metric ? 1000 : 1609.344 }

    /// Distance in km or miles with 2 decimals.
    public func distance(_ metres: Double) -> String { Self.fixed(metres / metresPerUnit, 2) }

    /// Pace per km or mile as m:ss, or `-` when not moving.
    public func pace(metres: Double, seconds: Double) -> String {
        guard metres > 0, seconds > 0 else { return "-" }
        return Self.clock(seconds / (metres / metresPerUnit))
    }

    /// `m:ss` per km or mile from a speed in m/s; nil when standing.
    public func pace(speed: Double?) -> String? {
        speed.flatMap { $0 > 0 ? Self.clock(metresPerUnit / $0) : nil }
    }

    /// km/h or mph from m/s, one decimal, with its unit.
    public func speed(_ metresPerSecond: Double) -> String {
        Self.fixed(metresPerSecond * 3.6 * 1000 / metresPerUnit, 1) + " " + distanceUnit + "/h"
    }

    /// `h:mm:ss` (or `m:ss` under an hour).
    public static func clock(_ seconds: Double) -> String {
        guard seconds >= 0, let total = seconds.roundedInt() else { return "-" }
        let h = total / 3600, m = total / 60 % 60, s = total % 60
        func two(_ v: Int) -> String { v < 10 ? "0" + v.description : v.description }
        return h > 0 ? "\(h):\(two(m)):\(two(s))" : "\(m):\(two(s))"
    }

    /// Fixed decimals without Foundation's String(format:).
    public static func fixed(_ v: Double, _ decimals: Int) -> String {
        guard v.isFinite else { return "-" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        // A value past Int64 (1e308 from a damaged record) is not a number anyone can read either.
        guard let n = Int64(exactly: (abs(v) * scale).rounded()) else { return "-" }
        let divisor = scale.clampedInt64()
        let whole = n / divisor, frac = n % divisor
        var f = frac.description
        while f.count < decimals { f = "0" + f }
        return (v < 0 && n != 0 ? "-" : "") + whole.description + (decimals > 0 ? "." + f : "")
    }

    /// Right-aligns `s` in `width` columns.
    public static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s : String(repeating: " ", count: width - s.count) + s
    }
}
