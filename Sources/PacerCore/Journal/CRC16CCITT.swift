/// CRC-16/CCITT (polynomial 0x1021, initial value 0xFFFF, not reflected, no final XOR; also
/// called CRC-16/IBM-3740): the check of a format 3 short frame (`JournalFrame`), where a
/// CRC-32C would be a third of the frame. The non-zero start makes leading zero bytes count.
public enum CRC16CCITT {
    static let table: [UInt16] = (0..<256).map { i in
        var c = UInt16(i) << 8
        for _ in 0..<8 { c = c & 0x8000 != 0 ? (c << 1) ^ 0x1021 : c << 1 }
        return c
    }

    /// Continues a running CRC (start with `initial`) over `bytes`.
    public static func update(_ crc: UInt16, _ bytes: UnsafeRawBufferPointer) -> UInt16 {
        var c = crc
        table.withUnsafeBufferPointer { t in
            for b in bytes { c = (c << 8) ^ t[Int(UInt8(truncatingIfNeeded: c >> 8) ^ b)] }
        }
        return c
    }

    public static let initial: UInt16 = 0xFFFF

    public static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt16 { update(initial, bytes) }

    public static func checksum(_ bytes: [UInt8]) -> UInt16 { bytes.withUnsafeBytes { update(initial, $0) } }
}
