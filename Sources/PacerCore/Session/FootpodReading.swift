/// One Running Speed and Cadence notification as the engine needs it.
public struct FootpodReading: Equatable, Sendable {
    /// Instantaneous speed in m/s.
    public var speed: Double?
    /// Instantaneous cadence in steps per minute.
    public var cadence: Double?
    /// Metres, when the footpod reports it.
    public var strideLength: Double?
    public var totalDistance: Double?

    public init(speed: Double? = nil, cadence: Double? = nil, strideLength: Double? = nil, totalDistance: Double? = nil) {
        self.speed = speed
        self.cadence = cadence
        self.strideLength = strideLength
        self.totalDistance = totalDistance
    }
}

extension FootpodReading {
    /// From a decoded 0x2A53 notification.
    public init(_ m: RSCMeasurement) {
        self.init(speed: m.speedMetresPerSecond, cadence: Double(m.cadencePerMinute),
                  strideLength: m.strideLengthMetres, totalDistance: m.totalDistanceMetres)
    }
}
