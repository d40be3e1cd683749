import Foundation
import XCTest
@testable import PacerCore

/// The commented /etc/pacer/pacer.conf that the Debian package installs (scripts/debian/pacer.conf):
/// as shipped it changes nothing, and every example line in it is a key pacerd accepts with that value.
final class ShippedConfigTests: XCTestCase {
    static let text: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/debian/pacer.conf")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    func testAsShippedItIsTheDefaults() throws {
        XCTAssertFalse(Self.text.isEmpty, "scripts/debian/pacer.conf is missing")
        XCTAssertEqual(try PacerConfig(parsing: Self.text, file: "/etc/pacer/pacer.conf"), PacerConfig())
    }

    func testEveryExampleLineIsAcceptedWhenUncommented() throws {
        var examples = 0
        let uncommented = Self.text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            guard line.hasPrefix("# "), line.contains(" = ") else { return line }
            examples += 1
            return line.dropFirst(2)
        }.joined(separator: "\n")
        XCTAssertGreaterThan(examples, 20)
        let config = try PacerConfig(parsing: uncommented, file: "/etc/pacer/pacer.conf")
        XCTAssertEqual(config.athlete.maxHeartRate, 188)
        XCTAssertEqual(config.gpsSource, "gpsd:localhost:2947")
        XCTAssertNotEqual(config, PacerConfig(), "the examples set values")
    }
}
