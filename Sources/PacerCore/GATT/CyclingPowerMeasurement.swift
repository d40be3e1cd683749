/// One Cycling Power Measurement notification (characteristic 0x2A63, Cycling Power Service 1.1).
///
/// Layout, little-endian, each optional field present when its flag bit is set, in this order:
/// flags uint16, instantaneous power sint16 W,
/// [bit 0: pedal power balance uint8, 1/2 %; bit 1 says it is the left pedal's share],
/// [bit 2: accumulated torque uint16, 1/32 N·m; bit 3 says crank-based rather than wheel-based],
/// [bit 4: cumulative wheel revolutions uint32, last wheel event time uint16 in 1/2048 s],
/// [bit 5: cumulative crank revolutions uint16, last crank event time uint16 in 1/1024 s],
/// [bit 6: maximum and minimum force sint16 N], [bit 7: maximum and minimum torque sint16 1/32 N·m],
/// [bit 8: maximum and minimum angle, two uint12 in 3 bytes, degrees],
/// [bit 9: top dead spot angle uint16 degrees], [bit 10: bottom dead spot angle uint16 degrees],
/// [bit 11: accumulated energy uint16 kJ]; bit 12 is the offset compensation indicator;
/// bits 13-15 are reserved. The wheel event time runs at twice the CSC rate (1/2048 s).
public struct CyclingPowerMeasurement: Equatable, Sendable {
    public static let characteristic: UInt16 = 0x2A63
    public static let service: UInt16 = 0x1818

    /// A pair of extremes (force, torque or angle) as sent.
    public struct Extremes<Value: Equatable & Sendable>: Equatable, Sendable {
        public let maximum: Value
        public let minimum: Value
        public init(maximum: Value, minimum: Value) {
            self.maximum = maximum
            self.minimum = minimum
        }
    }

    /// Wheel revolutions from a power meter: the event time runs at 1/2048 s, wrapping every 32 s.
    public struct WheelRevolutions: Equatable, Sendable {
        public let cumulative: UInt32
        public let lastEventTime2048: UInt16
        public init(cumulative: UInt32, lastEventTime2048: UInt16) {
            self.cumulative = cumulative
            self.lastEventTime2048 = lastEventTime2048
        }
    }

    public let flags: UInt16
    /// Instantaneous power in watts (signed: a trainer may report braking as negative).
    public let instantaneousPower: Int16
    /// Pedal power balance in 1/2 %, when present.
    public let pedalPowerBalanceHalfPercent: UInt8?
    /// Flags bit 1: the balance is the left pedal's share (otherwise the reference is unknown).
    public let pedalPowerBalanceIsLeft: Bool
    /// Accumulated torque in 1/32 N·m, when present; wraps at 65536.
    public let accumulatedTorque32: UInt16?
    /// Flags bit 3: the torque is measured at the crank (otherwise at the wheel).
    public let accumulatedTorqueIsCrankBased: Bool
    public let wheel: WheelRevolutions?
    /// Crank revolutions with the event time in 1/1024 s, as CSC sends them.
    public let crank: CSCMeasurement.Revolutions?
    /// Extreme force magnitudes in newtons.
    public let forceNewtons: Extremes<Int16>?
    /// Extreme torque magnitudes in 1/32 N·m.
    public let torque32: Extremes<Int16>?
    /// Extreme angles in degrees (12 bits each, 0...4095).
    public let angleDegrees: Extremes<UInt16>?
    public let topDeadSpotAngleDegrees: UInt16?
    public let bottomDeadSpotAngleDegrees: UInt16?
    /// Accumulated energy in kJ since the sensor was reset.
    public let accumulatedEnergyKilojoules: UInt16?
    /// Flags bit 12: the sensor asks for an offset compensation (a calibration).
    public var offsetCompensationIndicator: Bool { flags & 0x1000 != 0 }

    public var pedalPowerBalancePercent: Double? { pedalPowerBalanceHalfPercent.map { Double($0) / 2 } }
    public var accumulatedTorqueNewtonMetres: Double? { accumulatedTorque32.map { Double($0) / 32 } }

    public init(bytes: [UInt8]) throws(GATTDecodingError) {
        var reader = try GATTBytes(value: bytes)
        let flags = try reader.uint16("flags")
        // Reserved bits live in the high byte; the error carries that byte.
        guard flags & 0xE000 == 0 else { throw .reservedFlags(UInt8(flags >> 8)) }
        self.flags = flags
        func has(_ bit: UInt16) -> Bool { flags & (1 << bit) != 0 }
        instantaneousPower = try reader.int16("instantaneous power")
        pedalPowerBalanceHalfPercent = has(0) ? try reader.uint8("pedal power balance") : nil
        pedalPowerBalanceIsLeft = has(1)
        accumulatedTorque32 = has(2) ? try reader.uint16("accumulated torque") : nil
        accumulatedTorqueIsCrankBased = has(3)
        wheel = has(4) ? try .init(cumulative: reader.uint32("cumulative wheel revolutions"),
                                   lastEventTime2048: reader.uint16("last wheel event time")) : nil
        crank = has(5) ? try .crank(from: &reader) : nil
        forceNewtons = has(6) ? try .init(maximum: reader.int16("maximum force magnitude"),
                                          minimum: reader.int16("minimum force magnitude")) : nil
        torque32 = has(7) ? try .init(maximum: reader.int16("maximum torque magnitude"),
                                      minimum: reader.int16("minimum torque magnitude")) : nil
        if has(8) {
            // Maximum in the low 12 bits, minimum in the high 12 bits of a 24-bit little-endian value.
            let low = try reader.uint16("extreme angles")
            let high = try reader.uint8("extreme angles")
            angleDegrees = .init(maximum: low & 0x0FFF, minimum: low >> 12 | UInt16(high) << 4)
        } else {
            angleDegrees = nil
        }
        topDeadSpotAngleDegrees = has(9) ? try reader.uint16("top dead spot angle") : nil
        bottomDeadSpotAngleDegrees = has(10) ? try reader.uint16("bottom dead spot angle") : nil
        accumulatedEnergyKilojoules = has(11) ? try reader.uint16("accumulated energy") : nil
        try reader.end()
    }
}
