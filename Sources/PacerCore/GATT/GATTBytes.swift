/// A little-endian cursor over a characteristic value: every GATT field is
/// read through it, so every read is bounds-checked and names its field on failure.
struct GATTBytes {
    let bytes: [UInt8]
    private(set) var offset: Int

    init(_ bytes: [UInt8], offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    /// A reader over a whole characteristic value, which is never empty: every characteristic
    /// sends at least its first field.
    init(value bytes: [UInt8]) throws(GATTDecodingError) {
        guard !bytes.isEmpty else { throw .empty }
        self.init(bytes)
    }

    var remaining: Int { bytes.count - offset }

    /// Ends a decode: bytes after the last announced field mean the flags and the length disagree.
    func end() throws(GATTDecodingError) {
        guard remaining == 0 else { throw .unexpectedTrailingBytes(offset: offset, count: remaining) }
    }

    private mutating func take(_ count: Int, _ field: String) throws(GATTDecodingError) -> Int {
        guard remaining >= count else {
            throw .truncated(field: field, offset: offset, needed: count, available: remaining)
        }
        let start = offset
        offset += count
        return start
    }

    mutating func uint8(_ field: String) throws(GATTDecodingError) -> UInt8 {
        bytes[try take(1, field)]
    }

    /// A one-byte flags field, rejected when a bit the specification reserves (set in `reserved`)
    /// is set: the layout after it cannot be trusted.
    mutating func flags(reserved: UInt8) throws(GATTDecodingError) -> UInt8 {
        let flags = try uint8("flags")
        guard flags & reserved == 0 else { throw .reservedFlags(flags) }
        return flags
    }

    mutating func uint16(_ field: String) throws(GATTDecodingError) -> UInt16 {
        let i = try take(2, field)
        return UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8
    }

    mutating func int16(_ field: String) throws(GATTDecodingError) -> Int16 {
        Int16(bitPattern: try uint16(field))
    }

    /// A signed 24-bit field (ESS Elevation), sign-extended.
    mutating func int24(_ field: String) throws(GATTDecodingError) -> Int32 {
        let i = try take(3, field)
        let raw = UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16
        return Int32(bitPattern: raw << 8) >> 8
    }

    mutating func uint32(_ field: String) throws(GATTDecodingError) -> UInt32 {
        let i = try take(4, field)
        return UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 3]) << 24
    }

    /// Lowercase hex without separators, the form of the BLE log (`164e1b03`).
    static func hex<T: FixedWidthInteger>(_ value: T) -> String {
        let digits = String(value, radix: 16)
        let width = T.bitWidth / 4
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
