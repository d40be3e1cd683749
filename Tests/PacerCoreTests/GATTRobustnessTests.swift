import XCTest
@testable import PacerCore

/// Arbitrary bytes never crash a decoder: each value either decodes or is rejected with a reason,
/// and every proper prefix of a valid value that cuts a field is rejected as truncated.
final class GATTRobustnessTests: XCTestCase {
    func testRandomPayloadsDecodeOrThrow() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 { state = state &* 6364136223846793005 &+ 1442695040888963407; return state >> 33 }
        var decoded = 0, rejected = 0
        for _ in 0..<20_000 {
            let count = Int(next() % 24)
            let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) }
            for uuid: UInt16 in [0x2A37, 0x2A53, 0x2A5B, 0x2A19] {
                do { _ = try GATTMeasurement(characteristic: uuid, bytes: bytes); decoded += 1 } catch { rejected += 1 }
            }
        }
        XCTAssertGreaterThan(decoded, 1000)
        XCTAssertGreaterThan(rejected, 1000)
    }

    func testPrefixesOfValidValuesAreRejected() throws {
        let values: [(UInt16, [UInt8])] = [
            (0x2A37, [0x19, 0x01, 0x02, 0x22, 0x33, 0x03, 0x04]),
            (0x2A53, [0x07, 0x80, 0x03, 0xAA, 0x7B, 0x00, 0x39, 0x30, 0x00, 0x00]),
            (0x2A5B, [0x03, 0x78, 0x56, 0x34, 0x12, 0xCD, 0xAB, 0xFF, 0xFF, 0x01, 0x80]),
        ]
        for (uuid, bytes) in values {
            XCTAssertNoThrow(try GATTMeasurement(characteristic: uuid, bytes: bytes))
            for cut in 0..<bytes.count {
                XCTAssertThrowsError(try GATTMeasurement(characteristic: uuid, bytes: Array(bytes[..<cut])), "\(uuid) cut at \(cut)")
            }
        }
    }
}
