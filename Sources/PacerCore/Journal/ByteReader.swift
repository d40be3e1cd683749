/// A bounds-checked cursor over bytes: every read throws `ByteReader.Truncated` instead of
/// trapping, so damaged input can never crash the scanner.
public struct ByteReader {
    public struct Truncated: Error {}
    public struct Malformed: Error {}

    public let base: UnsafeRawBufferPointer
    public var offset: Int
    public let end: Int

    public init(_ base: UnsafeRawBufferPointer, offset: Int = 0, end: Int? = nil) {
        self.base = base
        self.offset = offset
        self.end = end ?? base.count
    }

    public var remaining: Int { end - offset }
    public var isAtEnd: Bool { offset >= end }

    @inline(__always) public mutating func u8() throws -> UInt8 {
        guard offset < end else { throw Truncated() }
        defer { offset += 1 }
        return base[offset]
    }

    public mutating func u16() throws -> UInt16 {
        guard end - offset >= 2 else { throw Truncated() }
        defer { offset += 2 }
        return UInt16(base[offset]) | UInt16(base[offset + 1]) << 8
    }

    public mutating func u32() throws -> UInt32 {
        guard end - offset >= 4 else { throw Truncated() }
        defer { offset += 4 }
        return UInt32(base[offset]) | UInt32(base[offset + 1]) << 8 | UInt32(base[offset + 2]) << 16 | UInt32(base[offset + 3]) << 24
    }

    public mutating func u64() throws -> UInt64 {
        let lo = try u32()
        return UInt64(lo) | UInt64(try u32()) << 32
    }

    public mutating func i64() throws -> Int64 { Int64(bitPattern: try u64()) }
    public mutating func f64() throws -> Double { Double(bitPattern: try u64()) }

    @inline(__always) public mutating func varint() throws -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let b = try u8()
            guard shift < 64 else { throw Malformed() }
            result |= UInt64(b & 0x7F) << shift
            if b < 0x80 { return result }
            shift += 7
        }
    }

    @inline(__always) public mutating func zigzag() throws -> Int64 {
        let u = try varint()
        return Int64(bitPattern: u >> 1) ^ -Int64(bitPattern: u & 1)
    }

    /// A varint that must fit a small count (guards allocations against damaged lengths).
    /// `max` is evaluated before the varint is read.
    public mutating func count(max: Int) throws -> Int {
        let v = try varint()
        guard v <= UInt64(max) else { throw Malformed() }
        return Int(v)
    }

    public mutating func string() throws -> String {
        let v = try varint()
        guard v <= UInt64(remaining) else { throw Truncated() }
        let n = Int(v)
        defer { offset += n }
        return String(decoding: UnsafeRawBufferPointer(rebasing: base[offset..<(offset + n)]), as: UTF8.self)
    }

    public mutating func bytes(_ n: Int) throws -> UnsafeRawBufferPointer {
        guard n >= 0, end - offset >= n else { throw Truncated() }
        defer { offset += n }
        return UnsafeRawBufferPointer(rebasing: base[offset..<(offset + n)])
    }
}
