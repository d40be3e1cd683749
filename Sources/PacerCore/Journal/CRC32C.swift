/// CRC-32C (Castagnoli, reflected polynomial 0x82F63B78), the checksum of long journal frames
/// (every frame before format 3; short ones take `CRC16CCITT`) and of the history and set
/// indexes. Software slicing-by-8: no CPU instruction is assumed on the board.
public enum CRC32C {
    /// 8 tables of 256 entries; table 0 is the classic byte-at-a-time table.
    static let tables: [UInt32] = {
        var t = [UInt32](repeating: 0, count: 8 * 256)
        for i in 0..<256 {
            var c = UInt32(i)
            for _ in 0..<8 { c = (c & 1) != 0 ? (c >> 1) ^ 0x82F6_3B78 : c >> 1 }
            t[i] = c
        }
        for i in 0..<256 {
            var c = t[i]
            for k in 1..<8 {
                c = t[Int(c & 0xFF)] ^ (c >> 8)
                t[k * 256 + i] = c
            }
        }
        return t
    }()

    /// Continues a running CRC (start with 0) over `bytes`.
    public static func update(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var c = ~crc
        guard var p = bytes.baseAddress, bytes.count > 0 else { return crc }
        var n = bytes.count
        tables.withUnsafeBufferPointer { t in
            while n >= 8 {
                // One term a line: Swift 6.0's type checker gives up on the whole sum at once.
                let x = c ^ p.loadUnaligned(as: UInt32.self).littleEndian
                var sum: UInt32 = t[7 * 256 + Int(x & 0xFF)]
                sum ^= t[6 * 256 + Int((x >> 8) & 0xFF)]
                sum ^= t[5 * 256 + Int((x >> 16) & 0xFF)]
                sum ^= t[4 * 256 + Int(x >> 24)]
                sum ^= t[3 * 256 + Int(p.load(fromByteOffset: 4, as: UInt8.self))]
                sum ^= t[2 * 256 + Int(p.load(fromByteOffset: 5, as: UInt8.self))]
                sum ^= t[1 * 256 + Int(p.load(fromByteOffset: 6, as: UInt8.self))]
                sum ^= t[Int(p.load(fromByteOffset: 7, as: UInt8.self))]
                c = sum
                p += 8
                n -= 8
            }
            while n > 0 {
                c = t[Int((c ^ UInt32(p.load(as: UInt8.self))) & 0xFF)] ^ (c >> 8)
                p += 1
                n -= 1
            }
        }
        return ~c
    }

    public static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 { update(0, bytes) }

    public static func checksum(_ bytes: [UInt8]) -> UInt32 { bytes.withUnsafeBytes { update(0, $0) } }
}
