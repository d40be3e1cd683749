import PacerCore

/// What the BlueZ client reports about one sensor: identity, connection state with the
/// reason of the last drop, battery, and (for a strap) the heart rate with its freshness.
public struct BlueZSensorStatus: Equatable, Sendable {
    public let address: String
    public let name: String?
    public let kind: SensorKind?
    public let state: SensorLink.State
    public let lastDropReason: String?
    public let batteryPercent: Int?
    public let heartRate: LatestHeartRate.Reading?
    /// Seconds from each drop that interrupted data to the first value after it.
    public let recoveries: [Double]
    /// Values that could not be decoded.
    public let malformedCount: Int

    /// A one-line summary for logs: `00:22:D0:AA:BB:01 heart_rate streaming battery 87%`.
    public var summary: String {
        var s = "\(address) \(kind?.rawValue ?? "sensor") \(state.rawValue)"
        if state != .streaming, let reason = lastDropReason { s += " (last drop: \(reason))" }
        if let batteryPercent { s += " battery \(batteryPercent)%" }
        if case let .stale(bpm, age)? = heartRate { s += " heart rate \(bpm) stale (\(age.wholeText(.towardZero)) s old)" }
        if case .noContact? = heartRate { s += " no skin contact" }
        return s
    }
}
