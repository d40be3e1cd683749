import XCTest
@testable import PacerCore

/// One test per decoder, each on real sentences from ../shared/corpus, checked against the
/// values gpsd reported for the same sentence (its .chk files).
final class NMEASentenceDecoderTests: XCTestCase {
    private func report(_ file: String, _ prefix: String) throws -> NMEAReport {
        let line = try corpusLine(file, startingWith: prefix)
        let body = line.drop(while: { $0 == " " }).dropFirst().split(separator: "*", omittingEmptySubsequences: false)[0]
        return try XCTUnwrap(decodeSentence(String(body)), line)
    }

    /// A type's row is `table[rawValue]`, and a row's decoder reports that type: a row pasted
    /// with another type's function, or out of order, fails here.
    func testEachTypesRowSitsAtItsRawValueAndDecodesThatType() throws {
        XCTAssertEqual(NMEASentenceType.table.map(\.type), NMEASentenceType.allCases)
        for row in NMEASentenceType.table {
            let letters = String(decoding: [UInt8(row.code >> 16 & 0xFF), UInt8(row.code >> 8 & 0xFF), UInt8(row.code & 0xFF)], as: UTF8.self)
            let empty = "GP" + letters + String(repeating: ",", count: row.minimumFields - 1)
            XCTAssertEqual(try XCTUnwrap(decodeSentence(empty), letters).type, row.type, letters)
            XCTAssertNil(decodeSentence("GP" + letters + String(repeating: ",", count: row.minimumFields - 2)), "\(letters): too few fields")
        }
    }

    func testGGA() throws {
        let r = try report("gpsd/bu353s4.log", "$GPGGA,030719.000")
        XCTAssertEqual(r.type, .gga)
        XCTAssertEqual(r.validity, .valid)
        XCTAssertEqual(r.timeOfDay, ((3 * 60 + 7) * 60 + 19) * 1000)
        XCTAssertEqual(try XCTUnwrap(r.latitude), -37.784788333, accuracy: 1e-9)   // gpsd: -37.784788333
        XCTAssertEqual(try XCTUnwrap(r.longitude), 175.314896667, accuracy: 1e-9)  // gpsd: 175.314896667
        XCTAssertEqual(r.altitudeMSL, 59.9)
        XCTAssertEqual(r.geoidSeparation, 23.7)
        XCTAssertEqual(r.satellitesUsed, 8)
        XCTAssertEqual(r.hdop, 1.1)
        XCTAssertTrue(r.latchesTime)
    }

    func testGGAQualityZeroSaysNoFixEvenWithAPosition() throws {
        // bn-9015.log: quality 0 but a position: not a fix (gpsd reports none either).
        let r = try report("gpsd/bn-9015.log", "$GPGGA,170958.972")
        XCTAssertEqual(r.validity, .invalid)
        XCTAssertNil(r.latitude)
        XCTAssertNil(r.altitudeMSL)
        XCTAssertFalse(r.hasValidPosition)
    }

    func testAllEmptyNoFixSentencesForgetTime() throws {
        let gga = try XCTUnwrap(decodeSentence("GPGGA,,,,,,0,,,,,,,,"))  // aerorust_nmea1.log
        XCTAssertEqual(gga.validity, .invalid)
        XCTAssertTrue(gga.forgetsTime)
        XCTAssertNil(gga.timeOfDay)
        XCTAssertNil(gga.satellitesUsed, "missing is nil, never 0")
        let rmc = try report("gpsd/april6_2019.log", "$GPRMC,,V")
        XCTAssertEqual(rmc.validity, .invalid)
        XCTAssertTrue(rmc.forgetsTime)
        XCTAssertNil(rmc.speed)
    }

    func testRMCWithNMEA41NavigationStatus() throws {
        let r = try report("gpsd/telit-pls83-w.log", "$GPRMC,043539.00")
        XCTAssertEqual(r.validity, .valid)
        XCTAssertEqual(r.day, UTCTime.daysSinceEpoch(year: 2025, month: 9, day: 4))
        XCTAssertEqual(try XCTUnwrap(r.latitude), 43.553170100, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(r.longitude), 1.460306333, accuracy: 1e-9)
        XCTAssertEqual(r.speed, 0)
        XCTAssertNil(r.track, "empty course is nil, not 0")
        XCTAssertTrue(r.latchesTime)
    }

