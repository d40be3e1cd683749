/// One Cycling Speed and Cadence notification's cumulative counters (16-bit, rolling over).
public struct BikeSensorReading: Equatable, Sendable {
    public var wheelRevolutions: UInt32?
    public var lastWheelEventTime: UInt16?
    public var crankRevolutions: UInt16?
    public var lastCrankEventTime: UInt16?

    public init(wheelRevolutions: UInt32? = nil, lastWheelEventTime: UInt16? = nil,
                crankRevolutions: UInt16? = nil, lastCrankEventTime: UInt16? = nil) {
        self.wheelRevolutions = wheelRevolutions
        self.lastWheelEventTime = lastWheelEventTime
        self.crankRevolutions = crankRevolutions
        self.lastCrankEventTime = lastCrankEventTime
    }
}
