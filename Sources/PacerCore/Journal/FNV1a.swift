/// FNV-1a, 64 bit: stable across runs and machines (Swift's `Hasher` is seeded per process).
/// Where CRC-32C would be blind: a CRC over bytes that end with their own CRC (a journal
/// frame) comes out the same whatever the frame holds.
struct FNV1a {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    mutating func add(_ v: UInt64) {
        var x = v
        for _ in 0..<8 { value = (value ^ (x & 0xff)) &* 0x100_0000_01b3; x >>= 8 }
    }
    mutating func add(_ v: Double) { add(v.bitPattern) }
    mutating func add(_ s: String) {
        for b in s.utf8 { value = (value ^ UInt64(b)) &* 0x100_0000_01b3 }
        add(UInt64(s.utf8.count))
    }
    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        for b in bytes { value = (value ^ UInt64(b)) &* 0x100_0000_01b3 }
    }
}
