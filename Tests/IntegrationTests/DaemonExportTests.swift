import Foundation
import Glibc
import XCTest
import PacerCore
import PacerSystem

/// `[export]` with the real pacerd: every session that ends lands in the outbox as
/// `YYYY-MM-DD_HHMM_activity.ext`, byte for byte what `pacerctl export` writes; an outbox that
/// is missing, full or read-only costs nothing but a logged, persisted retry, and recording goes on.
final class DaemonExportTests: XCTestCase {
    private let baseName = "2025-11-01_1200_run"   // the receiver's first fix is 2025-11-01 12:00:00 UTC

    /// `unattended`: more `[unattended]` keys.
    private func startDaemon(_ dir: URL, outbox: String, receiver: PTYReceiver, launcher: [String] = [], unattended: String = "") throws -> DaemonProcess {
        try DaemonProcess(config: "[unattended]\nauto_start = off\n" + unattended + "[export]\ndir = \(outbox)\nformats = fit,gpx\n",
                          extraArguments: ["--gps", "serial:\(receiver.path)@38400"], environment: ["TZ": "UTC"],
                          directory: dir, launcher: launcher)
    }

    /// Starts a run once the receiver has a fix (so the session starts on GPS time, not the
    /// system clock's) and waits until it has recorded `seconds`; returns the last STATE.
    @discardableResult
    private func record(_ daemon: DaemonProcess, seconds: Double = 3) throws -> LiveState {
        let c = try daemon.connect()
        try c.request(.watch(enable: true))
        _ = try c.waitForState(timeout: 30) { $0.gps.mode >= 2 }
        try c.request(.start(activity: .run))
        let first = try c.waitForState(timeout: 30) { $0.session != nil }
        return try c.waitForState(timeout: 30) { ($0.session?.elapsedSeconds ?? 0) >= (first.session?.elapsedSeconds ?? 0) + seconds }
    }

    private func stopSession(_ daemon: DaemonProcess) throws {
        let stop = try BuiltBinaries.run("pacerctl", ["stop", "--socket", daemon.socketPath])
        XCTAssertEqual(stop.status, 0, stop.stderr)
    }

    private func eventually(timeout: Double = 20, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline { if condition() { return true }; usleep(50_000) }
        return condition()
    }

    private func files(_ dir: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted() }
    /// The finished exports: an export in progress is a hidden `.NAME.tmp-PID` until its rename.
    private func exports(_ dir: String) -> [String] { files(dir).filter { !$0.hasPrefix(".") } }

    private func pending(_ journal: String) throws -> String {
        let r = try BuiltBinaries.run("pacerctl", ["export", "--pending", "--journal", journal])
        XCTAssertEqual(r.status, 0, r.stderr)
        return r.stdoutText
    }

    /// The outbox files of session `id` are exactly what `pacerctl export` prints for it.
    private func assertExported(session id: Int, as name: String, in outbox: String, journal: String, file: StaticString = #filePath, line: UInt = #line) throws {
        for format in ["fit", "gpx"] {
            let expected = try BuiltBinaries.run("pacerctl", ["export", String(id), "--format", format, "--journal", journal])
            XCTAssertEqual(expected.status, 0, expected.stderr, file: file, line: line)
            let written = FileManager.default.contents(atPath: "\(outbox)/\(name).\(format)")
            XCTAssertEqual(written, expected.stdout, "\(outbox)/\(name).\(format)", file: file, line: line)
        }
    }

    func testAStoppedSessionIsExportedAtomicallyUnderItsStartTime() throws {
        let dir = try BuiltBinaries.temporaryDirectory("export")
        defer { try? FileManager.default.removeItem(at: dir) }
        let outbox = dir.appendingPathComponent("outbox").path
        XCTAssertEqual(mkdir(outbox, 0o755), 0)
        let receiver = try PTYReceiver()
        let daemon = try startDaemon(dir, outbox: outbox, receiver: receiver)
        receiver.start()
        defer { daemon.stop(); _ = receiver.stop() }
        try record(daemon)
        try stopSession(daemon)
        XCTAssertTrue(eventually { exports(outbox).count == 2 }, daemon.log)
        // Only the finished files: the temporary ones were renamed, none is left behind.
        XCTAssertEqual(files(outbox), ["\(baseName).fit", "\(baseName).gpx"])
        try assertExported(session: 1, as: baseName, in: outbox, journal: daemon.journalPath)
        XCTAssertEqual(try pending(daemon.journalPath), "nothing waits for the outbox\n")
        XCTAssertTrue(daemon.log.contains("export: session 1 written to \(outbox)/\(baseName).fit"), daemon.log)
    }

