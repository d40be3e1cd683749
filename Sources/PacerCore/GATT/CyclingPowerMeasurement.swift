/// One Cycling Power Measurement notification (characteristic 0x2A63, Cycling Power Service 1.1).
///
/// Layout after the 16-bit flags and the instantaneous power (sint16, W), each present when its
/// flag is set, in this order: pedal power balance (uint8, 1/2 %; bit 1 says the reference is the
/// left pedal), accumulated torque (uint16, 1/32 N·m; bit 3: crank- rather than wheel-based),
/// wheel revolution data (uint32 cumulative, uint16 last event time in 1/2048 s), crank revolution
/// data (uint16 cumulative, uint16 last event time in 1/1024 s), extreme force magnitudes (sint16
/// max, min, N), extreme torque magnitudes (sint16 max, min, 1/32 N·m), extreme angles (two 12-bit
/// values in 3 bytes, degrees), top and bottom dead spot angles (uint16, degrees), accumulated
/// energy (uint16, kJ). Bit 12 flags offset compensation; bits 13-15 are reserved.
public struct CyclingPowerMeasurement: Equatable, Sendable {
    public static let characteristic: UInt16 = 0x2A63

    public let flags: UInt16
    public let instantaneousPower: Int16
    /// Percent of the power from the reference pedal, when present.
    public let pedalPowerBalancePercent: Double?
    public let balanceReferenceIsLeft: Bool
    /// Newton metres, when present.
    public let accumulatedTorque: Double?
    public let torqueIsCrankBased: Bool
    /// Wheel revolutions; the event time is in 1/2048 s here (CSC uses 1/1024 s).
    public let wheel: (cumulative: UInt32, lastEventTime2048: UInt16)?
    public let crank: (cumulative: UInt16, lastEventTime1024: UInt16)?
    public let extremeForce: (maximum: Int16, minimum: Int16)?
    /// Newton metres.
    public let extremeTorque: (maximum: Double, minimum: Double)?
    public let extremeAngles: (maximum: UInt16, minimum: UInt16)?
    public let topDeadSpotAngle: UInt16?
    public let bottomDeadSpotAngle: UInt16?
    /// Kilojoules.
    public let accumulatedEnergy: UInt16?
    public var offsetCompensation: Bool { flags & 0x1000 != 0 }

    public init(bytes: [UInt8]) throws(GATTDecodingError) {
        guard !bytes.isEmpty else { throw .empty }
        var r = GATTBytes(bytes)
        let flags = try r.uint16("flags")
        guard flags & 0xE000 == 0 else { throw .outOfRange(field: "flags (reserved bits 13-15)", value: Int(flags)) }
        self.flags = flags
        instantaneousPower = Int16(bitPattern: try r.uint16("instantaneous power"))
        pedalPowerBalancePercent = flags & 0x0001 != 0 ? Double(try r.uint8("pedal power balance")) / 2 : nil
        balanceReferenceIsLeft = flags & 0x0002 != 0
        accumulatedTorque = flags & 0x0004 != 0 ? Double(try r.uint16("accumulated torque")) / 32 : nil
        torqueIsCrankBased = flags & 0x0008 != 0
        if flags & 0x0010 != 0 {
            let revolutions = try r.uint32("cumulative wheel revolutions")
            wheel = (revolutions, try r.uint16("last wheel event time"))
        } else {
            wheel = nil
        }
        if flags & 0x0020 != 0 {
            let revolutions = try r.uint16("cumulative crank revolutions")
            crank = (revolutions, try r.uint16("last crank event time"))
        } else {
            crank = nil
        }
        if flags & 0x0040 != 0 {
            let maximum = Int16(bitPattern: try r.uint16("maximum force magnitude"))
            extremeForce = (maximum, Int16(bitPattern: try r.uint16("minimum force magnitude")))
        } else {
            extremeForce = nil
        }
        if flags & 0x0080 != 0 {
            let maximum = Double(Int16(bitPattern: try r.uint16("maximum torque magnitude"))) / 32
            extremeTorque = (maximum, Double(Int16(bitPattern: try r.uint16("minimum torque magnitude"))) / 32)
        } else {
            extremeTorque = nil
        }
        if flags & 0x0100 != 0 {
            let a = UInt16(try r.uint8("extreme angles")), b = UInt16(try r.uint8("extreme angles")),
                c = UInt16(try r.uint8("extreme angles"))
            extremeAngles = (a | (b & 0x0F) << 8, b >> 4 | c << 4)
        } else {
            extremeAngles = nil
        }
        topDeadSpotAngle = flags & 0x0200 != 0 ? try r.uint16("top dead spot angle") : nil
        bottomDeadSpotAngle = flags & 0x0400 != 0 ? try r.uint16("bottom dead spot angle") : nil
        accumulatedEnergy = flags & 0x0800 != 0 ? try r.uint16("accumulated energy") : nil
        guard r.remaining == 0 else { throw .unexpectedTrailingBytes(offset: r.offset, count: r.remaining) }
    }

    public static func == (a: CyclingPowerMeasurement, b: CyclingPowerMeasurement) -> Bool {
        a.flags == b.flags && a.instantaneousPower == b.instantaneousPower && a.pedalPowerBalancePercent == b.pedalPowerBalancePercent
            && a.accumulatedTorque == b.accumulatedTorque && a.wheel?.cumulative == b.wheel?.cumulative
            && a.wheel?.lastEventTime2048 == b.wheel?.lastEventTime2048 && a.crank?.cumulative == b.crank?.cumulative
            && a.crank?.lastEventTime1024 == b.crank?.lastEventTime1024 && a.extremeForce?.maximum == b.extremeForce?.maximum
            && a.extremeForce?.minimum == b.extremeForce?.minimum && a.extremeTorque?.maximum == b.extremeTorque?.maximum
            && a.extremeTorque?.minimum == b.extremeTorque?.minimum && a.extremeAngles?.maximum == b.extremeAngles?.maximum
            && a.extremeAngles?.minimum == b.extremeAngles?.minimum && a.topDeadSpotAngle == b.topDeadSpotAngle
            && a.bottomDeadSpotAngle == b.bottomDeadSpotAngle && a.accumulatedEnergy == b.accumulatedEnergy
    }
}
