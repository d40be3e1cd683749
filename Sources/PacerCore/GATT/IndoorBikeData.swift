/// One Indoor Bike Data notification (characteristic 0x2AD2, Fitness Machine Service 1.0, 4.9).
///
/// Layout, little-endian: flags uint16, then each field in this order when its flag says so.
/// Bit 0 is "more data" and works the other way round: the instantaneous speed (uint16,
/// 0.01 km/h) is present when it is 0. Bit 1 average speed uint16, bit 2 instantaneous cadence
/// uint16 0.5 rpm, bit 3 average cadence uint16, bit 4 total distance uint24 m, bit 5
/// resistance level sint16, bit 6 instantaneous power sint16 W, bit 7 average power sint16, bit 8
/// expended energy (total uint16, per hour uint16, per minute uint8), bit 9 heart rate uint8,
/// bit 10 metabolic equivalent uint8, bit 11 elapsed time uint16 s, bit 12 remaining time uint16 s;
/// bits 13-15 are reserved. A trainer splits its fields over several notifications (more data).
public struct IndoorBikeData: Equatable, Sendable {
    public static let characteristic: UInt16 = 0x2AD2
    public static let service: UInt16 = 0x1826

    public let flags: UInt16
    /// Instantaneous speed in 0.01 km/h, when present.
    public let speedHundredthsKmh: UInt16?
    /// Instantaneous cadence in 0.5 rpm, when present.
    public let cadenceHalfRpm: UInt16?
    /// Instantaneous power in watts, when present.
    public let power: Int16?
    public let totalDistanceMetres: UInt32?
    public let heartRate: UInt8?

    public var speedMetresPerSecond: Double? { speedHundredthsKmh.map { Double($0) / 360 } }
    public var cadenceRpm: Double? { cadenceHalfRpm.map { Double($0) / 2 } }

    public init(bytes: [UInt8]) throws(GATTDecodingError) {
        var reader = try GATTBytes(value: bytes)
        flags = try reader.uint16("flags")
        if flags & 0xE000 != 0 { throw GATTDecodingError.reservedFlags(UInt8(flags >> 8)) }
        let present = { [flags] (bit: UInt16) in flags & (1 << bit) != 0 }
        // Bit 0 set: more data follows in another notification, without the speed in this one.
        speedHundredthsKmh = present(0) ? nil : try reader.uint16("instantaneous speed")
        if present(1) { _ = try reader.uint16("average speed") }
        cadenceHalfRpm = present(2) ? try reader.uint16("instantaneous cadence") : nil
        if present(3) { _ = try reader.uint16("average cadence") }
        if present(4) {
            let low = try reader.uint16("total distance")
            let high = try reader.uint8("total distance")
            totalDistanceMetres = UInt32(low) | UInt32(high) << 16
        } else {
            totalDistanceMetres = nil
        }
        if present(5) { _ = try reader.int16("resistance level") }
        power = present(6) ? try reader.int16("instantaneous power") : nil
        if present(7) { _ = try reader.int16("average power") }
        if present(8) {
            _ = try reader.uint16("total energy")
            _ = try reader.uint16("energy per hour")
            _ = try reader.uint8("energy per minute")
        }
        heartRate = present(9) ? try reader.uint8("heart rate") : nil
        if present(10) { _ = try reader.uint8("metabolic equivalent") }
        if present(11) { _ = try reader.uint16("elapsed time") }
        if present(12) { _ = try reader.uint16("remaining time") }
        try reader.end()
    }

    /// The notification a trainer sends with speed, cadence and power (the fake trainer's form).
    public static func encode(speedHundredthsKmh: UInt16, cadenceHalfRpm: UInt16, power: Int16) -> [UInt8] {
        let p = UInt16(bitPattern: power)
        return [0x44, 0x00, UInt8(speedHundredthsKmh & 0xFF), UInt8(speedHundredthsKmh >> 8),
                UInt8(cadenceHalfRpm & 0xFF), UInt8(cadenceHalfRpm >> 8), UInt8(p & 0xFF), UInt8(p >> 8)]
    }
}
