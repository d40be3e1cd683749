extension HeartRateMeasurement {
    /// A notification's payload with ATT's default MTU of 23 bytes (opcode and handle take 3).
    public static let defaultNotificationLength = 20

    /// The bytes a strap would send for these values: an 8-bit rate up to 255 bpm, else the 16-bit
    /// field; energy when given; then as many RR intervals as fit in `maximumLength`, the newest
    /// kept (the oldest are the ones a receiver has least use for), in their order.
    public static func encode(beatsPerMinute: Int, contact: SensorContact = .detected,
                              energyExpendedKilojoules: UInt16? = nil, rrIntervals1024: [UInt16] = [],
                              maximumLength: Int = defaultNotificationLength) -> [UInt8] {
        let bpm = UInt16(clamping: max(0, beatsPerMinute))
        var flags: UInt8 = bpm > 0xFF ? 0x01 : 0
        switch contact {
        case .notSupported: break
        case .notDetected: flags |= 0x04
        case .detected: flags |= 0x06
        }
        var out: [UInt8] = [0]
        out.reserveCapacity(maximumLength)
        if bpm > 0xFF { out.appendLittleEndian(bpm) } else { out.append(UInt8(bpm)) }
        if let energy = energyExpendedKilojoules {
            flags |= 0x08
            out.appendLittleEndian(energy)
        }
        let room = max(0, (maximumLength - out.count) / 2)
        if room > 0, !rrIntervals1024.isEmpty {
            flags |= 0x10
            for rr in rrIntervals1024.suffix(room) { out.appendLittleEndian(rr) }
        }
        out[0] = flags
        return out
    }
}

extension Array where Element == UInt8 {
    /// Appends a GATT field (all little-endian).
    mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
        var v = value.littleEndian
        Swift.withUnsafeBytes(of: &v) { append(contentsOf: $0) }
    }
}
