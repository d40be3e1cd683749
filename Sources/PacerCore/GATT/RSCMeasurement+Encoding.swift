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
        out.appendLittleEndian(UInt16(clamping: (speed * 256).clampedInt64()))
        out.append(UInt8(clamping: (cadencePerMinute ?? 0).clampedInt64()))
        if let stride = strideLengthMetres, stride.isFinite, stride >= 0 {
            flags |= 0x01
            out.appendLittleEndian(UInt16(clamping: (stride * 100).clampedInt64()))
        }
        if let distance = totalDistanceMetres, distance.isFinite, distance >= 0 {
            flags |= 0x02
            out.appendLittleEndian(UInt32(clamping: (distance * 10).clampedInt64(.down)))
        }
        out[0] = flags
        return out
    }
}
