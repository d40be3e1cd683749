/// SHA-256 (FIPS 180-4), in pure Swift: the webhook's HMAC signature and the multipart
/// boundary need it, and the core has no crypto library (no Foundation, no OpenSSL).
/// Not for passwords or keys at rest: it signs what is sent, nothing more.
public struct SHA256: Sendable {
    public static let digestLength = 32
    public static let blockLength = 64

    private var h: [UInt32] = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    public init() { pending.reserveCapacity(Self.blockLength) }

    /// The digest of `bytes` in one call.
    public static func hash(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        var s = SHA256()
        s.update(bytes)
        return s.finalize()
    }

    public mutating func update(_ bytes: some Sequence<UInt8>) {
        // A FIT file of megabytes goes through in whole blocks; other sequences byte by byte.
        let whole: Void? = bytes.withContiguousStorageIfAvailable { buffer in update(buffer: UnsafeRawBufferPointer(buffer)) }
        if whole != nil { return }
        for b in bytes {
            pending.append(b)
            // The length is in bits modulo 2^64, as the standard pads it.
            length &+= 8
            if pending.count == Self.blockLength {
                compress(pending[...])
                pending.removeAll(keepingCapacity: true)
            }
        }
    }

    private mutating func update(buffer: UnsafeRawBufferPointer) {
        length &+= UInt64(buffer.count) &* 8
        var i = 0
        if !pending.isEmpty {
            let n = min(Self.blockLength - pending.count, buffer.count)
            pending += buffer[0..<n]
            i = n
            guard pending.count == Self.blockLength else { return }
            compress(pending[...])
            pending.removeAll(keepingCapacity: true)
        }
        while buffer.count - i >= Self.blockLength {
            compress(Array(buffer[i..<(i + Self.blockLength)])[...])
            i += Self.blockLength
        }
        pending += buffer[i...]
    }

    /// The 32-byte digest; the value is spent (start a new one for another message).
    public mutating func finalize() -> [UInt8] {
        let bits = length
        var tail = pending
        tail.append(0x80)
        while tail.count % Self.blockLength != 56 { tail.append(0) }
        for k in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(k))) }
        for start in stride(from: 0, to: tail.count, by: Self.blockLength) { compress(tail[start..<(start + Self.blockLength)]) }
        pending.removeAll()
        var out: [UInt8] = []
        out.reserveCapacity(Self.digestLength)
        for word in h { for k in stride(from: 24, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: word >> UInt32(k))) } }
        return out
    }

    /// Lower-case hex of a digest (or any bytes), as signature headers carry it.
    public static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for b in bytes { out.append(digits[Int(b >> 4)]); out.append(digits[Int(b & 0x0f)]) }
        return String(decoding: out, as: UTF8.self)
    }

    private static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }

    private mutating func compress(_ block: ArraySlice<UInt8>) {
        var w = [UInt32](repeating: 0, count: 64)
        let o = block.startIndex
        for i in 0..<16 {
            w[i] = UInt32(block[o + 4 * i]) << 24 | UInt32(block[o + 4 * i + 1]) << 16 | UInt32(block[o + 4 * i + 2]) << 8 | UInt32(block[o + 4 * i + 3])
        }
        for i in 16..<64 {
            let s0 = Self.rotr(w[i - 15], 7) ^ Self.rotr(w[i - 15], 18) ^ (w[i - 15] >> 3)
            let s1 = Self.rotr(w[i - 2], 17) ^ Self.rotr(w[i - 2], 19) ^ (w[i - 2] >> 10)
            w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
        }
        var a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7]
        for i in 0..<64 {
            let s1 = Self.rotr(e, 6) ^ Self.rotr(e, 11) ^ Self.rotr(e, 25)
            let ch = (e & f) ^ (~e & g)
            let t1 = hh &+ s1 &+ ch &+ Self.k[i] &+ w[i]
            let s0 = Self.rotr(a, 2) ^ Self.rotr(a, 13) ^ Self.rotr(a, 22)
            let maj = (a & b) ^ (a & c) ^ (b & c)
            let t2 = s0 &+ maj
            hh = g; g = f; f = e; e = d &+ t1; d = c; c = b; b = a; a = t1 &+ t2
        }
        h[0] &+= a; h[1] &+= b; h[2] &+= c; h[3] &+= d; h[4] &+= e; h[5] &+= f; h[6] &+= g; h[7] &+= hh
    }
}
