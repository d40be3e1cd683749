import XCTest
@testable import PacerCore

/// gpsd's request language and report shapes (gpsd_json(5), as gpsd 3.22 prints them).
final class GPSDCompatTests: XCTestCase {
    /// The report without its CR LF (gpsd ends reports so, and Python's gps module requires it).
    private func text(_ bytes: [UInt8]?) -> String {
        guard let bytes, bytes.suffix(2) == [0x0D, 0x0A] else { return "not a CR LF line: \(String(describing: bytes))" }
        return String(decoding: bytes.dropLast(2), as: UTF8.self)
    }
    private func parse(_ s: String) -> [GPSDCompatRequest] { GPSDCompatRequest.parse(line: Array(s.utf8)) }

    func testRequestsAsGpspipeAndPythonSendThem() {
        XCTAssertEqual(parse("?WATCH={\"enable\":true,\"json\":true};"), [.watch(enable: true, json: true)])
        XCTAssertEqual(parse("?WATCH={\"enable\":false};"), [.watch(enable: false, json: nil)])
        XCTAssertEqual(parse("?POLL;"), [.poll])
        XCTAssertEqual(parse("?DEVICES;?VERSION;"), [.devices, .version])
        XCTAssertEqual(parse("?WATCH={\"device\":\"a;}b\",\"enable\":true};?POLL;\r"), [.watch(enable: true, json: nil), .poll])
        XCTAssertEqual(parse("?WATCH;"), [.watch(enable: nil, json: nil)])
    }

    func testGarbageIsOneInvalidRequest() {
        for bad in ["hello", "?WATCH={\"enable\":tru};", "?WATCH={", "?FOO;", "?;", "?WATCH=[1];", "\u{0}\u{ff}junk"] {
            let r = parse(bad)
            XCTAssertEqual(r.count, 1, bad)
            guard case .invalid = r.first else { return XCTFail("\(bad): \(r)") }
        }
        // A good command before the garbage still counts; nothing after it does.
        XCTAssertEqual(parse("?POLL;?NOPE;?DEVICES;"), [.poll, .invalid("unrecognized request 'NOPE'")])
    }

    private let fix: GNSSFix = {
        let f = GNSSFix(time: UTCTime(rfc3339: "2034-08-16T03:07:20.000Z"), mode: .threeD, latitude: -37.784791667, longitude: 175.314896667,
                        altitudeMSL: 59.8, geoidSeparation: 23.7, speed: 0.592, track: 181.39, hdop: 1.1, vdop: 1.5, pdop: 1.8,
                        satellitesUsed: 8, satellitesVisible: 12)
        return f
    }()

    func testTPVAndSKYMatchGpsdFieldsAndDecimals() {
        var r = GPSDCompatReporter(device: "/dev/ttyACM0")
        XCTAssertNil(r.tpv())
        var previous = fix
        previous.time = UTCTime(rfc3339: "2034-08-16T03:07:19.000Z")
        previous.altitudeMSL = 59.9
        r.update(previous)
        r.update(fix)
        // The same values gpsd 3.22 printed for this receiver's sentences (altHAE = MSL + geoid,
        // eph = HDOP x 19, epv = VDOP x 23, sep = PDOP x 19, climb from the last fix).
        XCTAssertEqual(text(r.tpv()), """
        {"class":"TPV","device":"/dev/ttyACM0","mode":3,"time":"2034-08-16T03:07:20.000Z","ept":0.005,"lat":-37.784791667,\
        "lon":175.314896667,"altHAE":83.5000,"altMSL":59.8000,"alt":59.8000,"epv":34.500,"track":181.3900,"speed":0.592,\
        "climb":-0.100,"geoidSep":23.700,"eph":20.900,"sep":34.200}
        """)
        XCTAssertEqual(text(r.sky()), """
        {"class":"SKY","device":"/dev/ttyACM0","time":"2034-08-16T03:07:20.000Z","vdop":1.50,"hdop":1.10,"pdop":1.80,"uSat":8,"satellites":[]}
        """)
    }

    func testTwoDimensionalAndLostFixesOmitWhatIsUnknown() {
        var r = GPSDCompatReporter(device: "d")
        r.update(GNSSFix(mode: .twoD, latitude: 1.5, longitude: 2.25))
        XCTAssertEqual(text(r.tpv()), "{\"class\":\"TPV\",\"device\":\"d\",\"mode\":2,\"lat\":1.500000000,\"lon\":2.250000000}")
        r.update(fix)
        r.fixLost()
        XCTAssertEqual(text(r.tpv()), "{\"class\":\"TPV\",\"device\":\"d\",\"mode\":1,\"time\":\"2034-08-16T03:07:20.000Z\",\"ept\":0.005}")
        XCTAssertFalse(text(r.tpv()).contains("null"))
    }

