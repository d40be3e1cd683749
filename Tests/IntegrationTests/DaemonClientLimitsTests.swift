import Foundation
import XCTest
import PacerCore
import PacerSystem

/// The real pacerd at the edges of its client limits: a reply queued behind a listing longer
/// than the kernel's buffer, and every client place taken by connections that say nothing.
final class DaemonClientLimitsTests: XCTestCase {
    /// Ten years of daily sessions list in about 0.7 MB, more than the kernel's send buffer and
    /// the queue limit together: a client that asks for them and its status in one write, then
    /// reads, had no time to read before the second reply; it was dropped as "not reading" with
    /// the listing cut short.
    func testAReplyPipelinedBehindALongListingIsAnswered() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pacerd-limits-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let synth = try BuiltBinaries.run("pacerctl", ["journal-synth", "--journal", directory.appendingPathComponent("journal").path,
                                                       "--sessions", "3000", "--samples", "10", "--span-days", "3000", "--no-sync"])
        XCTAssertEqual(synth.status, 0, synth.stderr)
        let daemon = try DaemonProcess(directory: directory)
        defer { daemon.stop(); daemon.removeDirectory() }
        let c = try daemon.connect()
        try c.send(ClientRequest.sessions.line + ClientRequest.status.line)
        let listing = try c.expect(["SESSIONS"], timeout: 30)
        XCTAssertEqual(listing["sessions"]?.array?.count, 3000)
        XCTAssertEqual(try c.expect(["STATE"])["class"]?.string, "STATE")
        XCTAssertFalse(daemon.log.contains("not reading"), daemon.log)
    }

    /// 256 connections that never ask anything took every place, and `pacerctl status` and
    /// `stop` were refused for as long as they were held. The one silent longest makes room;
    /// a watcher keeps its place.
    func testIdleConnectionsNeverLockOutAClient() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop(); daemon.removeDirectory() }
        let watcher = try daemon.connect()
        try watcher.request(.watch(enable: true))
        XCTAssertEqual(try watcher.expect(["ACK"])["cmd"]?.string, "watch")
        var idle: [UnixSocketConnection] = []
        for _ in 0..<300 { idle.append(try UnixSocketConnection(path: daemon.socketPath)) }
        for _ in 0..<3 {
            let status = try BuiltBinaries.run("pacerctl", ["status", "--json", "--socket", daemon.socketPath])
            XCTAssertEqual(status.status, 0, status.stderr)
            XCTAssertNotNil(LiveState(json: try XCTUnwrap(JSONValue.parse(status.stdoutText))))
        }
        XCTAssertTrue(daemon.log.contains("idle longest"), daemon.log)
        XCTAssertFalse(daemon.log.contains("too many clients"), daemon.log)
        // The watcher, connected first and silent since, was never the one to go.
        _ = try watcher.waitForState(timeout: 10) { _ in true }
        try watcher.request(.status)
        XCTAssertEqual(try watcher.expect(["STATE"])["class"]?.string, "STATE")
        withExtendedLifetime(idle) {}
    }

    /// With every place taken by watchers, which keep theirs, pacerctl says what pacerd said
    /// ("too many clients") instead of "no VERSION greeting".
    func testAFullHouseOfWatchersIsReportedAsSuch() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop(); daemon.removeDirectory() }
        var watchers: [UnixSocketConnection] = []
        for _ in 0..<SocketServer.Limits().maximumClients {
            let w = try daemon.connect()
            try w.request(.watch(enable: true))
            XCTAssertEqual(try w.expect(["ACK"])["cmd"]?.string, "watch")
            watchers.append(w)
        }
        let status = try BuiltBinaries.run("pacerctl", ["status", "--socket", daemon.socketPath])
        XCTAssertEqual(status.status, 1)
        XCTAssertTrue(status.stderr.contains("refused the connection: too many clients"), status.stderr)
        withExtendedLifetime(watchers) {}
    }
}
