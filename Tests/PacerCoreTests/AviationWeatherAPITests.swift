import XCTest
@testable import PacerCore

/// Requests and answers of the Aviation Weather Center data API (shapes from its documentation at
/// aviationweather.gov/data/api and answers kept in public clients' tests).
final class AviationWeatherAPITests: XCTestCase {
    func testURLsAndBoundingBox() {
        let api = AviationWeatherAPI(base: "https://aviationweather.gov/api/data/")
        XCTAssertEqual(api.metarURL(["KPIT", "KAGC"]), "https://aviationweather.gov/api/data/metar?ids=KPIT,KAGC&format=raw")
        XCTAssertEqual(api.tafURL(["KPIT"]), "https://aviationweather.gov/api/data/taf?ids=KPIT&format=raw")
        XCTAssertEqual(api.stationsURL(latitude: 0, longitude: 0, radiusKilometres: 111.32),
                       "https://aviationweather.gov/api/data/stationinfo?bbox=-1.0,-1.0,1.0,1.0&format=json")
        let polar = AviationWeatherAPI.boundingBox(latitude: 89.9, longitude: 179, radiusKilometres: 50)
        XCTAssertEqual(polar.maxLat, 90)
        XCTAssertEqual(polar.maxLon, 180)
    }

    func testStationsNearestFirstOnlyMETARSitesWithinRadius() throws {
        let json = Array("""
        [{"id":"KHWD","icaoId":"KHWD","site":"Hayward Exec","lat":37.65886,"lon":-122.12116,"elev":9,"state":"CA","country":"US","priority":6,"siteType":["METAR","TAF"]},
         {"id":"AAMC1","site":"Alameda","lat":37.772,"lon":-122.298,"elev":6,"country":"US","siteType":[]},
         {"id":"KLVK","site":"Livermore Muni","lat":37.69309,"lon":-121.81489,"elev":120,"country":"US","siteType":["METAR","TAF"]},
         {"id":"KSJC","site":"San Jose Intl","lat":37.3594,"lon":-121.9244,"elev":13,"country":"US","siteType":["METAR","TAF"]},
         {"id":"LFPG","site":"Paris/De Gaulle","lat":49.015,"lon":2.534,"elev":107,"country":"FR","siteType":["METAR"]}]
        """.utf8)
        let s = try AviationWeatherAPI.nearestStations(json, latitude: 37.70, longitude: -121.90, radiusKilometres: 50)
        XCTAssertEqual(s.map(\.id), ["KLVK", "KHWD", "KSJC"])
        XCTAssertTrue(s[0].distanceMetres < s[1].distanceMetres && s[1].distanceMetres < s[2].distanceMetres)
        XCTAssertThrowsError(try AviationWeatherAPI.nearestStations(Array("{not json".utf8), latitude: 0, longitude: 0, radiusKilometres: 50))
    }

    func testRawAnswersAndTheChoice() {
        let metars = AviationWeatherAPI.rawMETARs(Array("KAGC 091955Z 22012KT 10SM FEW050 18/10 A2992\r\nKPIT 091951Z 22015G25KT 3/4SM OVC010 18/16 A2992\n\n".utf8))
        XCTAssertEqual(metars["KPIT"], "KPIT 091951Z 22015G25KT 3/4SM OVC010 18/16 A2992")
        let tafs = AviationWeatherAPI.rawTAFs(Array("TAF KPIT 091730Z 0918/1024 15005KT 5SM HZ FEW020\n      FM091930 30015G25KT 3SM SHRA OVC015\nTAF AMD KAGC 091800Z 0918/1018 VRB03KT P6SM SKC\n".utf8))
        XCTAssertEqual(tafs["KPIT"], "TAF KPIT 091730Z 0918/1024 15005KT 5SM HZ FEW020 FM091930 30015G25KT 3SM SHRA OVC015")
        XCTAssertNotNil(tafs["KAGC"])
        let near = WeatherStation(id: "KAGC", latitude: 0, longitude: 0, distanceMetres: 1000, issuesTAF: true)
        let far = WeatherStation(id: "KPIT", latitude: 0, longitude: 0, distanceMetres: 9000, issuesTAF: true)
        XCTAssertEqual(AviationWeatherAPI.choose([near, far], metars: metars, tafs: ["KPIT": "TAF KPIT"])?.station.id, "KPIT")
        XCTAssertEqual(AviationWeatherAPI.choose([near, far], metars: metars, tafs: [:])?.station.id, "KAGC")
        XCTAssertNil(AviationWeatherAPI.choose([near], metars: [:], tafs: [:]))
    }

    func testQueueOrdersAnyInput() {
        var q = NearestStationQueue()
        let distances: [Double] = [5, 3, 9, 1, 7, 3, 0, 8]
        for (i, d) in distances.enumerated() { q.push(WeatherStation(id: "S\(i)", latitude: 0, longitude: 0, distanceMetres: d, issuesTAF: false)) }
        var out: [Double] = []
        while let s = q.pop() { out.append(s.distanceMetres) }
        XCTAssertEqual(out, distances.sorted())
    }

    func testConfigSection() throws {
        let c = try PacerConfig(parsing: "[weather]\nurl = http://127.0.0.1:8080/api/data\nradius_km = 25\n", file: "t.conf")
        XCTAssertEqual(c.weather.url, "http://127.0.0.1:8080/api/data")
        XCTAssertEqual(c.weather.radiusKilometres, 25)
        XCTAssertTrue(try PacerConfig(parsing: "[weather]\nattach = yes\n", file: "t.conf").weather.attach)
        XCTAssertThrowsError(try PacerConfig(parsing: "[weather]\nattach = 2\n", file: "t.conf"))
        XCTAssertThrowsError(try PacerConfig(parsing: "[weather]\nurl = ftp://x\n", file: "t.conf"))
        XCTAssertEqual(PacerConfig().weather.url, "https://aviationweather.gov/api/data")
    }
}
