/// HMAC-SHA256 (RFC 2104): the webhook's signature of the body it sends, so the receiver can
/// tell the upload came from this board's key and was not altered on the way.
public enum HMACSHA256 {
    public static func authenticationCode(key: [UInt8], message: [UInt8]) -> [UInt8] {
        // A key longer than a block is hashed first; a shorter one is padded with zeros.
        var k = key.count > SHA256.blockLength ? SHA256.hash(key) : key
        k += [UInt8](repeating: 0, count: SHA256.blockLength - k.count)
        var inner = SHA256()
        inner.update(k.map { $0 ^ 0x36 })
        inner.update(message)
        var outer = SHA256()
        outer.update(k.map { $0 ^ 0x5c })
        outer.update(inner.finalize())
        return outer.finalize()
    }
}
