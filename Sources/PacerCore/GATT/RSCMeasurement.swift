/// One RSC Measurement notification (characteristic 0x2A53, Running Speed and Cadence Service 1.0).
///
/// Layout: flags (bit 0 stride length, bit 1 total distance, bit 2 running, bits 3-7 reserved),
/// speed uint16 in 1/256 m/s, cadence uint8 per minute, [stride uint16 in 1/100 m], [distance uint32 in 1/10 m].
public struct RSCMeasurement: Equatable, Sendable {
    public static let characteristic: UInt16 = 0x2A53

    public let flags: UInt8
    /// Instantaneous speed in units of 1/256 m/s, as sent.
    public let speed256: UInt16
    /// Instantaneous cadence per minute, as the footpod counts it (steps per minute).
    public let cadencePerMinute: UInt8
    /// Instantaneous stride length in centimetres (1/100 m), when present.
    public let strideLengthCentimetres: UInt16?
    /// Total distance since the footpod was reset, in decimetres (1/10 m), when present.
    public let totalDistanceDecimetres: UInt32?
    /// Flags bit 2: the footpod thinks the wearer is running rather than walking.
    public let isRunning: Bool

    public var speedMetresPerSecond: Double { Double(speed256) / 256 }
    public var strideLengthMetres: Double? { strideLengthCentimetres.map { Double($0) / 100 } }
    public var totalDistanceMetres: Double? { totalDistanceDecimetres.map { Double($0) / 10 } }

    public init(bytes: [UInt8]) throws(GATTDecodingError) {
        var reader = try GATTBytes(value: bytes)
        flags = try reader.flags(reserved: 0xF8)
        isRunning = flags & 0x04 != 0
        speed256 = try reader.uint16("instantaneous speed")
        cadencePerMinute = try reader.uint8("instantaneous cadence")
        strideLengthCentimetres = flags & 0x01 != 0 ? try reader.uint16("instantaneous stride length") : nil
        totalDistanceDecimetres = flags & 0x02 != 0 ? try reader.uint32("total distance") : nil
        try reader.end()
    }
}