    func testGreetingWatchDevicesPoll() {
        XCTAssertEqual(text(GPSDCompatReporter.version(release: "pacerd 1.2")),
                       "{\"class\":\"VERSION\",\"release\":\"pacerd 1.2\",\"rev\":\"pacerd 1.2\",\"proto_major\":3,\"proto_minor\":14}")
        XCTAssertEqual(text(GPSDCompatReporter.watch(enable: true, json: true)),
                       "{\"class\":\"WATCH\",\"enable\":true,\"json\":true,\"nmea\":false,\"raw\":0,\"scaled\":false,\"timing\":false,\"split24\":false,\"pps\":false}")
        var r = GPSDCompatReporter(device: "/dev/pts/3")
        XCTAssertEqual(text(r.devices(activated: nil, baudRate: nil)), "{\"class\":\"DEVICES\",\"devices\":[]}")
        XCTAssertEqual(text(r.devices(activated: UTCTime(rfc3339: "2026-11-23T04:33:22.557Z"), baudRate: 38400)), """
        {"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/pts/3","driver":"NMEA0183","activated":"2026-11-23T04:33:22.557Z",\
        "flags":1,"native":0,"bps":38400,"parity":"N","stopbits":1,"cycle":1.00}]}
        """)
        let t = UTCTime(rfc3339: "2026-11-23T05:00:00.000Z")!
        XCTAssertEqual(text(r.poll(time: t, active: false)), "{\"class\":\"POLL\",\"time\":\"2026-11-23T05:00:00.000Z\",\"active\":0,\"tpv\":[],\"sky\":[]}")
        r.update(GNSSFix(mode: .twoD, latitude: 1, longitude: 2, satellitesUsed: 4))
        let poll = try! JSONValue.parse(text(r.poll(time: t, active: true)))
        XCTAssertEqual(poll["tpv"]?.array?.first?["lat"]?.number, 1)
        XCTAssertEqual(poll["sky"]?.array?.first?["uSat"]?.number, 4)
        XCTAssertEqual(poll["active"]?.number, 1)
    }

    func testDeviceNameFromSource() {
        XCTAssertEqual(GPSDCompatReporter.deviceName(source: "serial:/dev/ttyUSB0@9600"), "/dev/ttyUSB0")
        XCTAssertEqual(GPSDCompatReporter.deviceName(source: "file:/tmp/a.nmea@10x"), "/tmp/a.nmea")
        XCTAssertEqual(GPSDCompatReporter.deviceName(source: "gpsd:localhost:2947"), "gpsd://localhost:2947")
    }

    func testConfigSections() throws {
        XCTAssertNil(PacerConfig().gpsdCompat.listen)
        XCTAssertNil(PacerConfig().export.directory)
        let c = try PacerConfig(parsing: "[gpsd_compat]\nlisten = 127.0.0.1:2948\n[export]\ndir = /tmp/out\nformats = gpx, FIT ,gpx\n", file: "p.conf")
        XCTAssertEqual(c.gpsdCompat.listen, .tcp(host: "127.0.0.1", port: 2948))
        XCTAssertEqual(c.export.directory, "/tmp/out")
        XCTAssertEqual(c.export.formats, [.gpx, .fit])
        XCTAssertEqual(try PacerConfig(parsing: "[gpsd_compat]\nlisten = [::1]:2948\n", file: "p").gpsdCompat.listen, .tcp(host: "::1", port: 2948))
        XCTAssertEqual(try PacerConfig(parsing: "[gpsd_compat]\nlisten = /run/pacer/gpsd.sock\n", file: "p").gpsdCompat.listen, .unix(path: "/run/pacer/gpsd.sock"))
        for (bad, key) in [("[gpsd_compat]\nlisten = host.example:80", "gpsd_compat.listen"), ("[gpsd_compat]\nlisten = 127.0.0.1:0", "gpsd_compat.listen"),
                           ("[gpsd_compat]\nlisten = 2948", "gpsd_compat.listen"), ("[export]\nformats = fit,kml", "export.formats"),
                           ("[export]\ndir = outbox", "export.dir"), ("[export]\nformats = ,", "export.formats")] {
            XCTAssertThrowsError(try PacerConfig(parsing: bad, file: "p.conf"), bad) { error in
                XCTAssertEqual((error as? ConfigError)?.key, key, bad)
                XCTAssertEqual((error as? ConfigError)?.line, 2, bad)
            }
        }
    }
}
