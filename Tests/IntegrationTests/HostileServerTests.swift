import Foundation
import XCTest

/// The real pacerctl against sim/hostile_server.py on a Unix socket (`PACER_SOCKET` pointing
/// at a broken or hostile peer): whatever the peer sends, pacerctl ends with an exit status,
/// never a signal (a trapping `Int(1e300)` used to kill it with SIGILL).
final class HostileServerTests: XCTestCase {
    private static let cases = ["huge-greeting", "invalid-utf8-greeting", "huge-numbers", "huge-events", "wrong-types",
                                "deep-nesting", "ten-megabyte-line", "invalid-utf8", "many-sensors", "huge-ack"]
    private static let commands = [["status"], ["status", "--json"], ["start"], ["watch", "--count", "3"],
                                   ["watch", "--json", "--count", "3"]]

    func testPacerctlExitsWithAnErrorNeverASignal() throws {
        _ = try BuiltBinaries.url("pacerctl")
        let dir = try BuiltBinaries.temporaryDirectory("hostile")
        defer { try? FileManager.default.removeItem(at: dir) }
        let socket = dir.appendingPathComponent("pacerd.sock").path
        var environment = ProcessInfo.processInfo.environment
        environment["PACER_SOCKET"] = socket
        for name in HostileServerTests.cases {
            let server = Process()
            server.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            server.arguments = [BuiltBinaries.projectRoot.appendingPathComponent("sim/hostile_server.py").path, socket, name]
            let ready = Pipe()
            server.standardOutput = ready
            try server.run()
            defer { server.terminate(); server.waitUntilExit() }
            XCTAssertTrue(String(decoding: ready.fileHandleForReading.availableData, as: UTF8.self).hasPrefix("ready"), name)
            for command in HostileServerTests.commands {
                let r = try BuiltBinaries.run("pacerctl", command, environment: environment)
                let what = "\(name): pacerctl \(command.joined(separator: " ")): \(r.stderr.prefix(300))"
                XCTAssertTrue([0, 1].contains(r.status), what)
                XCTAssertFalse(r.stderr.contains("crashed"), what)
                if r.status != 0 { XCTAssertTrue(r.stderr.hasPrefix("pacerctl "), what) }
            }
            // A greeting pacerctl cannot read is an error, not an empty success.
            if name.hasSuffix("greeting") {
                let r = try BuiltBinaries.run("pacerctl", ["status"], environment: environment)
                XCTAssertEqual(r.status, 1, name)
                XCTAssertTrue(r.stderr.contains("no VERSION greeting"), r.stderr)
            }
        }
    }

    func testCountFlagsOutOfRangeAreUsageErrors() throws {
        for value in ["1e30", "-1", "2.5", "0", "99999999999999999999"] {
            for command in ["watch", "fixes"] {
                let r = try BuiltBinaries.run("pacerctl", [command, "--count", value])
                XCTAssertEqual(r.status, 2, "\(command) --count \(value): \(r.stderr)")
                XCTAssertTrue(r.stderr.contains("--count must be a whole number in 1...2147483647"), r.stderr)
            }
        }
    }
}