    func testAMissingOutboxKeepsTheExportsUntilTheNextStart() throws {
        let dir = try BuiltBinaries.temporaryDirectory("export-missing")
        defer { try? FileManager.default.removeItem(at: dir) }
        let outbox = dir.appendingPathComponent("not-mounted").path
        let receiver = try PTYReceiver()
        var daemon = try startDaemon(dir, outbox: outbox, receiver: receiver)
        receiver.start()
        defer { _ = receiver.stop() }
        try record(daemon)
        try stopSession(daemon)
        XCTAssertTrue(eventually { daemon.log.contains("export: session 1 to \(outbox)/\(baseName).gpx failed") }, daemon.log)
        XCTAssertTrue(daemon.log.contains("No such file or directory"), daemon.log)
        XCTAssertEqual(try pending(daemon.journalPath), "session 1  fit  \(outbox)/\(baseName).fit\nsession 1  gpx  \(outbox)/\(baseName).gpx\n")
        // Recording goes on: a second session records and ends (its export fails the same way).
        let second = try record(daemon)
        XCTAssertEqual(second.session?.id, "2")
        try stopSession(daemon)
        XCTAssertTrue(eventually { (try? pending(daemon.journalPath))?.split(separator: "\n").count == 4 }, daemon.log)
        daemon.stop()

        // The outbox appears (a USB stick mounted); the next start writes what was owed.
        XCTAssertEqual(mkdir(outbox, 0o755), 0)
        daemon = try startDaemon(dir, outbox: outbox, receiver: receiver)
        defer { daemon.stop() }
        XCTAssertTrue(eventually { exports(outbox).count == 4 }, daemon.log)
        try assertExported(session: 1, as: baseName, in: outbox, journal: daemon.journalPath)
        XCTAssertTrue(files(outbox).allSatisfy { $0.hasPrefix(baseName) || $0.hasPrefix("2025-11-01_120") }, "\(files(outbox))")
        XCTAssertTrue(eventually { (try? pending(daemon.journalPath)) == "nothing waits for the outbox\n" })
        XCTAssertFalse(FileManager.default.fileExists(atPath: daemon.journalPath + "/export-pending"))
    }

    func testAFullOutboxKeepsRecordingAndRetriesWhenTheNextSessionEnds() throws {
        try PrivateTmpfs.requireRoot("a private tmpfs outbox")
        let dir = try BuiltBinaries.temporaryDirectory("export-full")
        defer { try? FileManager.default.removeItem(at: dir) }
        let outbox = dir.appendingPathComponent("outbox").path
        XCTAssertEqual(mkdir(outbox, 0o755), 0)
        let launcher = PrivateTmpfs.launcher(mounting: outbox, options: "size=64k")
        let receiver = try PTYReceiver()
        let daemon = try startDaemon(dir, outbox: outbox, receiver: receiver, launcher: launcher)
        receiver.start()
        defer { daemon.stop(); _ = receiver.stop() }
        let inside = "/proc/\(daemon.process.processIdentifier)/root\(outbox)"

        // Fill the outbox's file system to the last page.
        XCTAssertEqual(PrivateTmpfs.fill(inside), ENOSPC)

        try record(daemon)
        try stopSession(daemon)
        XCTAssertTrue(eventually { daemon.log.contains("export: session 1 to \(outbox)/\(baseName).gpx failed") }, daemon.log)
        XCTAssertTrue(daemon.log.contains("No space left on device"), daemon.log)
        XCTAssertEqual(files(inside), ["filler"], "no partial or temporary file is left in a full outbox")
        XCTAssertEqual(try pending(daemon.journalPath).split(separator: "\n").count, 2)

        // Recording goes on while the outbox is full; space returns; the next session's end
        // writes its own files and the ones still owed.
        let second = try record(daemon)
        XCTAssertEqual(second.session?.id, "2")
        XCTAssertGreaterThan(second.session?.distanceMeters ?? 0, 0)
        XCTAssertEqual(unlink(inside + "/filler"), 0)
        try stopSession(daemon)
        XCTAssertTrue(eventually { files(inside).count == 4 }, daemon.log)
        try assertExported(session: 1, as: baseName, in: inside, journal: daemon.journalPath)
        XCTAssertTrue(eventually { (try? pending(daemon.journalPath)) == "nothing waits for the outbox\n" }, daemon.log)
        print("full outbox, pacerd's log:\n" + daemon.log)
    }

