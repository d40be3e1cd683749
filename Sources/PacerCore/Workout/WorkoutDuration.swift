/// How a step ends: after a time, after a distance moved, or when the athlete presses lap.
public enum WorkoutDuration: Equatable, Sendable {
    case seconds(Double)
    case meters(Double)
    /// Until the lap button (or a skip): FIT's "open", a warm-up of whatever length.
    case open

    /// The seconds of a timed step; nil for the others.
    public var seconds: Double? { switch self { case .seconds(let s): s; default: nil } }
    /// The metres of a distance step; nil for the others.
    public var meters: Double? { switch self { case .meters(let m): m; default: nil } }

    /// A day, and a distance no single step of a plan covers: past these a number is a mistake.
    static let longestSeconds = 86_400.0
    static let longestMeters = 1_000_000.0

    var problem: String? {
        switch self {
        case .seconds(let s):
            guard s.isFinite, s > 0 else { return "a duration of \(UnitSystem.fixed(s, 1)) s: a step lasts more than 0 s" }
            return s > Self.longestSeconds ? "a duration of \(s.wholeText()) s is longer than a day" : nil
        case .meters(let m):
            guard m.isFinite, m > 0 else { return "a distance of \(UnitSystem.fixed(m, 1)) m: a step covers more than 0 m" }
            return m > Self.longestMeters ? "a distance of \(m.wholeText()) m is longer than 1000 km" : nil
        case .open:
            return nil
        }
    }
}
