extension CSCMeasurement {
    /// The bytes a speed/cadence sensor would send: the flags, then whichever of the wheel
    /// (32-bit count) and crank (16-bit count, truncated) revolutions are given.
    public static func encode(wheel: Revolutions?, crank: Revolutions?) -> [UInt8] {
        var out: [UInt8] = [(wheel == nil ? 0 : 0x01) | (crank == nil ? 0 : 0x02)]
        appendRevolutions(wheel: wheel.map { ($0.cumulative, $0.lastEventTime1024) }, crank: crank, to: &out)
        return out
    }

    /// Wheel revolutions (32-bit count, event time) then crank revolutions (16-bit count, event
    /// time): the order and widths CSC and Cycling Power share (only the wheel time's unit differs).
    static func appendRevolutions(wheel: (cumulative: UInt32, time: UInt16)?, crank: Revolutions?, to out: inout [UInt8]) {
        if let wheel {
            out.appendLittleEndian(wheel.cumulative)
            out.appendLittleEndian(wheel.time)
        }
        if let crank {
            out.appendLittleEndian(UInt16(truncatingIfNeeded: crank.cumulative))
            out.appendLittleEndian(crank.lastEventTime1024)
        }
    }
}
