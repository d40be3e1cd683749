/// A decoded TAF (aerodrome forecast): its validity and a timeline of forecast periods, the
/// base forecast first and every change group after it in the order written.
public struct TAFReport: Equatable, Sendable {
    public var raw: String
    public var station: String?
    public var amended = false
    public var corrected = false
    public var issued: TAFTime?
    public var validFrom: TAFTime?
    public var validTo: TAFTime?
    public var periods: [TAFPeriod] = []
    /// `TXtt/DDHHZ`, `TNtt/DDHHZ`: forecast maximum and minimum temperatures and when.
    public var maxTemperature: TAFExtreme?
    public var minTemperature: TAFExtreme?
    public var unparsed: [String] = []

    public init(raw: String) { self.raw = raw }
}

/// A forecast extreme temperature and the hour it is expected.
public struct TAFExtreme: Equatable, Sendable {
    public var celsius: Int
    public var time: TAFTime
}

/// A day of the month and a time of day, UTC, as TAFs write them (`0918` is the 9th at 18Z,
/// `FM091930` adds minutes). Hour 24 is the end of the day.
public struct TAFTime: Equatable, Sendable, CustomStringConvertible {
    public var day: Int
    public var hour: Int
    public var minute: Int
    public init(day: Int, hour: Int, minute: Int = 0) { self.day = day; self.hour = hour; self.minute = minute }

    /// `DDHH`, or `DDHHMM` when the minutes are not zero.
    public var description: String {
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return two(day) + two(hour) + (minute == 0 ? "" : two(minute))
    }
}

/// One stretch of a TAF's timeline and the conditions forecast for it.
public struct TAFPeriod: Equatable, Sendable {
    public enum Kind: String, Sendable { case base = "BASE", from = "FM", becoming = "BECMG", temporary = "TEMPO", probability = "PROB" }
    public var kind: Kind
    /// 30 or 40 for `PROB30`/`PROB40` (also `PROB30 TEMPO`, which stays a PROB period).
    public var probability: Int?
    public var from: TAFTime?
    public var to: TAFTime?
    public var wind: Wind?
    public var visibilityMetres: Int?
    public var cavok = false
    public var weather: [String] = []
    public var sky: [SkyLayer] = []
    public var clearSky: String?

    public init(kind: Kind) { self.kind = kind }
}
