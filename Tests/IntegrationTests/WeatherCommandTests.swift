import XCTest

/// `pacerctl weather` through the built binary: the exact JSON shapes of issue #16 and the words
/// in the units and clock of the user's config.
final class WeatherCommandTests: XCTestCase {
    // FAA AIM figure 7-1-19 (the METAR/TAF key).
    let metar = "METAR KPIT 091955Z COR 22015G25KT 3/4SM R28L/2600FT TSRA OVC010CB 18/16 A2992 RMK SLP045 T01820159"
    let taf = "TAF KPIT 091730Z 0918/1024 15005KT 5SM HZ FEW020 FM091930 30015G25KT 3SM SHRA OVC015 TEMPO 0920/0922 1/2SM +TSRA OVC008CB PROB30 1004/1007 1SM -RA BR"

    func testJSONShapes() throws {
        let dir = try BuiltBinaries.temporaryDirectory("weather-json")
        let conf = dir.appendingPathComponent("pacer.conf")
        try "".write(to: conf, atomically: true, encoding: .utf8)
        let m = try BuiltBinaries.run("pacerctl", ["weather", "--json", "--config", conf.path, "--metar", metar,
                                                   "--metar", "METAR LSGG 092050Z VRB01KT CAVOK 19/14 Q1022 NOSIG="])
        XCTAssertEqual(m.status, 0, m.stderr)
        XCTAssertEqual(m.stdoutText, """
        {"station":"KPIT","day":9,"time":"19:55","wind_dir_deg":220,"wind_speed_kt":15,"wind_gust_kt":25,"wind_var_from_deg":null,"wind_var_to_deg":null,"visibility_m":1207,"temp_c":18.2,"dewpoint_c":15.9,"altimeter_hpa":1013.2,"cover":[["OVC",1000]],"weather":["TSRA"],"unparsed":[]}
        {"station":"LSGG","day":9,"time":"20:50","wind_dir_deg":null,"wind_speed_kt":1,"wind_gust_kt":null,"wind_var_from_deg":null,"wind_var_to_deg":null,"visibility_m":10000,"temp_c":19,"dewpoint_c":14,"altimeter_hpa":1022,"cover":[],"weather":[],"unparsed":[]}

        """)
        let t = try BuiltBinaries.run("pacerctl", ["weather", "--json", "--config", conf.path, "--taf", taf])
        XCTAssertEqual(t.status, 0, t.stderr)
        XCTAssertEqual(t.stdoutText, """
        {"station":"KPIT","valid_from":"0918","valid_to":"1024","periods":[\
        {"type":"BASE","prob":null,"from":"0918","to":"091930","wind_dir_deg":150,"wind_speed_kt":5,"visibility_m":8047,"cover":[["FEW",2000]],"weather":["HZ"]},\
        {"type":"FM","prob":null,"from":"091930","to":"1024","wind_dir_deg":300,"wind_speed_kt":15,"visibility_m":4828,"cover":[["OVC",1500]],"weather":["SHRA"]},\
        {"type":"TEMPO","prob":null,"from":"0920","to":"0922","wind_dir_deg":null,"wind_speed_kt":null,"visibility_m":805,"cover":[["OVC",800]],"weather":["+TSRA"]},\
        {"type":"PROB","prob":30,"from":"1004","to":"1007","wind_dir_deg":null,"wind_speed_kt":null,"visibility_m":1609,"cover":[],"weather":["-RA","BR"]}]}

        """)
        let bad = try BuiltBinaries.run("pacerctl", ["weather", "--json", "--config", conf.path, "--metar", "KPIT 091955Z 22015XKT 18/16"])
        XCTAssertTrue(bad.stdoutText.contains(#""temp_c":18,"#), bad.stdoutText)
        XCTAssertTrue(bad.stdoutText.contains(#""unparsed":["22015XKT"]"#), bad.stdoutText)
    }

    func testWordsFollowUnitsAndTheConfigClock() throws {
        let dir = try BuiltBinaries.temporaryDirectory("weather-words")
        let conf = dir.appendingPathComponent("pacer.conf")
        try "[display]\nclock = 12\n".write(to: conf, atomically: true, encoding: .utf8)
        let r = try BuiltBinaries.run("pacerctl", ["weather", "--config", conf.path, "--units", "imperial", "--metar", metar, "--taf", taf])
        XCTAssertEqual(r.status, 0, r.stderr)
        let text = r.stdoutText
        XCTAssertTrue(text.contains("METAR KPIT, day 9 at 7:55 PM UTC, corrected"), text)
        XCTAssertTrue(text.contains("from 220° at 17 mph (15 kt), gusts 29 mph (25 kt)"), text)
        XCTAssertTrue(text.contains("temperature  65 °F, dew point 61 °F"), text)
        XCTAssertTrue(text.contains("weather      thunderstorm with rain"), text)
        XCTAssertTrue(text.contains("30% chance day 10 4:00 AM to day 10 7:00 AM: visibility 1 mi; light rain; mist"), text)
        let metric = try BuiltBinaries.run("pacerctl", ["weather", "--config", conf.path, "--clock", "24", "--units", "metric", "--metar", metar])
        XCTAssertTrue(metric.stdoutText.contains("day 9 at 19:55 UTC"), metric.stdoutText)
        XCTAssertTrue(metric.stdoutText.contains("from 220° at 28 km/h (15 kt)"), metric.stdoutText)
        XCTAssertEqual(try BuiltBinaries.run("pacerctl", ["weather", "--config", conf.path]).status, 2)
    }
}
