import XCTest
@testable import PacerCore

final class GNSSFixJSONTests: XCTestCase {
    func testParseLineHasEveryKeyWithGpsdDecimalsAndNullsForAbsentValues() throws {
        let fix = GNSSFix(time: UTCTime(rfc3339: "2014-12-31T03:07:19.5Z"), mode: .threeD,
                          latitude: -37.7847883333333, longitude: 175.314896666667, altitudeMSL: 59.9,
                          speed: 0.35497, track: 181.39, hdop: 1.1, satellitesUsed: 8)
        var w = JSONWriter()
        fix.jsonLine(into: &w)
        let line = String(decoding: w.bytes, as: UTF8.self)
        XCTAssertEqual(line, #"{"time":"2014-12-31T03:07:19.500Z","lat":-37.784788333,"lon":175.314896667,"mode":3,"#
            + #""alt_msl":59.900,"speed_mps":0.355,"track_deg":181.3900,"hdop":1.10,"sats_used":8,"vdop":null,"#
            + #""pdop":null,"sats_visible":null,"geoid_sep_m":null,"lat_err_m":null,"lon_err_m":null,"alt_err_m":null}"# + "\n")
        let object = try JSONSerialization.jsonObject(with: Data(w.bytes)) as? [String: Any]
        XCTAssertEqual(object?["lat"] as? Double, -37.784788333)
        XCTAssertTrue(object?["vdop"] is NSNull)

        // A second line starts a new document (no leading comma), and an undated fix has "time": null.
        fix.jsonLine(into: &w)
        var undated = fix
        undated.time = nil
        undated.latitude = -0.0000000004
        undated.jsonLine(into: &w)
        let lines = String(decoding: w.bytes, as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(lines.count, 3)
        XCTAssertTrue(lines[2].hasPrefix(#"{"time":null,"lat":0.000000000,"lon":175.314896667"#), String(lines[2]))
    }

    func testFixedDecimalsRoundHalfAwayFromZero() {
        var w = JSONWriter()
        w.beginArray()
        for v in [0.0005, -0.0005, 1.9999996, -12.3456, 123456789.1234] { w.value(v, fixed: 3) }
        w.value(Double.nan, fixed: 3)
        w.value(nil as Double?, fixed: 3)
        w.endArray()
        XCTAssertEqual(String(decoding: w.bytes, as: UTF8.self), "[0.001,-0.001,2.000,-12.346,123456789.123,null,null]")
    }
}
