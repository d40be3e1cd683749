/// One recorded point of a session (normally one a second): what the journal stores per
/// sample and what the exporters write as a track point. Absent sensors are nil.
public struct SessionSample: Codable, Equatable, Sendable {
    public var time: UTCTime
    public var latitude: Double?
    public var longitude: Double?
    public var altitudeMSL: Double?
    /// Filtered speed in m/s.
    public var speed: Double?
    /// Filtered distance from the session start, metres.
    public var distanceMeters: Double
    public var heartRate: Int?
    /// RR intervals received since the previous sample, in 1/1024 s as the strap sends them.
    public var rrIntervals: [UInt16]
    /// Steps (or crank revolutions for a ride) per minute.
    public var cadence: Double?
    public var steps: Int?
    /// Instantaneous power from a power meter, watts.
    public var power: Int?

    public init(time: UTCTime, latitude: Double? = nil, longitude: Double? = nil, altitudeMSL: Double? = nil,
                speed: Double? = nil, distanceMeters: Double = 0, heartRate: Int? = nil,
                rrIntervals: [UInt16] = [], cadence: Double? = nil, steps: Int? = nil, power: Int? = nil) {
        self.time = time
        self.latitude = latitude
        self.longitude = longitude
        self.altitudeMSL = altitudeMSL
        self.speed = speed
        self.distanceMeters = distanceMeters
        self.heartRate = heartRate
        self.rrIntervals = rrIntervals
        self.cadence = cadence
        self.steps = steps
        self.power = power
    }
}
