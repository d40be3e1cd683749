/// Little-endian and LEB128 varint encoding into a growing byte array: the primitive under
/// journal records, the history index and FIT messages.
public struct ByteWriter: Sendable {
    public var bytes: [UInt8]

    public init(capacity: Int = 64) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    public var count: Int { bytes.count }

    public mutating func u8(_ v: UInt8) { bytes.append(v) }

    public mutating func u16(_ v: UInt16) { bytes.append(UInt8(v & 0xFF)); bytes.append(UInt8(v >> 8)) }

    /// One append of the value's little-endian bytes, not one per byte (each a uniqueness check).
    public mutating func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }

    public mutating func u64(_ v: UInt64) { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }

    public mutating func i64(_ v: Int64) { u64(UInt64(bitPattern: v)) }

    /// A Double stored bit-exactly, so a summary read back prints the same JSON.
    public mutating func f64(_ v: Double) { u64(v.bitPattern) }

    /// Unsigned LEB128.
    public mutating func varint(_ v: UInt64) {
        var v = v
        while v >= 0x80 {
            bytes.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    /// Signed values as zigzag LEB128: small magnitudes of either sign take one byte.
    public mutating func zigzag(_ v: Int64) { varint(UInt64(bitPattern: (v << 1) ^ (v >> 63))) }

    public mutating func string(_ s: String) {
        let utf8 = Array(s.utf8)
        varint(UInt64(utf8.count))
        bytes.append(contentsOf: utf8)
    }

    public mutating func append(_ other: [UInt8]) { bytes.append(contentsOf: other) }

    /// Overwrites 4 bytes at `offset` (used to patch a length or CRC after the body is known).
    public mutating func patchU32(_ v: UInt32, at offset: Int) {
        bytes[offset] = UInt8(v & 0xFF); bytes[offset + 1] = UInt8((v >> 8) & 0xFF)
        bytes[offset + 2] = UInt8((v >> 16) & 0xFF); bytes[offset + 3] = UInt8(v >> 24)
    }
}
