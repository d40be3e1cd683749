/// The values pacerd re-broadcasts, taken from the live state the socket's STATE shows (so a
/// central and a frontend see the same numbers), plus the strap's RR intervals, which STATE does
/// not carry. Nil: unknown, and then nothing is notified for it.
public struct BroadcastReadings: Equatable, Sendable {
    public var heartRate: Int?
    /// RR intervals (1/1024 s) the strap sent since the last notification, oldest first.
    public var rrIntervals1024: [UInt16] = []
    /// Speed in m/s: the session's, else the GPS fix's while idle.
    public var speed: Double?
    /// Steps per minute on foot (RSC cadence).
    public var stepCadence: Double?
    /// Crank revolutions per minute on a ride (Cycling Power crank data).
    public var crankCadence: Double?
    public var distanceMeters: Double?
    public var power: Double?

    public init(heartRate: Int? = nil, rrIntervals1024: [UInt16] = [], speed: Double? = nil, stepCadence: Double? = nil,
                crankCadence: Double? = nil, distanceMeters: Double? = nil, power: Double? = nil) {
        self.heartRate = heartRate
        self.rrIntervals1024 = rrIntervals1024
        self.speed = speed
        self.stepCadence = stepCadence
        self.crankCadence = crankCadence
        self.distanceMeters = distanceMeters
        self.power = power
    }

    /// The readings of a STATE report. While idle only the GPS speed is in it (the session's
    /// numbers, heart rate included, exist while one records): see `filling(from:)`.
    public init(state: LiveState, rrIntervals1024: [UInt16] = []) {
        let gpsSpeed = state.gps.state == .fix ? state.gps.speed : nil
        guard let session = state.session else {
            self.init(rrIntervals1024: rrIntervals1024, speed: gpsSpeed)
            return
        }
        let ride = session.activity == .ride
        self.init(heartRate: session.heartRate, rrIntervals1024: rrIntervals1024,
                  speed: session.speed ?? gpsSpeed, stepCadence: ride ? nil : session.cadence,
                  crankCadence: ride ? session.cadence : nil, distanceMeters: session.distanceMeters,
                  power: session.power)
    }

    /// These readings with what they lack taken from `sensors` (the sensors' own latest values):
    /// a strap worn while nothing records is still a heart-rate sensor to a trainer app, and a
    /// footpod's speed stands in when there is no GPS. RR intervals go only with a heart rate.
    public func filling(from sensors: BroadcastReadings) -> BroadcastReadings {
        var out = self
        if out.heartRate == nil { out.heartRate = sensors.heartRate }
        if out.speed == nil { out.speed = sensors.speed }
        if out.stepCadence == nil, out.crankCadence == nil { out.stepCadence = sensors.stepCadence }
        if out.power == nil { out.power = sensors.power }
        if out.heartRate == nil { out.rrIntervals1024 = [] }
        return out
    }
}
