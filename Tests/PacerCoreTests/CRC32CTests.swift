import XCTest
@testable import PacerCore

final class CRC32CTests: XCTestCase {
    func testKnownVectors() {
        // RFC 3720 (iSCSI) appendix B.4 and the common "123456789" check value.
        XCTAssertEqual(CRC32C.checksum(Array("123456789".utf8)), 0xE306_9283)
        XCTAssertEqual(CRC32C.checksum([UInt8](repeating: 0, count: 32)), 0x8A91_36AA)
        XCTAssertEqual(CRC32C.checksum([UInt8](repeating: 0xFF, count: 32)), 0x62A8_AB43)
        XCTAssertEqual(CRC32C.checksum((0..<32).map { UInt8($0) }), 0x46DD_794E)
    }

    func testIncrementalEqualsWhole() {
        let data = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let whole = CRC32C.checksum(data)
        for split in [0, 1, 7, 8, 9, 500, 999, 1000] {
            let a = data[..<split].withUnsafeBytes { CRC32C.update(0, $0) }
            let b = data[split...].withUnsafeBytes { CRC32C.update(a, $0) }
            XCTAssertEqual(b, whole, "split at \(split)")
        }
    }
}
