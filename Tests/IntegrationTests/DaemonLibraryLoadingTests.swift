import Foundation
import XCTest
import PacerCore
import PacerSystem

/// What the real pacerd maps, read from /proc/PID/maps: libdbus-1 (and libsystemd with the six
/// libraries behind it) and libbluetooth only once BlueZ is used; no NSS module for a client whose
/// credentials already make it trusted. About a megabyte resident on a board with only a GPS (#11).
final class DaemonLibraryLoadingTests: XCTestCase {
    private func mappedLibraries(_ pid: Int32) throws -> Set<String> {
        // A /proc file has no size: read it to its end.
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/\(pid)/maps"))
        defer { try? handle.close() }
        let maps = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
        return Set(maps.split(separator: "\n").compactMap { line -> String? in
            guard let path = line.split(separator: " ", omittingEmptySubsequences: true).last, path.hasPrefix("/") else { return nil }
            return URL(fileURLWithPath: String(path)).lastPathComponent
        })
    }

    func testAGPSOnlyDaemonMapsNoDBusAndAsksNoNSSModuleForATrustedClient() throws {
        // The socket's group is one in /etc/group, as `pacer` is on an installed board: a missing
        // group would send even the start-up lookup through every NSS module.
        let group = String(cString: getgrgid(getegid()).pointee.gr_name)
        let receiver = try RawPTY()
        let daemon = try DaemonProcess(config: "[socket]\ngroup = \(group)\n", extraArguments: ["--gps", "serial:\(receiver.path)"])
        defer { daemon.stop(); daemon.removeDirectory() }
        let watcher = try daemon.connect()
        try watcher.request(.watch(enable: true))
        _ = try watcher.waitForState(timeout: 10) { _ in true }
        let libraries = try mappedLibraries(daemon.process.processIdentifier)
        XCTAssertTrue(libraries.contains { $0.hasPrefix("libc.so") }, "\(libraries)")
        for absent in ["libdbus-1", "libsystemd", "libgcrypt", "libbluetooth", "libnss_"] {
            XCTAssertFalse(libraries.contains { $0.hasPrefix(absent) }, "\(absent) mapped: \(libraries.sorted())")
        }
    }

    func testBlueZSensorsLoadLibDBus() throws {
        let h = try BroadcastHarness("lazy-dbus", sensors: ["--strap", DaemonBroadcastTests.strap])
        let daemon = try h.pacerd(config: "")
        defer { daemon.stop(SIGKILL) }
        let watcher = try daemon.connect()
        try watcher.request(.watch(enable: true))
        // The strap is seen connected only through libdbus.
        _ = try watcher.waitForState(timeout: 30) { $0.sensors.contains { $0.state == .connected } }
        let libraries = try mappedLibraries(daemon.process.processIdentifier)
        XCTAssertTrue(libraries.contains { $0.hasPrefix("libdbus-1.so") }, "\(libraries.sorted())")
    }
}
