import XCTest
@testable import PacerCore

/// SHA-256 against FIPS 180-4's examples (NIST CSRC), HMAC-SHA256 against RFC 4231's seven
/// cases, Base64 against RFC 4648's: the webhook's signature is only worth something if a
/// receiver with OpenSSL computes the same.
final class UploadCryptoTests: XCTestCase {
    func testSHA256MatchesTheNISTExamples() {
        XCTAssertEqual(SHA256.hex(SHA256.hash([UInt8]())), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256.hex(SHA256.hash(Array("abc".utf8))), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(SHA256.hex(SHA256.hash(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))),
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(SHA256.hex(SHA256.hash(Array("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu".utf8))),
                       "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
    }

    /// A million `a`s fed in uneven pieces: the padding and the block boundaries.
    func testSHA256OfAMillionAsInPieces() {
        var h = SHA256()
        let chunk = [UInt8](repeating: 97, count: 999)
        var left = 1_000_000
        while left > 0 { let n = min(left, chunk.count); h.update(chunk[0..<n]); left -= n }
        XCTAssertEqual(SHA256.hex(h.finalize()), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Messages of 55, 56, 63, 64 and 65 bytes straddle the length's place in the last block.
    func testSHA256AtThePaddingEdges() {
        let expected = [55: "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318",
                        56: "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a",
                        63: "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34",
                        64: "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb",
                        65: "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0"]
        for (n, hex) in expected { XCTAssertEqual(SHA256.hex(SHA256.hash([UInt8](repeating: 97, count: n))), hex, "\(n) bytes") }
    }

    /// Whole blocks from contiguous bytes and byte by byte from any other sequence agree, in
    /// pieces of every size around the block length.
    func testSHA256PiecesAndSequencesAgree() {
        let data = (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 7) }
        let oneShot = SHA256.hash(data)
        XCTAssertEqual(SHA256.hash(data.lazy.map { $0 }), oneShot)
        for piece in [1, 7, 63, 64, 65, 128, 1000] {
            var h = SHA256()
            var i = 0
            while i < data.count { let n = min(piece, data.count - i); h.update(data[i..<(i + n)]); i += n }
            XCTAssertEqual(h.finalize(), oneShot, "pieces of \(piece)")
        }
    }

    func testHMACSHA256MatchesRFC4231() {
        func hmac(_ key: [UInt8], _ data: [UInt8]) -> String { SHA256.hex(HMACSHA256.authenticationCode(key: key, message: data)) }
        XCTAssertEqual(hmac([UInt8](repeating: 0x0b, count: 20), Array("Hi There".utf8)),
                       "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        XCTAssertEqual(hmac(Array("Jefe".utf8), Array("what do ya want for nothing?".utf8)),
                       "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        XCTAssertEqual(hmac([UInt8](repeating: 0xaa, count: 20), [UInt8](repeating: 0xdd, count: 50)),
                       "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe")
        XCTAssertEqual(hmac(Array(1...25), [UInt8](repeating: 0xcd, count: 50)),
                       "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b")
        XCTAssertEqual(String(hmac([UInt8](repeating: 0x0c, count: 20), Array("Test With Truncation".utf8)).prefix(32)),
                       "a3b6167473100ee06e0c796c2955552b")
        XCTAssertEqual(hmac([UInt8](repeating: 0xaa, count: 131), Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)),
                       "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
        XCTAssertEqual(hmac([UInt8](repeating: 0xaa, count: 131),
                            Array("This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.".utf8)),
                       "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2")
    }

    func testBase64MatchesRFC4648() {
        let cases = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy"]
        for (plain, encoded) in cases { XCTAssertEqual(Base64.encode(Array(plain.utf8)), encoded, plain) }
        XCTAssertEqual(Base64.encode([0xfb, 0xff]), "+/8=")
    }
}
