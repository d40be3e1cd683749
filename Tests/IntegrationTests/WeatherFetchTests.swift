import Foundation
import XCTest

/// `pacerctl weather --near/--station` against recorded Aviation Weather Center answers served by
/// python's http.server on 127.0.0.1 (the real service is HTTPS at aviationweather.gov; nothing
/// here leaves the loopback). Answer shapes as the data API gives them: stationinfo JSON with
/// `icaoId`, `lat`, `lon`, `siteType`; raw METARs one per line; raw TAFs with indented continuations.
final class WeatherFetchTests: XCTestCase {
    final class LocalServer {
        let process = Process()
        let port: Int
        init(root: URL) throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = ["-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", root.path]
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.run()
            // "Serving HTTP on 127.0.0.1 port 40123 (http://127.0.0.1:40123/) ..."
            var line = Data()
            while !line.contains(UInt8(ascii: "\n")) {
                let d = out.fileHandleForReading.availableData
                if d.isEmpty { break }
                line += d
            }
            let words = String(decoding: line, as: UTF8.self).split(separator: " ")
            guard let i = words.firstIndex(of: "port"), i + 1 < words.count, let p = Int(words[i + 1]) else {
                process.terminate()
                throw NSError(domain: "http.server did not start", code: 1)
            }
            port = p
        }
        deinit { process.terminate(); process.waitUntilExit() }
    }

    func makeService() throws -> (LocalServer, URL) {
        let root = try BuiltBinaries.temporaryDirectory("weather-fetch")
        let api = root.appendingPathComponent("api/data")
        try FileManager.default.createDirectory(at: api, withIntermediateDirectories: true)
        // KAGC is nearer to the place asked but has no TAF in this answer; KPIT has both.
        try """
        [{"id":"KPIT","icaoId":"KPIT","site":"Pittsburgh Intl","lat":40.4846,"lon":-80.2144,"elev":361,"state":"PA","country":"US","priority":1,"siteType":["METAR","TAF"]},
         {"id":"KAGC","icaoId":"KAGC","site":"Pittsburgh/Allegheny","lat":40.3544,"lon":-79.9302,"elev":382,"state":"PA","country":"US","priority":5,"siteType":["METAR","TAF"]},
         {"id":"AAMC1","site":"Alameda","lat":40.4,"lon":-80.0,"elev":6,"country":"US","siteType":[]},
         {"id":"KLBE","icaoId":"KLBE","site":"Latrobe","lat":40.2759,"lon":-79.4048,"elev":365,"state":"PA","country":"US","priority":5,"siteType":["METAR"]}]
        """.write(to: api.appendingPathComponent("stationinfo"), atomically: true, encoding: .utf8)
        try "KAGC 091955Z 22012KT 10SM FEW050 18/10 A2992\nKPIT 091951Z 22015G25KT 3/4SM R28L/2600FT TSRA OVC010CB 18/16 A2992 RMK SLP045 T01820159\nKLBE 091953Z 00000KT 10SM CLR 17/09 A2993\n"
            .write(to: api.appendingPathComponent("metar"), atomically: true, encoding: .utf8)
        try "TAF KPIT 091730Z 0918/1024 15005KT 5SM HZ FEW020\n      FM091930 30015G25KT 3SM SHRA OVC015\n      TEMPO 0920/0922 1/2SM +TSRA OVC008CB\n"
            .write(to: api.appendingPathComponent("taf"), atomically: true, encoding: .utf8)
        let server = try LocalServer(root: root)
        let conf = root.appendingPathComponent("pacer.conf")
        try "[weather]\nurl = http://127.0.0.1:\(server.port)/api/data\nradius_km = 50\n".write(to: conf, atomically: true, encoding: .utf8)
        return (server, conf)
    }

    func testNearestStationWithBothReportsWins() throws {
        let (server, conf) = try makeService()
        _ = server
        let r = try BuiltBinaries.run("pacerctl", ["weather", "--config", conf.path, "--near", "40.36,-79.95", "--units", "metric"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdoutText.hasPrefix("station KPIT (26.32 km away)\nMETAR KPIT, day 9 at 19:51 UTC"), r.stdoutText)
        XCTAssertTrue(r.stdoutText.contains("at times day 9 20:00 to day 9 22:00: visibility 805 m; heavy thunderstorm with rain"), r.stdoutText)
        let json = try BuiltBinaries.run("pacerctl", ["weather", "--json", "--config", conf.path, "--station", "kpit"])
        XCTAssertEqual(json.status, 0, json.stderr)
        let lines = json.stdoutText.split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        XCTAssertTrue(lines[0].hasPrefix(#"{"station":"KPIT","day":9,"time":"19:51","wind_dir_deg":220"#), json.stdoutText)
        XCTAssertTrue(lines[1].hasPrefix(#"{"station":"KPIT","valid_from":"0918","valid_to":"1024","periods":[{"type":"BASE""#), json.stdoutText)
    }

    func testNothingWithinTheRadiusAndOffline() throws {
        let (server, conf) = try makeService()
        _ = server
        let far = try BuiltBinaries.run("pacerctl", ["weather", "--config", conf.path, "--near", "48.14,11.58"])
        XCTAssertEqual(far.status, 1)
        XCTAssertTrue(far.stderr.contains("no station with a METAR within 50 km"), far.stderr)
        // A closed loopback port: nothing listens there.
        let offline = try BuiltBinaries.temporaryDirectory("weather-offline").appendingPathComponent("pacer.conf")
        try "[weather]\nurl = http://127.0.0.1:1/api/data\n".write(to: offline, atomically: true, encoding: .utf8)
        let r = try BuiltBinaries.run("pacerctl", ["weather", "--config", offline.path, "--near", "40.36,-79.95"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("weather service unreachable (offline?)"), r.stderr)
    }
}
