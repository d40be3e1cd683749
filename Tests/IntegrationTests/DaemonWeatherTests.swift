import Foundation
import Glibc
import XCTest
import PacerCore
import PacerSystem

/// `[weather] attach` through the real pacerd: a receiver on a pty near Pittsburgh, the recorded
/// Aviation Weather Center answers of `WeatherFetchTests` on 127.0.0.1, pacerd's own child
/// `pacerctl weather --attach`; then `pacerctl show`, GPX and TCX read the weather back from the
/// journal. With the service unreachable the session records exactly as without it.
final class DaemonWeatherTests: XCTestCase {
    /// One epoch (RMC + GGA) at 14:00:00 + `second` UTC on 9 June 2026, `metres` north of 40.36 N.
    static func epoch(second: Int, metres: Double) -> [UInt8] {
        let time = String(format: "14%02d%02d.00", second / 60, second % 60)
        let minutes = 21.6 + metres / 1852
        let lat = String(format: "40%09.6f", minutes)
        return NMEASentence.framed("GNRMC,\(time),A,\(lat),N,07957.000000,W,5.83,0.0,090626,,,A")
            + NMEASentence.framed("GNGGA,\(time),\(lat),N,07957.000000,W,1,12,0.7,300.0,M,-33.0,M,,")
    }

    /// Records a 3 m/s run of `seconds` with `[weather]` set to `weatherConfig`; returns the
    /// daemon (stopped) and the session id.
    func record(weatherConfig: String, seconds: Int, waitForLog: String?) throws -> (DaemonProcess, String) {
        let pty = try RawPTY()
        defer { close(pty.slave) }
        let config = DaemonGoalsTests.manualStart + "[weather]\n" + weatherConfig
        let daemon = try DaemonProcess(config: config, extraArguments: ["--gps", "serial:\(pty.path)@38400"])
        let control = try daemon.connect()
        var second = 0
        func feed(_ count: Int) {
            for _ in 0..<count {
                let bytes = DaemonWeatherTests.epoch(second: second, metres: 3.0 * Double(second))
                _ = bytes.withUnsafeBytes { write(pty.master, $0.baseAddress, $0.count) }
                second += 1
                usleep(100_000)
            }
        }
        feed(3)
        try control.request(.start(activity: .run))
        let ack = try control.expect(["ACK", "ERROR"])
        XCTAssertEqual(ack["class"]?.string, "ACK", "\(ack)")
        let id = try XCTUnwrap(ack["session"]?.string)
        feed(seconds)
        if let waitForLog {
            let deadline = Date().addingTimeInterval(30)
            while !daemon.log.contains(waitForLog), Date() < deadline { feed(1) }
            XCTAssertTrue(daemon.log.contains(waitForLog), daemon.log)
        }
        try control.request(.stop)
        XCTAssertEqual(try control.expect(["ACK", "ERROR"])["class"]?.string, "ACK")
        XCTAssertEqual(daemon.stop(), 0, daemon.log)
        return (daemon, id)
    }

    func testWeatherJoinsTheSessionAndItsExports() throws {
        let (server, conf) = try WeatherFetchTests.makeService()
        defer { _ = server }
        let url = try String(contentsOf: conf, encoding: .utf8).split(separator: "\n").first { $0.hasPrefix("url") }!
        let (daemon, id) = try record(weatherConfig: "\(url)\nattach = yes\n", seconds: 5,
                                      waitForLog: "weather: KPIT attached to session")
        defer { daemon.removeDirectory() }

        let show = try BuiltBinaries.run("pacerctl", ["show", id, "--journal", daemon.journalPath, "--units", "metric"])
        XCTAssertEqual(show.status, 0, show.stderr)
        XCTAssertTrue(show.stdoutText.contains("weather    KPIT (2"), show.stdoutText)
        XCTAssertTrue(show.stdoutText.contains("  METAR KPIT, day 9 at 19:51 UTC"), show.stdoutText)
        XCTAssertTrue(show.stdoutText.contains("  TAF KPIT"), show.stdoutText)
        XCTAssertTrue(show.stdoutText.contains("distance"), show.stdoutText)

        let gpx = try BuiltBinaries.run("pacerctl", ["export", id, "--format", "gpx", "--journal", daemon.journalPath])
        XCTAssertEqual(gpx.status, 0, gpx.stderr)
        XCTAssertTrue(gpx.stdoutText.contains("<desc>Weather at KPIT"), gpx.stdoutText)
        XCTAssertTrue(gpx.stdoutText.contains("<desc>Weather at KPIT, 26.32 km away: 18 °C; wind from 220° at 28 km/h (15 kt), gusts 46 km/h (25 kt); thunderstorm with rain; overcast at 300 m"), gpx.stdoutText)
        XCTAssertTrue(gpx.stdoutText.contains("METAR KPIT 091951Z 22015G25KT"), gpx.stdoutText)
        let tcx = try BuiltBinaries.run("pacerctl", ["export", id, "--format", "tcx", "--journal", daemon.journalPath])
        XCTAssertEqual(tcx.status, 0, tcx.stderr)
        let notes = try XCTUnwrap(tcx.stdoutText.range(of: "<Notes>Weather at KPIT"), tcx.stdoutText)
        // TCX's schema orders an Activity's children: laps, then Notes, then Creator.
        XCTAssertLessThan(tcx.stdoutText.range(of: "</Lap>", options: .backwards)!.lowerBound, notes.lowerBound)
        XCTAssertLessThan(notes.lowerBound, tcx.stdoutText.range(of: "<Creator")!.lowerBound)
    }

    func testUnreachableServiceNeverTouchesTheRecording() throws {
        let (daemon, id) = try record(weatherConfig: "url = http://127.0.0.1:1/api/data\nattach = yes\n", seconds: 8,
                                      waitForLog: "weather: pacerctl weather exited with status 2")
        defer { daemon.removeDirectory() }
        let show = try BuiltBinaries.run("pacerctl", ["show", id, "--journal", daemon.journalPath, "--json"])
        XCTAssertEqual(show.status, 0, show.stderr)
        let summary = try JSONValue.parse(show.stdoutText)
        XCTAssertGreaterThan(summary["distance_m"]?.number ?? 0, 15, show.stdoutText)
        let text = try BuiltBinaries.run("pacerctl", ["show", id, "--journal", daemon.journalPath])
        XCTAssertFalse(text.stdoutText.contains("weather"), text.stdoutText)
    }
}
