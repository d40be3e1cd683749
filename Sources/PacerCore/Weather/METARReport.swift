/// A decoded METAR or SPECI: what a reporting station observed. Values it did not report are
/// nil; groups it could not read are listed in `unparsed` as written.
public struct METARReport: Equatable, Sendable {
    public var raw: String
    public var kind = "METAR"
    public var station: String?
    public var day: Int?
    public var hour: Int?
    public var minute: Int?
    public var automatic = false
    public var corrected = false
    /// `NIL`: the report is missing; nothing else follows.
    public var missing = false
    public var wind: Wind?
    /// Prevailing visibility in metres (`9999` and `CAVOK` read as 10 000).
    public var visibilityMetres: Int?
    /// A `M` (less than) or `P` (more than) statute-mile visibility.
    public var visibilityBound: Character?
    public var cavok = false
    public var runwayVisualRanges: [RunwayVisualRange] = []
    /// Present weather as written (`+TSRA`, `VCSH`, `-FZDZ`, `BR`).
    public var weather: [String] = []
    public var sky: [SkyLayer] = []
    /// `SKC`, `CLR`, `NSC` or `NCD` when the sky was reported free of cloud.
    public var clearSky: String?
    /// From the body (whole degrees) or, more precisely, the `T` remark (tenths).
    public var temperatureC: Double?
    public var dewpointC: Double?
    public var altimeterHPa: Double?
    public var seaLevelPressureHPa: Double?
    /// `RE` groups: recent weather (`RERA`).
    public var recentWeather: [String] = []
    /// `NOSIG`, or a `BECMG`/`TEMPO` trend as written.
    public var trend: String?
    public var remarks: String?
    public var unparsed: [String] = []

    public init(raw: String) { self.raw = raw }

    /// The most of the sky any layer covers: OVC > BKN > SCT > FEW > clear; nil if unreported.
    public var prevailingCover: SkyLayer.Amount? { sky.map(\.amount).max() }
}

/// `Rrr(L|C|R)/(M|P)vvvv(Vvvvv)(FT)(U|D|N)`: the visual range along one runway.
public struct RunwayVisualRange: Equatable, Sendable {
    public var runway: String
    public var lowestMetres: Int
    public var highestMetres: Int?
    public var bound: Character?
    public var trend: Character?
}
