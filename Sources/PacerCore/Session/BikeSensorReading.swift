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

extension BikeSensorReading {
    /// From a decoded 0x2A5B notification (the crank counter is 16-bit on the wire).
    public init(_ m: CSCMeasurement) {
        self.init(wheelRevolutions: m.wheel?.cumulative, lastWheelEventTime: m.wheel?.lastEventTime1024,
                  crankRevolutions: m.crank.map { UInt16(truncatingIfNeeded: $0.cumulative) },
                  lastCrankEventTime: m.crank?.lastEventTime1024)
    }
}
