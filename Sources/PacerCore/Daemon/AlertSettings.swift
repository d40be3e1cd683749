/// Thresholds for the alert EVENTs (`[alerts]` in the config).
public struct AlertSettings: Equatable, Sendable {
    /// Heart rate above which `hr_high` fires; nil for no alert.
    public var heartRateHigh: Int?
    /// Heart rate below which `hr_low` fires (only while moving in a session); nil for no alert.
    public var heartRateLow: Int?
    /// bpm back inside the range before `hr_in_range` fires, so a rate on the line does not chatter.
    public var heartRateHysteresis = 3
    /// Seconds a new zone must hold before `zone_changed` fires.
    public var zoneHoldSeconds = 5.0
    /// Battery level at or below which `sensor_battery_low` fires once.
    public var batteryLowPercent = 15

    public init() {}
}
