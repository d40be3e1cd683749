extension RSCMeasurement {
    /// Speed at or above which the walking-or-running bit says running (about 9 km/h).
    public static let runningSpeedMetresPerSecond = 2.5

    /// The bytes a footpod would send: speed in 1/256 m/s and cadence per minute (both clamped to
    /// their fields), stride length and total distance when known; the running bit from the speed.
    public static func encode(speedMetresPerSecond: Double, cadencePerMinute: Double?,
                              strideLengthMetres: Double? = nil, totalDistanceMetres: Double? = nil) -> [UInt8] {
        let speed = max(0, speedMetresPerSecond.isFinite ? speedMetresPerSecond : 0)
        var flags: UInt8 = speed >= runningSpeedMetresPerSecond ? 0x04 : 0
        var out: [UInt8] = [0]
        out.appendLittleEndian(UInt16(clamping: Int((speed * 256).rounded())))
        out.append(UInt8(clamping: Int((cadencePerMinute ?? 0).rounded())))
        if let stride = strideLengthMetres, stride.isFinite, stride >= 0 {
            flags |= 0x01
            out.appendLittleEndian(UInt16(clamping: Int((stride * 100).rounded())))
        }
        if let distance = totalDistanceMetres, distance.isFinite, distance >= 0 {
            flags |= 0x02
            out.appendLittleEndian(UInt32(clamping: Int64((distance * 10).rounded(.down))))
        }
        out[0] = flags
        return out
    }
}
