/// What the position filter concluded from one accepted fix.
public struct PositionEstimate: Equatable, Sendable {
    public var latitude: Double
    public var longitude: Double
    /// The receiver's altitude of this fix (the elevation tracker smooths it).
    public var altitudeMSL: Double?
    /// Filtered speed over ground in m/s; exactly 0 while standing still.
    public var speed: Double
    /// Filtered course in degrees, nil while standing still.
    public var course: Double?
    /// Metres travelled since the previous estimate (0 while standing still).
    public var distanceIncrement: Double
    public var isStationary: Bool
    /// True when this fix ended a dropout and `distanceIncrement` bridges it.
    public var bridgedGap: Bool
    /// Horizontal one-sigma uncertainty of the measurement, metres.
    public var horizontalError: Double
    /// True when the fix's position was rejected as an outlier and the estimate was dead-reckoned
    /// from the previous one with the fix's Doppler velocity.
    public var positionRejected = false
}
