extension CyclingPowerMeasurement {
    /// The bytes a power meter would send: instantaneous power (clamped to sint16) and, when given,
    /// crank revolutions (16-bit counter, wrapping) with their last event time in 1/1024 s, from
    /// which a receiver computes cadence.
    public static func encode(watts: Double, crank: CSCMeasurement.Revolutions? = nil) -> [UInt8] {
        let power = Int16(clamping: watts.clampedInt64())
        var out: [UInt8] = []
        out.appendLittleEndian(UInt16(crank == nil ? 0 : 0x20))
        out.appendLittleEndian(power)
        if let crank {
            out.appendLittleEndian(UInt16(truncatingIfNeeded: crank.cumulative))
            out.appendLittleEndian(crank.lastEventTime1024)
        }
        return out
    }
}
