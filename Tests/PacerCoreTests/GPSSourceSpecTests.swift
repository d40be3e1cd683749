import XCTest
import PacerCore

final class GPSSourceSpecTests: XCTestCase {
    func testSerialWithAndWithoutBaud() throws {
        XCTAssertEqual(try GPSSourceSpec(parsing: "serial:/dev/ttyUSB0@9600"), .serial(path: "/dev/ttyUSB0", baudRate: 9600))
        XCTAssertEqual(try GPSSourceSpec(parsing: "serial:/dev/pacer-gps"), .serial(path: "/dev/pacer-gps", baudRate: nil))
        XCTAssertEqual(try GPSSourceSpec(parsing: "serial:/dev/ttyAMA0@auto"), .serial(path: "/dev/ttyAMA0", baudRate: nil))
        XCTAssertEqual(try GPSSourceSpec(parsing: "serial:/tmp/a@b/tty@115200"), .serial(path: "/tmp/a@b/tty", baudRate: 115_200))
    }

    func testGPSDDefaultsHostsAndPorts() throws {
        XCTAssertEqual(try GPSSourceSpec(parsing: "gpsd"), .gpsd(host: "localhost", port: 2947))
        XCTAssertEqual(try GPSSourceSpec(parsing: "gpsd:"), .gpsd(host: "localhost", port: 2947))
        XCTAssertEqual(try GPSSourceSpec(parsing: "gpsd:pi.local"), .gpsd(host: "pi.local", port: 2947))
        XCTAssertEqual(try GPSSourceSpec(parsing: "gpsd:127.0.0.1:12000"), .gpsd(host: "127.0.0.1", port: 12000))
        XCTAssertEqual(try GPSSourceSpec(parsing: "gpsd:[::1]:2948"), .gpsd(host: "::1", port: 2948))
    }

    func testFileRates() throws {
        XCTAssertEqual(try GPSSourceSpec(parsing: "file:ride.nmea"), .file(path: "ride.nmea", speedup: 1))
        XCTAssertEqual(try GPSSourceSpec(parsing: "file:ride.nmea@10x"), .file(path: "ride.nmea", speedup: 10))
        XCTAssertEqual(try GPSSourceSpec(parsing: "file:ride.nmea@2.5"), .file(path: "ride.nmea", speedup: 2.5))
        XCTAssertEqual(try GPSSourceSpec(parsing: "file:ride.nmea@max"), .file(path: "ride.nmea", speedup: nil))
    }

    func testDescriptionRoundTrips() throws {
        for text in ["serial:/dev/ttyUSB0@9600", "serial:/dev/ttyS0", "gpsd:localhost:2947", "gpsd:[::1]:2948",
                     "file:/x.nmea@10x", "file:/x.nmea@max", "file:/x.nmea@1.5x"] {
            let spec = try GPSSourceSpec(parsing: text)
            XCTAssertEqual(spec.description, text)
            XCTAssertEqual(try GPSSourceSpec(parsing: spec.description), spec)
        }
    }

    func testBadSourcesNameTheProblem() {
        func message(_ text: String) -> String {
            do { _ = try GPSSourceSpec(parsing: text); return "parsed" } catch { return error.message }
        }
        XCTAssertTrue(message("usb:/dev/x").contains("unknown GPS source kind 'usb'"))
        XCTAssertTrue(message("/dev/ttyUSB0").contains("is not a GPS source"))
        XCTAssertTrue(message("serial:/dev/ttyUSB0@9601").contains("'9601' is not a supported baud rate"))
        XCTAssertTrue(message("serial:@9600").contains("needs a device path"))
        XCTAssertTrue(message("gpsd:host:99999").contains("'99999' is not a TCP port"))
        XCTAssertTrue(message("gpsd:[::1").contains("unclosed"))
        XCTAssertTrue(message("file:x.nmea@fast").contains("'fast' is not a playback rate"))
        XCTAssertTrue(message("file:x.nmea@0x").contains("is not a playback rate"))
        // Rates whose epoch delay overflowed the clock (1e-300) or whose name trapped (1e19).
        for rate in ["1e19x", "1e-300", "0.0009x", "10001x", "nan", "infx"] {
            XCTAssertTrue(message("file:x.nmea@\(rate)").contains("is not a playback rate"), rate)
        }
        XCTAssertEqual(try GPSSourceSpec(parsing: "file:x.nmea@10000x").description, "file:x.nmea@10000x")
        XCTAssertEqual(try GPSSourceSpec(parsing: "file:x.nmea@0.001x").description, "file:x.nmea@0.001x")
    }
}
