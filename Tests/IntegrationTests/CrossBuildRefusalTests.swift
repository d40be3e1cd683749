import Foundation
import XCTest

/// `scripts/cross-build` on a machine that cannot make its toolchain: without root, without the
/// Debian archive, with a full disk. Each stops with one line that names what is missing, and
/// leaves no chroot that a second run would trust. Each uses a cache folder of its own, so the
/// real cache (and the arm64 stage running beside the suite) is never touched.
final class CrossBuildRefusalTests: XCTestCase {
    var cache: URL!

    override func setUpWithError() throws {
        guard geteuid() == 0 else { throw MissingPrerequisite.error("the cross-build's refusals are checked as root (CI)") }
        cache = try BuiltBinaries.temporaryDirectory("cross-cache")
    }

    override func tearDown() {
        if let cache { try? FileManager.default.removeItem(at: cache) }
    }

    /// Runs `command` (scripts/cross-build's path is $1) and returns its status and stderr lines.
    private func crossBuild(_ command: String, environment: [String: String] = [:]) throws -> (status: Int32, lines: [String]) {
        let script = BuiltBinaries.projectRoot.appendingPathComponent("scripts/cross-build").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command, "sh", script, cache.path]
        var env = ProcessInfo.processInfo.environment
        env["PACER_CROSS_CACHE"] = cache.appendingPathComponent("cache").path
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text.split(separator: "\n").map(String.init))
    }

    private var chrootIsTrusted: Bool {
        FileManager.default.fileExists(atPath: cache.appendingPathComponent("cache/trixie/.pacer-recipe").path)
    }

    private var partialChrootLeft: Bool {
        FileManager.default.fileExists(atPath: cache.appendingPathComponent("cache/trixie.partial").path)
    }

    func testWithoutRootItSaysSo() throws {
        let r = try crossBuild("exec setpriv --reuid=65534 --regid=65534 --clear-groups \"$1\" arm64 </dev/null")
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.lines.count, 1, r.lines.joined(separator: "\n"))
        XCTAssertTrue(r.lines.first?.hasPrefix("cross-build: needs root") == true, r.lines.joined(separator: "\n"))
        XCTAssertFalse(chrootIsTrusted)
    }

    func testWithoutTheArchiveItNamesItAndLeavesNoChroot() throws {
        // Port 9 on loopback: nothing listens, so every fetch is refused at once.
        let mirror = ["PACER_DEBIAN_MIRROR": "http://127.0.0.1:9/debian"]
        // A chroot an earlier run left without its recipe stamp is not trusted: it is made anew.
        try FileManager.default.createDirectory(at: cache.appendingPathComponent("cache/trixie/usr/bin"), withIntermediateDirectories: true)
        for attempt in 1...2 {
            let r = try crossBuild("exec \"$1\" arm64", environment: mirror)
            XCTAssertEqual(r.status, 1, "attempt \(attempt)")
            let failure = r.lines.filter { $0.contains("failed") }
            XCTAssertEqual(failure.count, 1, r.lines.joined(separator: "\n"))
            XCTAssertTrue(failure.first?.contains("debootstrap of trixie from http://127.0.0.1:9/debian failed") == true,
                          r.lines.joined(separator: "\n"))
            XCTAssertFalse(chrootIsTrusted, "attempt \(attempt)")
            XCTAssertFalse(partialChrootLeft, "attempt \(attempt): a half-made chroot was left")
            XCTAssertFalse(FileManager.default.fileExists(atPath: cache.appendingPathComponent("cache/trixie").path))
        }
    }

    func testOnAFullDiskItSaysHowMuchItNeeds() throws {
        // A 64 MB tmpfs over the test's folder, in a mount namespace that ends with the script.
        let r = try crossBuild("""
            exec unshare -m --propagation private sh -c 'mount -t tmpfs -o size=64m tmpfs "$2" && exec "$1" arm64' sh "$1" "$2"
            """)
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.lines.count, 1, r.lines.joined(separator: "\n"))
        XCTAssertTrue(r.lines.first?.contains("needs 4 GB free in") == true, r.lines.joined(separator: "\n"))
    }
}