    func testRMCSpeedInKnotsAndTwoDigitYears() throws {
        let r = try report("gpsd/bu353s4.log", "$GPRMC,030720.000")
        XCTAssertEqual(try XCTUnwrap(r.speed), 1.15 * 1852 / 3600, accuracy: 1e-9)  // gpsd: 0.592
        XCTAssertEqual(r.track, 181.39)
        XCTAssertEqual(r.day, UTCTime.daysSinceEpoch(year: 2014, month: 12, day: 31))
        // april6_2019.log: a receiver hit by the 2019 rollover says "99": 1999, as gpsd reads it.
        let rollover = try report("gpsd/april6_2019.log", "$GPRMC,000231.42")
        XCTAssertEqual(rollover.day, UTCTime.daysSinceEpoch(year: 1999, month: 8, day: 22))
        // ... or "-1": no date at all, but the position stands.
        let broken = try report("gpsd/april6_2019.log", "$GPRMC,000231.099")
        XCTAssertNil(broken.day)
        XCTAssertFalse(broken.latchesTime)
        XCTAssertTrue(broken.hasValidPosition)
    }

    func testRMCModeIndicatorNSaysNoFix() {
        let r = decodeSentence("GPRMC,235946.005,V,8960.000000,N,00000.000000,E,0.000,0.00,050180,,,N")  // mtk-3301.log
        XCTAssertEqual(r?.validity, .invalid)
        let a = decodeSentence("GPRMC,081836,A,3751.65,S,14507.36,E,000.0,360.0,130998,011.3,E,N")
        XCTAssertEqual(a?.validity, .invalid, "status A but mode N: not valid")
    }

    /// Values a checksum vouched for that no receiver means: a negative speed, a course off the
    /// compass, a negative DOP are none (parse printed -5144 m/s and 15915 degrees); 360 is north.
    func testOutOfRangeSpeedCourseAndDOPAreNone() {
        let rmc = decodeSentence("GPRMC,070000.00,A,4722.00240,N,00832.99890,E,-10000,15915,020326,,,A")
        XCTAssertEqual(rmc?.validity, .valid)
        XCTAssertNil(rmc?.speed)
        XCTAssertNil(rmc?.track)
        let north = decodeSentence("GPRMC,070000.00,A,4722.00240,N,00832.99890,E,1.0,360.0,020326,,,A")
        XCTAssertEqual(north?.track, 0)
        XCTAssertEqual(try XCTUnwrap(north?.speed), 0.514, accuracy: 0.001)
        let vtg = decodeSentence("GPVTG,-3,T,,M,1.0,N,-1.8,K,A")
        XCTAssertNil(vtg?.track)
        XCTAssertEqual(try XCTUnwrap(vtg?.speed), 0.514, accuracy: 0.001, "the knots field when km/h is garbage")
        let gga = decodeSentence("GPGGA,070000.00,4722.00240,N,00832.99890,E,1,11,-1.0,418.4,M,48.0,M,,")
        XCTAssertNil(gga?.hdop)
        XCTAssertEqual(gga?.validity, .valid)
    }

    func testGLLWithAndWithoutModeIndicator() throws {
        let r = try report("gpsd/ais-nmea.log", "$GPGLL,5250.53814,N,00542.34917,E,214012.00")
        XCTAssertEqual(r.validity, .valid)
        XCTAssertEqual(try XCTUnwrap(r.latitude), 52.842302333, accuracy: 1e-9)  // gpsd: 52.842302333
        XCTAssertEqual(try XCTUnwrap(r.longitude), 5.705819500, accuracy: 1e-9)
        XCTAssertEqual(r.timeOfDay, ((21 * 60 + 40) * 60 + 12) * 1000)
        let old = try report("gpsd/garmin48.log", "$GPGLL,4527.458,S,16709.165,E,225309,A")
        XCTAssertEqual(old.validity, .valid)
        XCTAssertEqual(try XCTUnwrap(old.latitude), -45.457633333, accuracy: 1e-9)
        let void = decodeSentence("GPGLL,4916.45,N,12311.12,W,225444,V,N")
        XCTAssertEqual(void?.validity, .invalid)
        XCTAssertNil(void?.latitude)
    }

