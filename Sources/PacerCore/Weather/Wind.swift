/// Surface wind from a METAR or TAF, in knots whatever unit the report used.
public struct Wind: Equatable, Sendable {
    /// Degrees true the wind blows from; nil when variable (`VRB`) or not reported (`/////`).
    public var direction: Int?
    public var variable: Bool
    public var speed: Int?
    public var gust: Int?
    /// `dddVddd`: the sector a wind varies over.
    public var variableFrom: Int?
    public var variableTo: Int?

    public init(direction: Int?, variable: Bool, speed: Int?, gust: Int?, variableFrom: Int? = nil, variableTo: Int? = nil) {
        self.direction = direction
        self.variable = variable
        self.speed = speed
        self.gust = gust
        self.variableFrom = variableFrom
        self.variableTo = variableTo
    }

    /// `00000KT`: calm, which has no direction worth naming.
    public var isCalm: Bool { speed == 0 && gust == nil }
}
