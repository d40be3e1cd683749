import Foundation
import XCTest
import PacerCore

/// `pacerctl sun` through the built binaries, against the USNO's 2023 table for Fredonia, AZ
/// (W112°31', N36°57', UTC-7; see SolarCalculatorTests): 21 June rise 05:11, set 19:53.
final class SunCommandTests: XCTestCase {
    func testGivenPlaceAndDate() throws {
        let r = try BuiltBinaries.run("pacerctl", ["sun", "--at", "36.95,-112.5167", "--date", "2023-06-21", "--clock", "24"],
                                      environment: ["TZ": "MST7", "PATH": "/usr/bin:/bin"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdoutText.contains("sunrise  05:11 (12:11 UTC)"), r.stdoutText)
        XCTAssertTrue(r.stdoutText.contains("sunset   19:53 (02:53 UTC)"), r.stdoutText)
        let polar = try BuiltBinaries.run("pacerctl", ["sun", "--json", "--at", "70,25", "--date", "2023-12-21"])
        XCTAssertTrue(polar.stdoutText.contains(#""sunrise":null"#) && polar.stdoutText.contains(#""polar":"night""#), polar.stdoutText)
        XCTAssertEqual(try BuiltBinaries.run("pacerctl", ["sun", "--at", "95,0"]).status, 2)
        XCTAssertEqual(try BuiltBinaries.run("pacerctl", ["sun", "--at", "1,2", "--date", "2023-02-30"]).status, 2)
    }

    /// Without --at and --date: the position and the day of pacerd's last fix, over its socket.
    func testPlaceAndDayFromPacerd() throws {
        func sentence(_ body: String) -> String {
            let sum = body.utf8.reduce(UInt8(0), ^)
            return "$\(body)*\(String(format: "%02X", sum))\r\n"
        }
        var nmea = ""
        for s in 0..<300 {
            let t = String(format: "18%02d%02d.00", s / 60, s % 60)
            nmea += sentence("GPRMC,\(t),A,3657.000,N,11231.000,W,0.0,0.0,210623,,,A")
            nmea += sentence("GPGGA,\(t),3657.000,N,11231.000,W,1,08,0.9,1500.0,M,0.0,M,,")
        }
        let dir = try BuiltBinaries.temporaryDirectory("sun-daemon")
        let file = dir.appendingPathComponent("fredonia.nmea")
        try nmea.write(to: file, atomically: true, encoding: .utf8)
        let daemon = try DaemonProcess(extraArguments: ["--gps", "file:\(file.path)"])
        defer { daemon.stop() }
        let watcher = try daemon.connect()
        try watcher.request(.watch(enable: true))
        _ = try watcher.waitForState(timeout: 30) { $0.gps.latitude != nil && $0.gps.time != nil }
        let r = try BuiltBinaries.run("pacerctl", ["sun", "--json", "--socket", daemon.socketPath], environment: ["TZ": "MST7"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdoutText.hasPrefix(#"{"lat":36.95,"lon":-112.5166667,"date":"2023-06-21","sunrise":"2023-06-21T12:10:5"#), r.stdoutText)
    }
}
