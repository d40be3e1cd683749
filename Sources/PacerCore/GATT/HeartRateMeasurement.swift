/// One Heart Rate Measurement notification (characteristic 0x2A37, Heart Rate Service 1.0).
///
/// Layout: flags (bit 0 rate is uint16, bits 1-2 sensor contact, bit 3 energy expended,
/// bit 4 RR intervals, bits 5-7 reserved), rate, [energy uint16 kJ], [RR uint16 1/1024 s ...].
public struct HeartRateMeasurement: Equatable, Sendable {
    /// What the strap says about skin contact (flags bits 1-2).
    public enum SensorContact: Equatable, Sendable {
        /// Bit 2 clear: the sensor cannot tell (bit 1 is then meaningless).
        case notSupported
        case notDetected
        case detected
    }

    public static let characteristic: UInt16 = 0x2A37

    public let flags: UInt8
    /// Beats per minute as sent (8- or 16-bit field).
    public let beatsPerMinute: UInt16
    /// Whether the rate came in the 16-bit field.
    public let isSixteenBitRate: Bool
    public let sensorContact: SensorContact
    /// Cumulative energy expended in kilojoules, when the flags include it.
    public let energyExpendedKilojoules: UInt16?
    /// RR intervals in units of 1/1024 s, oldest first; empty when none were sent.
    public let rrIntervals1024: [UInt16]
    /// A lone byte after the last whole RR interval, which straps send and decoders ignore.
    public let ignoredTrailingBytes: Int

    /// RR intervals in milliseconds (raw × 1000 / 1024).
    public var rrIntervalsMilliseconds: [Double] { rrIntervals1024.map { Double($0) * 1000 / 1024 } }

    /// False when the strap reports that it is not touching skin: the rate is then not a heart rate.
    public var isHeartRateValid: Bool { sensorContact != .notDetected }

    public init(bytes: [UInt8]) throws(GATTDecodingError) {
        var reader = try GATTBytes(value: bytes)
        flags = try reader.flags(reserved: 0xE0)
        isSixteenBitRate = flags & 0x01 != 0
        beatsPerMinute = isSixteenBitRate ? try reader.uint16("heart rate (uint16)") : UInt16(try reader.uint8("heart rate"))
        switch (flags & 0x04 != 0, flags & 0x02 != 0) {
        case (false, _): sensorContact = .notSupported
        case (true, false): sensorContact = .notDetected
        case (true, true): sensorContact = .detected
        }
        energyExpendedKilojoules = flags & 0x08 != 0 ? try reader.uint16("energy expended") : nil
        var rr: [UInt16] = []
        if flags & 0x10 != 0 {
            guard reader.remaining >= 2 else {
                if reader.remaining == 0 { throw .missingValues(field: "RR intervals") }
                throw .truncated(field: "RR interval", offset: reader.offset, needed: 2, available: reader.remaining)
            }
            rr.reserveCapacity(reader.remaining / 2)
            while reader.remaining >= 2 { rr.append(try reader.uint16("RR interval")) }
        }
        rrIntervals1024 = rr
        ignoredTrailingBytes = reader.remaining
        // Without RR intervals, extra bytes mean the flags and the length disagree.
        if flags & 0x10 == 0 { try reader.end() }
    }
}
