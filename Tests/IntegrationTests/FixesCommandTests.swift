import Foundation
import Glibc
import XCTest

/// `pacerctl fixes` against real peers: a pty carrying 10 Hz NMEA, and a recording file.
/// Its output must be byte for byte what `pacerctl parse` prints for the same bytes.
final class FixesCommandTests: XCTestCase {
    func testSerialPtyOutputEqualsParseOfTheSameBytes() throws {
        let pacerctl = try BuiltBinaries.url("pacerctl")
        let pty = try RawPTY()
        let (master, path) = (pty.master, pty.path)
        defer { close(master); close(pty.slave) }

        let process = Process()
        process.executableURL = pacerctl
        process.arguments = ["fixes", "--source", "serial:\(path)@38400", "--json", "--count", "20", "--timeout", "30"]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        // 20 epochs at 10 Hz plus one to close the last (a live source cannot know it was the last).
        var bytes: [UInt8] = []
        for i in 0..<21 {
            let seconds = 43_200 + i / 10
            let time = String(format: "%02d%02d%02d.%d0", seconds / 3600, seconds / 60 % 60, seconds % 60, i % 10)
            let lat = String(format: "4807.%06d", 38_000 + i * 7), lon = String(format: "01131.%06d", 324 + i * 9)
            let epoch = NMEASentence.framed("GNRMC,\(time),A,\(lat),N,\(lon),E,12.5,88.0,011125,,,A")
                + NMEASentence.framed("GNGGA,\(time),\(lat),N,\(lon),E,1,12,0.7,530.2,M,47.6,M,,")
            if i < 20 { bytes += epoch }
            _ = epoch.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            usleep(100_000)
        }
        let printed = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(process.terminationStatus, 0, stderr)
        XCTAssertTrue(stderr.contains("device opened: serial:\(path)@38400"), stderr)

        let parsed = try BuiltBinaries.run("pacerctl", ["parse", "--json", "-"], stdin: Data(bytes))
        XCTAssertEqual(parsed.status, 0)
        XCTAssertEqual(parsed.stdoutText.split(separator: "\n").count, 20)
        XCTAssertEqual(String(decoding: printed, as: UTF8.self), parsed.stdoutText)
    }

    func testRecordingAtMaximumSpeedEqualsParse() throws {
        let file = BuiltBinaries.corpus.appendingPathComponent("gpsd/garmin25lp.log").path
        let fixes = try BuiltBinaries.run("pacerctl", ["fixes", "--source", "file:\(file)@max", "--json"])
        XCTAssertEqual(fixes.status, 0, fixes.stderr)
        let parsed = try BuiltBinaries.run("pacerctl", ["parse", "--json", file])
        XCTAssertFalse(parsed.stdoutText.isEmpty)
        XCTAssertEqual(fixes.stdoutText, parsed.stdoutText)
    }

    func testPacedRecordingDeliversEveryFixThenEnds() throws {
        // 10 s of recording at 50x (GPSmap-76S.log, used before, is a Garmin in demo mode: no fix): paced by the NMEA times, same fixes as parse, then the end.
        let file = BuiltBinaries.corpus.appendingPathComponent("gpsd/garmin25lp.log").path
        let fixes = try BuiltBinaries.run("pacerctl", ["fixes", "--source", "file:\(file)@50x", "--json"])
        XCTAssertEqual(fixes.status, 0, fixes.stderr)
        XCTAssertTrue(fixes.stderr.contains("device opened: file:\(file)@50x"), fixes.stderr)
        let parsed = try BuiltBinaries.run("pacerctl", ["parse", "--json", file])
        XCTAssertEqual(fixes.stdoutText, parsed.stdoutText)
        let text = try BuiltBinaries.run("pacerctl", ["fixes", "--source", "file:\(file)@max", "--count", "2"])
        XCTAssertEqual(text.status, 0, text.stderr)
        let lines = text.stdoutText.split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        XCTAssertTrue(lines[0].hasPrefix("2005-03-15T12:03:26.000Z  42.356451667 13.368000000  2D"), String(lines[0]))
    }

    func testBadSourceIsAUsageErrorAndAMissingRecordingFails() throws {
        let bad = try BuiltBinaries.run("pacerctl", ["fixes", "--source", "usb:/dev/x"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("unknown GPS source kind 'usb'"), bad.stderr)
        let missing = try BuiltBinaries.run("pacerctl", ["fixes", "--source", "file:/nonexistent/ride.nmea"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("/nonexistent/ride.nmea: open: No such file or directory"), missing.stderr)
        XCTAssertFalse(missing.stderr.contains("retrying"), "a recording that is not there is not retried")
    }
}