    func testGNSModeStringPerConstellation() throws {
        let r = try report("gpsd/ericsson-gru04.log", "$GNGNS,170600.000")
        XCTAssertEqual(r.type, .gns)
        XCTAssertEqual(r.validity, .valid)  // "AANN": GPS and GLONASS have a fix
        XCTAssertEqual(try XCTUnwrap(r.latitude), 41.193313333, accuracy: 1e-9)  // gpsd: 41.193313333
        XCTAssertEqual(r.altitudeMSL, 1443.9)
        XCTAssertEqual(r.geoidSeparation, -16.5)
        XCTAssertEqual(r.satellitesUsed, 21)
        let none = decodeSentence("GNGNS,170600.000,4111.59880,N,11156.56667,W,NNNN,00,,,,,")
        XCTAssertEqual(none?.validity, .invalid)
        XCTAssertNil(none?.latitude)
    }

    func testGSAWithNMEA410SystemID() throws {
        let r = try report("gpsd/bu353s4.log", "$GPGSA,A,3")
        XCTAssertEqual(r.fixType, 3)
        XCTAssertEqual(r.satellitesUsed, 8)
        XCTAssertEqual(r.pdop, 1.8)
        XCTAssertEqual(r.hdop, 1.1)
        XCTAssertEqual(r.vdop, 1.5)
        let v410 = try XCTUnwrap(decodeSentence("GNGSA,A,3,18,21,26,27,16,20,22,29,,,,,1.3,0.7,1.1,1"))
        XCTAssertEqual(v410.satellitesUsed, 8)
        XCTAssertEqual(v410.vdop, 1.1)
        let noFix = try XCTUnwrap(decodeSentence("GPGSA,A,1,,,,,,,,,,,,,,,"))
        XCTAssertEqual(noFix.validity, .invalid)
        XCTAssertNil(noFix.pdop)
    }

    func testGSVCountsSatellitesInViewOncePerGroup() throws {
        let first = try report("gpsd/bu353s4.log", "$GPGSV,3,1,12")
        XCTAssertEqual(first.satellitesVisible, 12)
        let second = try report("gpsd/bu353s4.log", "$GPGSV,3,2,12")
        XCTAssertNil(second.satellitesVisible)
        XCTAssertEqual(decodeSentence("GPGSV,3,1,12,28,70,351,18,30,61,093,28,17,52,181,,13,50,290,,1")?.satellitesVisible, 12)
    }

    func testVTGModernAndNoFix() throws {
        let r = try report("gpsd/ais-nmea.log", "$GPVTG,,T,,M,0.017,N,0.031,K,A")
        XCTAssertNil(r.track)
        XCTAssertEqual(try XCTUnwrap(r.speed), 0.031 / 3.6, accuracy: 1e-12)
        let n = decodeSentence("GPVTG,0.00,T,,M,0.000,N,0.000,K,N")  // mtk-3301.log
        XCTAssertEqual(n?.validity, .invalid)
        XCTAssertNil(n?.speed)
    }

    func testZDA() throws {
        let r = try report("gpsd/ac12.log", "$GPZDA,193223.00")
        XCTAssertEqual(r.day, UTCTime.daysSinceEpoch(year: 2007, month: 12, day: 23))
        XCTAssertEqual(r.timeOfDay, ((19 * 60 + 32) * 60 + 23) * 1000)
        XCTAssertTrue(r.latchesTime)
        let blank = try XCTUnwrap(decodeSentence("GPZDA,,,,,,"))
        XCTAssertNil(blank.day)
        XCTAssertFalse(blank.latchesTime)
    }