    func testAReadOnlyOutboxKeepsRecordingAndIsRetriedAtTheNextStart() throws {
        try PrivateTmpfs.requireRoot("a private tmpfs outbox")
        let dir = try BuiltBinaries.temporaryDirectory("export-ro")
        defer { try? FileManager.default.removeItem(at: dir) }
        let outbox = dir.appendingPathComponent("outbox").path
        XCTAssertEqual(mkdir(outbox, 0o755), 0)
        // Read-only for pacerd only (its own mount namespace); root ignores mode bits, not ro mounts.
        let launcher = PrivateTmpfs.launcher(mounting: outbox, options: "size=1m,ro")
        let receiver = try PTYReceiver()
        var daemon = try startDaemon(dir, outbox: outbox, receiver: receiver, launcher: launcher)
        receiver.start()
        defer { _ = receiver.stop() }
        try record(daemon)
        try stopSession(daemon)
        XCTAssertTrue(eventually { daemon.log.contains("export: session 1 to \(outbox)/\(baseName).gpx failed") }, daemon.log)
        XCTAssertTrue(daemon.log.contains("Read-only file system"), daemon.log)
        let second = try record(daemon)
        XCTAssertEqual(second.session?.id, "2")
        XCTAssertGreaterThan(second.session?.distanceMeters ?? 0, 0)
        daemon.stop()   // a clean stop ends session 2: it is owed as well
        XCTAssertEqual(try pending(daemon.journalPath).split(separator: "\n").count, 4)

        daemon = try startDaemon(dir, outbox: outbox, receiver: receiver)
        defer { daemon.stop() }
        XCTAssertTrue(eventually { exports(outbox).count == 4 }, daemon.log)
        try assertExported(session: 1, as: baseName, in: outbox, journal: daemon.journalPath)
        XCTAssertTrue(eventually { (try? pending(daemon.journalPath)) == "nothing waits for the outbox\n" })
    }

    func testASessionClosedAsInterruptedIsExported() throws {
        let dir = try BuiltBinaries.temporaryDirectory("export-crash")
        defer { try? FileManager.default.removeItem(at: dir) }
        let outbox = dir.appendingPathComponent("outbox").path
        XCTAssertEqual(mkdir(outbox, 0o755), 0)
        let receiver = try PTYReceiver()
        var daemon = try startDaemon(dir, outbox: outbox, receiver: receiver, unattended: "resume_within_min = 0\n")
        receiver.start()
        defer { _ = receiver.stop() }
        try record(daemon)
        daemon.stop(SIGKILL)
        XCTAssertEqual(files(outbox), [])
        // Restarted with the receiver still talking: too late to resume, so the session is closed
        // as interrupted, and exported like any other.
        daemon = try startDaemon(dir, outbox: outbox, receiver: receiver, unattended: "resume_within_min = 0\n")
        defer { daemon.stop() }
        XCTAssertTrue(eventually { exports(outbox).count == 2 }, daemon.log)
        XCTAssertEqual(files(outbox), ["\(baseName).fit", "\(baseName).gpx"])
        try assertExported(session: 1, as: baseName, in: outbox, journal: daemon.journalPath)
    }
}
