import XCTest
@testable import PacerCore

final class SessionSummaryJSONTests: XCTestCase {
    func testFieldNamesAndNulls() throws {
        let s = SessionSummary(id: "7", activity: .run, start: UTCTime(rfc3339: "2026-03-01T07:00:00Z"),
                               elapsedSeconds: 60, movingSeconds: 55.5, distanceMeters: 200.25,
                               heartRateZoneSeconds: [1, 2, 3, 4, 5],
                               laps: [SegmentSummary(index: 1, elapsedSeconds: 60, distanceMeters: 200, averageSpeed: 4)])
        let json = s.json
        XCTAssertTrue(json.hasPrefix(#"{"id":"7","activity":"run","start":"2026-03-01T07:00:00.000Z","end":null,"elapsed_s":60,"moving_s":55.5,"distance_m":200.25,"avg_speed_mps":null"#), json)
        XCTAssertTrue(json.contains(#""hr_zones_s":[1,2,3,4,5]"#), json)
        XCTAssertTrue(json.contains(#""pace_s_per_km":250"#), json)
        XCTAssertTrue(json.contains(#""steps":null"#), json)
    }
}
