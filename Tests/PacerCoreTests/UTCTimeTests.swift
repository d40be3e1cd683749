import XCTest
@testable import PacerCore

final class UTCTimeTests: XCTestCase {
    func testCalendarRoundTripAcrossLeapDayAndCenturies() {
        for (y, m, d) in [(1970, 1, 1), (2000, 2, 29), (2100, 3, 1), (1999, 12, 31), (2026, 11, 22), (1980, 1, 6)] {
            let t = UTCTime(year: y, month: m, day: d, hour: 23, minute: 59, second: 58, millisecond: 7)!
            let c = t.components
            XCTAssertEqual([c.year, c.month, c.day, c.hour, c.minute, c.second, c.millisecond], [y, m, d, 23, 59, 58, 7])
        }
        XCTAssertNil(UTCTime(year: 2023, month: 2, day: 29, hour: 0, minute: 0, second: 0))
        XCTAssertEqual(UTCTime(year: 1970, month: 1, day: 2, hour: 0, minute: 0, second: 0)?.millisecondsSinceEpoch, 86_400_000)
    }

    func testRFC3339FormatAndParse() {
        let t = UTCTime(year: 2026, month: 3, day: 1, hour: 7, minute: 0, second: 0, millisecond: 512)!
        XCTAssertEqual(t.rfc3339, "2026-03-01T07:00:00.512Z")
        XCTAssertEqual(UTCTime(rfc3339: "2026-03-01T07:00:00.512Z"), t)
        XCTAssertEqual(UTCTime(rfc3339: "2026-03-01T08:00:00.512+01:00"), t)
        XCTAssertEqual(UTCTime(rfc3339: "2026-03-01T07:00:00Z")?.millisecondsSinceEpoch, t.millisecondsSinceEpoch - 512)
        for bad in ["", "2026-03-01", "2026-13-01T07:00:00Z", "2026-03-01T07:00:00", "2026-03-01T07:00:00.Z", "2026-03-01T07:00:00Zjunk"] {
            XCTAssertNil(UTCTime(rfc3339: bad), bad)
        }
    }
}
