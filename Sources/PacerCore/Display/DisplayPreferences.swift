/// How numbers are shown to a person: metric or imperial, 12- or 24-hour clock, and the local
/// time zone's offset (the core has no time zone database; the caller passes the offset).
public struct DisplayPreferences: Equatable, Sendable {
    public typealias Units = UnitSystem

    public var units: Units
    public var twentyFourHour: Bool
    public var utcOffsetSeconds: Int

    public init(units: Units = .metric, twentyFourHour: Bool = true, utcOffsetSeconds: Int = 0) {
        self.units = units
        self.twentyFourHour = twentyFourHour
        self.utcOffsetSeconds = utcOffsetSeconds
    }
}
