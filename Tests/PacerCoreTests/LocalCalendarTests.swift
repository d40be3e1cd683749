import XCTest
@testable import PacerCore

final class LocalCalendarTests: XCTestCase {
    func ms(_ text: String) -> Int64 { UTCTime(rfc3339: text)!.millisecondsSinceEpoch }

    func testBerlinDaysAcrossBothDSTChanges() throws {
        let c = try MotivationFixtures.berlin()
        // 2026-03-29 01:00Z: CET (+1) becomes CEST (+2).
        XCTAssertEqual(LocalCalendar.dateString(day: c.day(milliseconds: ms("2026-03-28T23:30:00Z"))), "2026-03-29")
        XCTAssertEqual(LocalCalendar.dateString(day: c.day(milliseconds: ms("2026-03-29T21:59:00Z"))), "2026-03-29")
        XCTAssertEqual(LocalCalendar.dateString(day: c.day(milliseconds: ms("2026-03-29T22:30:00Z"))), "2026-03-30")
        XCTAssertEqual(c.minuteOfDay(milliseconds: ms("2026-03-29T00:59:00Z")), 1 * 60 + 59)
        XCTAssertEqual(c.minuteOfDay(milliseconds: ms("2026-03-29T01:00:00Z")), 3 * 60)
        // 2026-10-25 01:00Z: back to CET.
        XCTAssertEqual(LocalCalendar.dateString(day: c.day(milliseconds: ms("2026-10-24T22:30:00Z"))), "2026-10-25")
        XCTAssertEqual(LocalCalendar.dateString(day: c.day(milliseconds: ms("2026-10-25T22:30:00Z"))), "2026-10-25")
        XCTAssertEqual(LocalCalendar.dateString(day: c.day(milliseconds: ms("2026-10-25T23:30:00Z"))), "2026-10-26")
        XCTAssertEqual(c.offset(atSeconds: ms("1950-01-01T00:00:00Z") / 1000), 3600)
    }

    func testNotTZifIsRefused() {
        XCTAssertThrowsError(try TZifParser.calendar(Array("CET-1CEST,M3.5.0,M10.5.0/3 and more bytes than a header".utf8)))
    }

    func testNegativeOffsetEveningIsTheSameLocalDay() {
        let newYork = LocalCalendar(initialOffset: -5 * 3600)
        XCTAssertEqual(LocalCalendar.dateString(day: newYork.day(milliseconds: ms("2026-03-02T03:00:00Z"))), "2026-03-01")
        XCTAssertEqual(newYork.minuteOfDay(milliseconds: ms("2026-03-02T03:00:00Z")), 22 * 60)
    }

    func testWeekStartsAndAWeekCrossingTheYear() {
        let sunday = MotivationFixtures.day("2026-03-01")
        XCTAssertEqual(LocalCalendar.weekday(day: sunday), 6)
        XCTAssertEqual(LocalCalendar.dateString(day: WeekStart.monday.firstDay(ofWeekHolding: sunday)), "2026-02-23")
        XCTAssertEqual(LocalCalendar.dateString(day: WeekStart.sunday.firstDay(ofWeekHolding: sunday)), "2026-03-01")
        let newYear = MotivationFixtures.day("2026-01-01")   // a Thursday
        XCTAssertEqual(LocalCalendar.dateString(day: WeekStart.monday.firstDay(ofWeekHolding: newYear)), "2025-12-29")
        XCTAssertEqual(LocalCalendar.dateString(day: WeekStart.sunday.firstDay(ofWeekHolding: newYear)), "2025-12-28")
        XCTAssertNil(LocalCalendar.day(parsing: "2026-02-29"))
        XCTAssertNil(LocalCalendar.day(parsing: "2026-3-01"))
    }
}
