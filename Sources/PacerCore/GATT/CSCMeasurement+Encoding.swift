extension CSCMeasurement {
    /// The bytes a speed/cadence sensor would send: the flags, then whichever of the wheel
    /// (32-bit count) and crank (16-bit count, truncated) revolutions are given.
    public static func encode(wheel: Revolutions?, crank: Revolutions?) -> [UInt8] {
        var out: [UInt8] = [(wheel == nil ? 0 : 0x01) | (crank == nil ? 0 : 0x02)]
        if let wheel {
            out.appendLittleEndian(wheel.cumulative)
            out.appendLittleEndian(wheel.lastEventTime1024)
        }
        if let crank {
            out.appendLittleEndian(UInt16(truncatingIfNeeded: crank.cumulative))
            out.appendLittleEndian(crank.lastEventTime1024)
        }
        return out
    }
}
