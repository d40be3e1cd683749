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

    /// systemd/pacerd-upload.conf, the drop-in for `[upload]`: with it the unit still verifies
    /// and allows connections to any address, and nothing more than the unit alone does.
    func testTheUploadDropInOnlyOpensAddresses() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze") else {
            throw MissingPrerequisite.error("systemd-analyze is missing: run scripts/install-deps")
        }
        let dropIn = try String(contentsOf: unitsDirectory.appendingPathComponent("pacerd-upload.conf"), encoding: .utf8)
        let settings = dropIn.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        XCTAssertEqual(settings, ["[Service]", "IPAddressAllow=any"])
        let dir = try copyUnits()
        defer { try? FileManager.default.removeItem(at: dir) }
        let service = dir.appendingPathComponent("pacerd.service")
        let alone = try runTool("/usr/bin/systemd-analyze", ["security", "--offline=yes", "--no-pager", service.path])
        // A drop-in's [Service] lines are the unit's, as if written at its section's end.
        let unit = try String(contentsOf: service, encoding: .utf8)
        try unit.replacingOccurrences(of: "\n[Install]", with: "\nIPAddressAllow=any\n\n[Install]").write(to: service, atomically: true, encoding: .utf8)
        let verify = try runTool("/usr/bin/systemd-analyze", ["verify", service.path, dir.appendingPathComponent("pacerd.socket").path])
        XCTAssertEqual(verify.status, 0, verify.stderr)
        let opened = try runTool("/usr/bin/systemd-analyze", ["security", "--offline=yes", "--no-pager", service.path])
        // Of the report's lines, only the IP filter's verdict and the overall figure change.
        func lines(_ report: String) -> Set<String> { Set(report.split(separator: "\n").map(String.init)) }
        let changed = lines(opened.stdout).symmetricDifference(lines(alone.stdout))
        XCTAssertFalse(changed.isEmpty)
        XCTAssertTrue(changed.allSatisfy { $0.contains("IPAddressDeny=") || $0.contains("Overall exposure level") }, "\(changed)")
        let overall = opened.stdout.split(separator: "\n").first { $0.contains("Overall exposure level") }
        let exposure = overall?.split(separator: ":").last?.split(separator: " ").first.flatMap { Double($0) }
        XCTAssertLessThan(try XCTUnwrap(exposure, opened.stdout), 2.0)
    }
}
