import Foundation
import XCTest

/// `pacerctl parse` as a user runs it: on corpus captures, on garbage, on stdin, on bad input.
final class ParseCommandTests: XCTestCase {
    func testJSONLinesMatchGpsdForARealCapture() throws {
        let log = BuiltBinaries.corpus.appendingPathComponent("gpsd/bu353s4.log").path
        let r = try BuiltBinaries.run("pacerctl", ["parse", "--json", log])
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdoutText.split(separator: "\n")
        XCTAssertEqual(lines.count, 26)
        let first = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        // gpsd's TPV for the same RMC: time 2014-12-31T03:07:19.000Z, lat -37.784788333, lon 175.314896667.
        XCTAssertEqual(first["time"] as? String, "2014-12-31T03:07:19.000Z")
        XCTAssertEqual(first["lat"] as? Double, -37.784788333)
        XCTAssertEqual(first["lon"] as? Double, 175.314896667)
        XCTAssertEqual(first["mode"] as? Int, 3)
        XCTAssertEqual(first["alt_msl"] as? Double, 59.9)
        XCTAssertEqual(first["sats_used"] as? Int, 8)
        XCTAssertTrue(r.stderr.contains("sentences 90, accepted 90, bad checksums 0"), r.stderr)
    }

    func testHumanReadableOutput() throws {
        let log = BuiltBinaries.corpus.appendingPathComponent("gpsd/bu353s4.log").path
        let r = try BuiltBinaries.run("pacerctl", ["parse", log])
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stdoutText.contains("2014-12-31T03:07:20.000Z  -37.784791667 175.314896667  3D  alt 59.8 m"), r.stdoutText)
    }

    func testStandardInputAndGarbageExitZero() throws {
        let fit = try Data(contentsOf: BuiltBinaries.corpus.appendingPathComponent("tracks/fitparse_garmin-fenix-5-run.fit"))
        var garbage = fit
        garbage.append(contentsOf: Array("\0\0$$GPGGA,,\r\n$".utf8))
        let r = try BuiltBinaries.run("pacerctl", ["parse", "--json", "-"], stdin: garbage)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout.count, 0)
        XCTAssertTrue(r.stderr.contains("accepted 0"), r.stderr)
        XCTAssertTrue(r.stderr.contains("junk bytes"), r.stderr)

        let nmea = try Data(contentsOf: BuiltBinaries.corpus.appendingPathComponent("gpsd/garmin48.log"))
        let piped = try BuiltBinaries.run("pacerctl", ["parse", "--json", "-"], stdin: nmea)
        let direct = try BuiltBinaries.run("pacerctl", ["parse", "--json", BuiltBinaries.corpus.appendingPathComponent("gpsd/garmin48.log").path])
        XCTAssertEqual(piped.stdout, direct.stdout)
        XCTAssertGreaterThan(piped.stdout.count, 0)
    }

    func testEveryGpsdCaptureParsesWithExitZero() throws {
        let dir = BuiltBinaries.corpus.appendingPathComponent("gpsd")
        let logs = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".log") }
        XCTAssertGreaterThan(logs.count, 90)
        for log in logs.sorted() {
            let r = try BuiltBinaries.run("pacerctl", ["parse", "--json", dir.appendingPathComponent(log).path])
            XCTAssertEqual(r.status, 0, "\(log): \(r.stderr)")
            for line in r.stdoutText.split(separator: "\n") {
                XCTAssertNotNil(try? JSONSerialization.jsonObject(with: Data(line.utf8)), "\(log): \(line)")
            }
        }
    }

    func testUnreadableFileAndBadFlagsFailClearly() throws {
        let missing = try BuiltBinaries.run("pacerctl", ["parse", "/nonexistent/capture.nmea"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("/nonexistent/capture.nmea"), missing.stderr)
        XCTAssertTrue(missing.stderr.contains("No such file"), missing.stderr)
        let directory = try BuiltBinaries.run("pacerctl", ["parse", "/"])
        XCTAssertEqual(directory.status, 1, directory.stderr)
        let flag = try BuiltBinaries.run("pacerctl", ["parse", "--jsno", "x.log"])
        XCTAssertEqual(flag.status, 2)
        XCTAssertTrue(flag.stderr.contains("unknown option --jsno"), flag.stderr)
        let none = try BuiltBinaries.run("pacerctl", ["parse"])
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.stderr.contains("usage: pacerctl parse"), none.stderr)
    }
}
