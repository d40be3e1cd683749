extension CyclingPowerMeasurement {
    /// The bytes a power meter would send: instantaneous power (clamped to sint16) and, when given,
    /// crank revolutions (16-bit counter, wrapping) with their last event time in 1/1024 s, from
    /// which a receiver computes cadence; wheel revolutions when given (an ANT+ wheel-torque meter).
    public static func encode(watts: Double, crank: CSCMeasurement.Revolutions? = nil, wheel: WheelRevolutions? = nil) -> [UInt8] {
        let power = Int16(clamping: watts.clampedInt64())
        var out: [UInt8] = []
        out.appendLittleEndian(UInt16(crank == nil ? 0 : 0x20) | UInt16(wheel == nil ? 0 : 0x10))
        out.appendLittleEndian(power)
        CSCMeasurement.appendRevolutions(wheel: wheel.map { ($0.cumulative, $0.lastEventTime2048) }, crank: crank, to: &out)
        return out
    }
}
