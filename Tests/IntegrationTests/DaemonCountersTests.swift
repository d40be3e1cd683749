import Foundation
import XCTest
import PacerCore
import PacerSystem

/// The real pacerd on a pty, asked through the real pacerctl what it counted and passed over:
/// a receiver's corrupt sentence and line noise show in `pacerctl counters`, and the fixes
/// the source delivered are the ones the recorder was given.
final class DaemonCountersTests: XCTestCase {
    func testCorruptSentencesAndNoiseShowInPacerctlCounters() throws {
        let pty = try RawPTY()
        defer { close(pty.slave) }
        let daemon = try DaemonProcess(config: "[unattended]\nauto_start = off\n",
                                       extraArguments: ["--gps", "serial:\(pty.path)@38400"])
        defer { daemon.stop(); daemon.removeDirectory() }
        let watcher = try daemon.connect()
        try watcher.request(.watch(enable: true))
        _ = try watcher.expect(["ACK"])

        // Ten 1 Hz epochs (RMC + GGA); after the fourth, a GGA whose checksum is off by one
        // and 7 bytes of noise between sentences.
        var stream: [UInt8] = [], badSentence = 0
        for second in 0..<10 {
            stream += DaemonAlertTests.epoch(tenth: 10 * second, metres: 3.0 * Double(second), speedMps: 3)
            if second == 3 {
                var bad = NMEASentence.framed("GNGGA,120003.50,4807.380000,N,01131.000324,E,1,12,0.7,530.2,M,47.6,M,,")
                bad[bad.count - 3] = bad[bad.count - 3] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
                stream += bad + Array("\u{7}\u{0}noise".utf8)
                badSentence = bad.count
            }
        }
        _ = stream.withUnsafeBytes { write(pty.master, $0.baseAddress, $0.count) }

        var report = CountersReport()
        let deadline = Date().addingTimeInterval(30)
        repeat {
            usleep(100_000)
            let json = try BuiltBinaries.run("pacerctl", ["counters", "--socket", daemon.socketPath, "--json"])
            XCTAssertEqual(json.status, 0, json.stderr)
            report = try XCTUnwrap(CountersReport(json: try JSONValue.parse(Array(json.stdout))), json.stdoutText)
        } while report.gps[.bytesRead] < stream.count && Date() < deadline
        XCTAssertEqual(report.gps[.bytesRead], stream.count)
        XCTAssertEqual(report.gps[.badChecksums], 1)
        // Junk is every byte of no accepted sentence: the noise and the refused sentence but its line end.
        XCTAssertEqual(report.gps[.junkBytes], 7 + badSentence - 2)
        XCTAssertEqual(report.gps[.acceptedSentences], 20)
        XCTAssertGreaterThanOrEqual(report.gps[.fixes], 9)
        XCTAssertEqual(report.recorder[.fixes], report.gps[.fixes])
        XCTAssertEqual(report.recorder[.notifications], 0)

        let text = try BuiltBinaries.run("pacerctl", ["counters", "--socket", daemon.socketPath])
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.stdoutText.contains("\n  bad checksums                    1\n"), text.stdoutText)
        XCTAssertTrue(text.stdoutText.hasPrefix("GPS (since pacerd started)\n"), text.stdoutText)
        XCTAssertTrue(daemon.process.isRunning)
    }
}
