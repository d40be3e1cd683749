import XCTest

final class CommandLineTests: XCTestCase {
    func testVersionAndUnknownCommand() throws {
        let version = try BuiltBinaries.run("pacerctl", ["version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.stdoutText.hasPrefix("pacerctl 0."), version.stdoutText)
        let unknown = try BuiltBinaries.run("pacerctl", ["frobnicate"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("unknown command 'frobnicate'"), unknown.stderr)
    }
}
