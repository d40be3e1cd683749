import Foundation
import Glibc
import XCTest
import PacerCore
import PacerSystem

/// A disk that fills up mid-session, for real: pacerd runs in its own mount namespace with a small
/// tmpfs on its journal directory, and the test fills that tmpfs (through /proc/PID/root) until
/// write(2) says ENOSPC. pacerd must keep recording and serving, say what is wrong, and write
/// everything out once space returns: the session has a sample for every second, full disk or not.
final class DaemonDiskFullTests: XCTestCase {
    func testAFullDiskMidSessionLosesNoSample() throws {
        try PrivateTmpfs.requireRoot("a private tmpfs journal")
        let pty = try RawPTY()
        let (master, path) = (pty.master, pty.path)
        defer { close(pty.slave) }
        let dir = try BuiltBinaries.temporaryDirectory("diskfull")
        defer { try? FileManager.default.removeItem(at: dir) }
        let journal = dir.appendingPathComponent("journal").path
        XCTAssertEqual(mkdir(journal, 0o755), 0)
        let launcher = PrivateTmpfs.launcher(mounting: journal, options: "size=1m")
        let daemon = try DaemonProcess(config: "[unattended]\nauto_start = movement\nstart_after_s = 1\n[journal]\nsync_interval_s = 1\n",
                                       extraArguments: ["--gps", "serial:\(path)@38400"], directory: dir, launcher: launcher)
        defer { daemon.stop() }
        let inside = "/proc/\(daemon.process.processIdentifier)/root\(journal)"

        let running = WriterStop()
        let writer = Thread { [master] in
            var tenth = 0, metres = 0.0
            while !running.isSet {
                metres += 3 * 0.2
                let bytes = DaemonAlertTests.epoch(tenth: tenth, metres: metres, speedMps: 3)
                _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
                tenth += 2
                usleep(200_000)
            }
        }
        writer.start()
        defer { running.set(); usleep(300_000); close(master) }

        let watcher = try daemon.connect()
        try watcher.request(.watch(enable: true))
        _ = try watcher.waitForState(timeout: 30) { ($0.session?.elapsedSeconds ?? 0) >= 3 }
        // Not read while the disk is being filled: it would be dropped as a stalled client.
        try watcher.request(.watch(enable: false))

        // Fill the journal's file system to the last page.
        XCTAssertEqual(PrivateTmpfs.fill(inside), ENOSPC)
        // The journal's last page still has room (a second of samples is a few bytes): laps, each a
        // journal event with its totals, use it up until a write needs a page there is none of.
        let control = try daemon.connect()
        var laps = 0
        while laps < 400, !daemon.log.contains("No space left on device") {
            try control.request(.lap)
            _ = try control.expect(["ACK"])
            laps += 1
            if laps % 25 == 0 { usleep(1_200_000) } // a sync in between
        }
        XCTAssertTrue(daemon.log.contains("No space left on device") && daemon.log.contains("kept in memory"), daemon.log)

        // Recording and serving go on while nothing can be written.
        try watcher.request(.watch(enable: true))
        let during = try watcher.waitForState(timeout: 10) { _ in true }
        let later = try watcher.waitForState(timeout: 15) { ($0.session?.elapsedSeconds ?? 0) >= (during.session?.elapsedSeconds ?? 0) + 5 }
        XCTAssertGreaterThan(later.session?.distanceMeters ?? 0, during.session?.distanceMeters ?? 0)

        // Space returns: the next sync writes everything out; then the session is stopped.
        XCTAssertEqual(unlink(inside + "/filler"), 0)
        usleep(2_500_000)
        let stop = try BuiltBinaries.run("pacerctl", ["stop", "--socket", daemon.socketPath])
        XCTAssertEqual(stop.status, 0, stop.stderr)
        let csv = try BuiltBinaries.run("pacerctl", ["export", "1", "--format", "csv", "--journal", inside])
        XCTAssertEqual(csv.status, 0, csv.stderr)
        let times = csv.stdoutText.split(separator: "\n").dropFirst().compactMap { row in
            UTCTime(rfc3339: String(row.prefix { $0 != "," }))
        }
        let gaps = zip(times, times.dropFirst()).map { Double($1.millisecondsSinceEpoch - $0.millisecondsSinceEpoch) / 1000 }
        XCTAssertGreaterThanOrEqual(times.count, 10, csv.stdoutText)
        XCTAssertLessThanOrEqual(gaps.max() ?? 99, 1.5, "a sample for every second, the full-disk stretch included: \(gaps)")
        let span = Double((times.last?.millisecondsSinceEpoch ?? 0) - (times.first?.millisecondsSinceEpoch ?? 0)) / 1000
        XCTAssertGreaterThanOrEqual(span, (later.session?.elapsedSeconds ?? 0) - 2, "the session runs to its stop")
        let show = try BuiltBinaries.run("pacerctl", ["show", "1", "--json", "--journal", inside])
        XCTAssertEqual(show.status, 0, show.stderr)
        guard case .array(let recorded)? = (try JSONValue.parse(Array(show.stdout)))["laps"] else { return XCTFail(show.stdoutText) }
        XCTAssertEqual(recorded.count, laps + 1, "every lap made while the disk was full is in the journal")
    }
}

/// Tells the GPS writer thread to end.
private final class WriterStop: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
