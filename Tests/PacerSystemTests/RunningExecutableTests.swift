#if canImport(Glibc)
import Glibc
#endif
import PacerSystem
import XCTest

final class RunningExecutableTests: XCTestCase {
    /// pacerd finds pacerctl beside itself; here the test runner is the running executable.
    func testTheRunningExecutableAndItsSiblings() throws {
        let path = try XCTUnwrap(RunningExecutable.path)
        XCTAssertTrue(path.hasPrefix("/"))
        XCTAssertEqual(access(path, X_OK), 0)
        let name = String(path.split(separator: "/").last!)
        XCTAssertEqual(RunningExecutable.sibling(name), path)
        XCTAssertEqual(RunningExecutable.sibling("no-such-program-beside-it"), "no-such-program-beside-it")
    }
}
