import Foundation
import XCTest

/// Runs `udev/test-rules`: the real udevadm on synthetic devices, in a private mount
/// namespace with tmpfs /dev and /run (never the host's /dev).
final class UdevRulesTests: XCTestCase {
    func testRulesLinkEveryKnownReceiverAndNothingElse() throws {
        let script = BuiltBinaries.projectRoot.appendingPathComponent("udev/test-rules")
        guard getuid() == 0 else { throw XCTSkip("the udev sandbox needs root (unshare -m, mknod)") }
        let hostHadLink = FileManager.default.fileExists(atPath: "/dev/pacer-gps")
        let process = Process()
        process.executableURL = script
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, output)
        let lines = output.split(separator: "\n")
        XCTAssertEqual(lines.filter { $0.hasPrefix("ok ") }.count, 16, output)
        XCTAssertTrue(output.contains("ok ANT USB-m 0fcf:1009: /dev/pacer-ant -> ttyUSB6"), output)
        XCTAssertTrue(output.contains("ok u-blox M8 1546:01a8: /dev/pacer-gps -> ttyACM0"), output)
        XCTAssertTrue(output.contains("ok PC legacy UART ttyS1: /dev/pacer-gps -> none"), output)
        XCTAssertTrue(output.contains("ok priority: CH340 re-added: /dev/pacer-gps -> ttyACM3"), output)
        XCTAssertEqual(FileManager.default.fileExists(atPath: "/dev/pacer-gps"), hostHadLink,
                       "the sandbox must not touch the host's /dev")
    }
}
