import Foundation
import XCTest

/// systemd/pacerd.service and pacerd.socket pass `systemd-analyze verify` (with ExecStart pointed
/// at the built binary, which must exist) and the service's offline security exposure is low.
final class SystemdUnitTests: XCTestCase {
    private var unitsDirectory: URL { BuiltBinaries.projectRoot.appendingPathComponent("systemd") }

    private func copyUnits() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pacer-units-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let binary = try BuiltBinaries.url("pacerd").path
        let service = try String(contentsOf: unitsDirectory.appendingPathComponent("pacerd.service"), encoding: .utf8)
        XCTAssertTrue(service.contains("ExecStart=/usr/local/bin/pacerd "))
        try service.replacingOccurrences(of: "/usr/local/bin/pacerd", with: binary)
            .write(to: dir.appendingPathComponent("pacerd.service"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(at: unitsDirectory.appendingPathComponent("pacerd.socket"),
                                         to: dir.appendingPathComponent("pacerd.socket"))
        return dir
    }

    func testUnitsVerifyAndExposureIsLow() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze") else {
            throw MissingPrerequisite.error("systemd-analyze is missing: run scripts/install-deps")
        }
        let dir = try copyUnits()
        defer { try? FileManager.default.removeItem(at: dir) }
        let service = dir.appendingPathComponent("pacerd.service").path
        let verify = try runTool("/usr/bin/systemd-analyze", ["verify", service, dir.appendingPathComponent("pacerd.socket").path])
        XCTAssertEqual(verify.status, 0, verify.stderr)
        XCTAssertEqual(verify.stderr.trimmingCharacters(in: .whitespacesAndNewlines), "", "verify warned")
        let security = try runTool("/usr/bin/systemd-analyze", ["security", "--offline=yes", "--no-pager", service])
        let summary = (security.stdout + security.stderr).split(separator: "\n").first { $0.contains("Overall exposure level") }
        let line = try XCTUnwrap(summary, security.stdout + security.stderr)
        print("systemd-analyze security --offline=yes pacerd.service: \(line.trimmingCharacters(in: .whitespaces))")
        let number = line.split(separator: ":").last?.split(separator: " ").first.flatMap { Double($0) }
        let exposure = try XCTUnwrap(number, String(line))
        XCTAssertLessThan(exposure, 2.0)
        // The unit names the things the daemon relies on.
        let text = try String(contentsOfFile: service, encoding: .utf8)
        for needle in ["Type=notify", "WatchdogSec=", "Restart=on-failure", "StateDirectory=pacer", "RuntimeDirectory=pacer",
                       "ProtectSystem=strict", "NoNewPrivileges=yes", "RestrictAddressFamilies=AF_UNIX", "SupplementaryGroups=dialout"] {
            XCTAssertTrue(text.contains(needle), needle)
        }
    }
}
