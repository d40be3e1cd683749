import XCTest
@testable import PacerCore

/// The one place both pacerctl's motivation commands and pacerd's replies build their reports.
final class MotivationReportTests: XCTestCase {
    typealias F = MotivationFixtures

    let history = MotivationHistory(calendar: .utc, sessions: [F.session(1, "2026-03-01", km: 6, trimp: 60),
                                                               F.session(2, "2026-03-03", km: 4, trimp: 40)])

    func report(_ request: ClientRequest, today: String = "2026-03-04") throws -> MotivationReport? {
        let settings = try F.settings("[goals]\ndaily_distance_km = 5\n[habit run]\ndays = daily\n")
        return MotivationReport(request, history: history, settings: settings, today: F.day(today))
    }

    func json(_ report: MotivationReport?) throws -> JSONValue {
        var w = JSONWriter()
        try XCTUnwrap(report).writeJSON(into: &w)
        return try JSONValue.parse(w.bytes)
    }

    func testGoalsAreOfTheRequestedDateElseOfToday() throws {
        XCTAssertEqual(try json(report(.goals(date: nil)))["date"]?.string, "2026-03-04")
        let first = try json(report(.goals(date: "2026-03-01")))
        XCTAssertEqual(first["date"]?.string, "2026-03-01")
        XCTAssertEqual(first["daily"]?.array?.first?["met"]?.bool, true)
    }

    func testLoadIsTheLastDaysOrEveryDay() throws {
        XCTAssertEqual(try json(report(.load(days: nil))).array?.count, 4)
        XCTAssertEqual(try json(report(.load(days: 2))).array?.count, 2)
        XCTAssertEqual(try json(report(.load(days: 100))).array?.count, 4)
        guard case .load(let rows)? = try report(.load(days: 2)) else { return XCTFail("not a load report") }
        XCTAssertEqual(rows.map(\.stress), [40, 0])
    }

    /// The daemon's reply carries the command's JSON under its name, on one line.
    func testTheReplyLineWrapsTheCommandsJSON() throws {
        for request in [ClientRequest.goals(date: nil), .habits, .awards, .load(days: 3)] {
            let report = try XCTUnwrap(try report(request))
            XCTAssertEqual(report.command, request.command)
            let line = report.replyLine
            XCTAssertEqual(line.last, 10)
            XCTAssertEqual(line.filter { $0 == 10 }.count, 1)
            let reply = try JSONValue.parse(line)
            XCTAssertEqual(reply["class"]?.string, request.command.uppercased())
            XCTAssertEqual(reply[request.command], try json(report))
        }
    }

    func testOtherRequestsHaveNoReport() throws {
        XCTAssertNil(try report(.status))
        XCTAssertNil(try report(.sessions))
    }
}
