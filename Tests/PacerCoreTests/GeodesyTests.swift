import XCTest
@testable import PacerCore

final class GeodesyTests: XCTestCase {
    /// Vincenty's own published example (Flinders Peak to Buninyong, 1975 paper / Geoscience Australia).
    func testVincentyReferenceLine() {
        let lat1 = -(37 + 57 / 60.0 + 3.72030 / 3600), lon1 = 144 + 25 / 60.0 + 29.52440 / 3600
        let lat2 = -(37 + 39 / 60.0 + 10.15610 / 3600), lon2 = 143 + 55 / 60.0 + 35.38390 / 3600
        let r = Geodesy.inverse(latitude1: lat1, longitude1: lon1, latitude2: lat2, longitude2: lon2)
        XCTAssertEqual(r.distance, 54_972.271, accuracy: 0.001)
        XCTAssertEqual(r.initialBearing!, 306 + 52 / 60.0 + 5.37 / 3600, accuracy: 1e-5)
    }

    func testMeridianDegreeAndEquatorDegree() {
        // One degree of latitude at the equator is 110 574.4 m, of longitude 111 319.5 m on WGS84.
        XCTAssertEqual(Geodesy.distance(latitude1: 0, longitude1: 0, latitude2: 1, longitude2: 0), 110_574.4, accuracy: 0.5)
        XCTAssertEqual(Geodesy.distance(latitude1: 0, longitude1: 0, latitude2: 0, longitude2: 1), 111_319.5, accuracy: 0.5)
        // The sphere is measurably wrong there: more than 0.3 % on the meridian.
        let sphere = Geodesy.haversine(latitude1: 0, longitude1: 0, latitude2: 1, longitude2: 0)
        XCTAssertGreaterThan(abs(sphere - 110_574.4) / 110_574.4, 0.003)
    }

    func testCoincidentAndAntipodalPoints() {
        XCTAssertEqual(Geodesy.inverse(latitude1: 48, longitude1: 11, latitude2: 48, longitude2: 11).distance, 0)
        XCTAssertNil(Geodesy.inverse(latitude1: 48, longitude1: 11, latitude2: 48, longitude2: 11).initialBearing)
        // Nearly antipodal: Vincenty does not converge; the fallback still gives half the globe.
        let d = Geodesy.distance(latitude1: 0, longitude1: 0, latitude2: 0.5, longitude2: 179.7)
        XCTAssertEqual(d, 20_000_000, accuracy: 100_000)
    }

    func testTangentPlaneAgreesWithVincentyOverOneKilometre() {
        let plane = LocalTangentPlane(latitude: 52.52, longitude: 13.40)
        let target = (lat: 52.526, lon: 13.409)
        let p = plane.project(latitude: target.lat, longitude: target.lon)
        let planar = (p.east * p.east + p.north * p.north).squareRoot()
        let geodesic = Geodesy.distance(latitude1: 52.52, longitude1: 13.40, latitude2: target.lat, longitude2: target.lon)
        XCTAssertEqual(planar, geodesic, accuracy: geodesic * 1e-4)
        let back = plane.unproject(east: p.east, north: p.north)
        XCTAssertEqual(back.latitude, target.lat, accuracy: 1e-9)
        XCTAssertEqual(back.longitude, target.lon, accuracy: 1e-9)
    }
}
