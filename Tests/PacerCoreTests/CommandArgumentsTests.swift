import XCTest
@testable import PacerCore

final class CommandArgumentsTests: XCTestCase {
    func testFlagsOptionsAndPositionals() throws {
        let a = try CommandArguments(["--json", "--journal", "/tmp/j", "--format=gpx", "file.nmea", "-", "--", "--literal"],
                                     flags: ["json"], options: ["journal", "format"])
        XCTAssertTrue(a.flag("json"))
        XCTAssertEqual(a.option("journal"), "/tmp/j")
        XCTAssertEqual(a.option("format"), "gpx")
        XCTAssertEqual(a.positionals, ["file.nmea", "-", "--literal"])
    }

    func testErrorsNameTheProblem() {
        XCTAssertThrowsError(try CommandArguments(["--nope"])) { XCTAssertEqual($0 as? UsageError, UsageError("unknown option --nope")) }
        XCTAssertThrowsError(try CommandArguments(["--journal"], options: ["journal"])) {
            XCTAssertEqual($0 as? UsageError, UsageError("--journal needs a value"))
        }
        XCTAssertThrowsError(try CommandArguments(["--count", "x"], options: ["count"]).number("count"))
    }
}
