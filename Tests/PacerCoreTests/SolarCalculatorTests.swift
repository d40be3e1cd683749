import XCTest
@testable import PacerCore

/// Sunrise and sunset against the US Naval Observatory's "Rise and Set for the Sun" tables,
/// which give local standard time rounded to the minute:
/// - Fredonia, AZ (W112°31', N36°57', UTC-7), 2023, as kept in skyfield's USNO comparison script
///   (aa.usno.navy.mil/calculated/rstt/year?...lat=36.95&lon=-112.52...).
/// - San Francisco, CA (W122°26', N37°46', PST = UTC-8), 2012, as kept in a public Go program.
/// Polar day and night: at 70° the sun does not set around the June solstice nor rise around the
/// December one (USNO's year tables print `****`/`----` there); on 1 January every latitude
/// south of 66°S has no sunrise (aa.quae.nl, "The Position of the Sun: Tables", table 1).
final class SolarCalculatorTests: XCTestCase {
    struct Almanac { let lat, lon: Double; let zone: Int; let y, m, d: Int; let rise, set: (Int, Int) }
    static let fredonia = (lat: 36 + 57.0 / 60, lon: -(112 + 31.0 / 60))
    static let sanFrancisco = (lat: 37 + 46.0 / 60, lon: -(122 + 26.0 / 60))
    let rows: [Almanac] = [
        Almanac(lat: fredonia.lat, lon: fredonia.lon, zone: -7, y: 2023, m: 1, d: 1, rise: (7, 43), set: (17, 24)),
        Almanac(lat: fredonia.lat, lon: fredonia.lon, zone: -7, y: 2023, m: 3, d: 20, rise: (6, 34), set: (18, 42)),
        Almanac(lat: fredonia.lat, lon: fredonia.lon, zone: -7, y: 2023, m: 6, d: 21, rise: (5, 11), set: (19, 53)),
        Almanac(lat: fredonia.lat, lon: fredonia.lon, zone: -7, y: 2023, m: 9, d: 23, rise: (6, 19), set: (18, 26)),
        Almanac(lat: fredonia.lat, lon: fredonia.lon, zone: -7, y: 2023, m: 12, d: 21, rise: (7, 39), set: (17, 17)),
        Almanac(lat: sanFrancisco.lat, lon: sanFrancisco.lon, zone: -8, y: 2012, m: 1, d: 10, rise: (7, 25), set: (17, 9)),
        Almanac(lat: sanFrancisco.lat, lon: sanFrancisco.lon, zone: -8, y: 2012, m: 6, d: 21, rise: (4, 48), set: (19, 35)),
        Almanac(lat: sanFrancisco.lat, lon: sanFrancisco.lon, zone: -8, y: 2012, m: 11, d: 4, rise: (6, 39), set: (17, 7)),
        Almanac(lat: sanFrancisco.lat, lon: sanFrancisco.lon, zone: -8, y: 2012, m: 12, d: 21, rise: (7, 22), set: (16, 55)),
    ]

    func testWithinOneMinuteOfTheUSNOTables() throws {
        for r in rows {
            guard case let .normal(rise, _, set)? = SolarCalculator.day(latitude: r.lat, longitude: r.lon, year: r.y, month: r.m, day: r.d) else {
                return XCTFail("no sunrise at \(r)")
            }
            for (computed, table, name) in [(rise, r.rise, "rise"), (set, r.set, "set")] {
                let expected = UTCTime(year: r.y, month: r.m, day: r.d, hour: table.0, minute: table.1, second: 0)!
                let local = computed.secondsSinceEpoch + Double(r.zone * 3600)
                let error = local - expected.secondsSinceEpoch
                XCTAssertLessThanOrEqual(abs(error), 60, "\(name) \(r.y)-\(r.m)-\(r.d) at \(r.lat),\(r.lon): off by \(error) s")
            }
        }
    }

    func testPolarDayAndNight() {
        XCTAssertTrue(isPolarDay(SolarCalculator.day(latitude: 70, longitude: 25, year: 2023, month: 6, day: 21)))
        XCTAssertTrue(isPolarNight(SolarCalculator.day(latitude: 70, longitude: 25, year: 2023, month: 12, day: 21)))
        XCTAssertTrue(isPolarDay(SolarCalculator.day(latitude: -70, longitude: 0, year: 2002, month: 1, day: 1)))
        XCTAssertTrue(isPolarDay(SolarCalculator.day(latitude: -88, longitude: 0, year: 2002, month: 1, day: 1)))
        XCTAssertTrue(isPolarNight(SolarCalculator.day(latitude: 78.2, longitude: 15.6, year: 2026, month: 1, day: 5)))
        // Just outside the polar circle the sun still rises on the shortest day.
        if case .normal? = SolarCalculator.day(latitude: 64, longitude: 0, year: 2023, month: 12, day: 21) {} else { XCTFail("64°N rises") }
    }

    func testInvalidInputs() {
        XCTAssertNil(SolarCalculator.day(latitude: 91, longitude: 0, year: 2023, month: 1, day: 1))
        XCTAssertNil(SolarCalculator.day(latitude: .nan, longitude: 0, year: 2023, month: 1, day: 1))
        XCTAssertNil(SolarCalculator.day(latitude: 0, longitude: 0, year: 2023, month: 2, day: 30))
    }

    func isPolarDay(_ d: SolarCalculator.Day?) -> Bool { if case .polarDay? = d { return true }; return false }
    func isPolarNight(_ d: SolarCalculator.Day?) -> Bool { if case .polarNight? = d { return true }; return false }
}