    func testGSTAndGBSErrorEstimates() throws {
        let gst = try report("gpsd/isync.log", "$GPGST,131519.00")
        XCTAssertEqual(gst.latitudeError, 0.70)
        XCTAssertEqual(gst.longitudeError, 0.49)
        XCTAssertEqual(gst.altitudeError, 1.1)
        XCTAssertFalse(gst.latchesTime, "gpsd keeps GST out of cycle detection")
        let gbs = try report("gpsd/ait250.log", "$GPGBS,194939.00")
        XCTAssertEqual(gbs.latitudeError, 3.0)
        XCTAssertEqual(gbs.altitudeError, 4.2)
        XCTAssertTrue(gbs.latchesTime)
    }

    func testTalkers() throws {
        for (file, prefix) in [("gpsd/beidou-bd.log", "$BDGSA"), ("gpsd/beidou-gb.log", "$GBGSV"), ("gpsd/quectelLC79D.log", "$QZ"),
                               ("gpsd/bu353-glonass.log", "$GLGSV"), ("gpsd/humminbird-M37.log", "$INRMC"),
                               ("gpsd/quectel-l76k-nmea.log", "$GNRMC"), ("gpsd/ublox-neo-m9n-nmea.log", "$GAGSV")] {
            XCTAssertNoThrow(try report(file, prefix), prefix)
        }
        XCTAssertEqual(decodeSentence("QZGSV,1,1,01,193,45,120,33")?.satellitesVisible, 1)
        XCTAssertEqual(decodeSentence("GQGSV,1,1,01,193,45,120,33")?.type, .gsv)
        XCTAssertEqual(decodeSentence("GAGGA,123519,4807.038,N,01131.324,E,1,08,0.9,545.4,M,46.9,M,,")?.validity, .valid)
    }

    func testUnknownProprietaryAISAndShortSentencesAreCountedNotDecoded() throws {
        let text = [
            try corpusLine("nmea/pynmeagps_pygpsdata-userdefined.log", startingWith: "$U1XYZ"),  // numeric talker, unknown type
            try corpusLine("gpsd/ais-nmea.log", startingWith: "!AIVDM"),
            try corpusLine("gpsd/garmin48.log", startingWith: "$PGRME"),
            try corpusLine("gpsd/garmin48.log", startingWith: "$GPRMB"),
            sentence("GPGGA,123519,4807.038,N"),  // too few fields
            try corpusLine("nmea/pynmeagps_unicore_nmea.log", startingWith: "$GNGGAH"),
        ].joined(separator: "\r\n") + "\r\n"
        let r = decodeNMEA(text)
        XCTAssertEqual(r.counters[.sentences], 6)
        XCTAssertEqual(r.counters[.accepted], 0)
        XCTAssertEqual(r.counters[.unknownTypes], 3)
        XCTAssertEqual(r.counters[.ais], 1)
        XCTAssertEqual(r.counters[.proprietary], 1)
        XCTAssertEqual(r.counters[.malformed], 1)
        XCTAssertEqual(r.fixes, [])
    }

    func testMalformedNumbersAreNilNotZero() throws {
        let r = try XCTUnwrap(decodeSentence("GPGGA,12x519,48O7.038,N,01131.324,E,1,-,.,5-45.4,M,,M,,"))
        XCTAssertNil(r.timeOfDay)
        XCTAssertNil(r.latitude)
        XCTAssertNil(r.longitude)
        XCTAssertNil(r.satellitesUsed)
        XCTAssertNil(r.hdop)
        XCTAssertNil(r.altitudeMSL)
        XCTAssertNil(r.geoidSeparation)
        XCTAssertNil(decodeSentence("GPGGA,123519,9107.038,N,01131.324,E,1,08,0.9,545.4,M,46.9,M,,")?.latitude, "beyond 90 degrees")
        XCTAssertNil(decodeSentence("GPGGA,126019,4807.038,N,01131.324,E,1,08,0.9,545.4,M,46.9,M,,")?.timeOfDay, "minute 60")
    }
}
