import Foundation
import Glibc
import XCTest
import PacerCore
import PacerSystem

/// pacerd with `[gpsd_compat]` on a free loopback port, fed by a `PTYReceiver` (a 3 m/s run, so
/// a session starts by itself); the bytes it sent are decoded by `pacerctl fixes` for comparison.
final class GPSDCompatHarness {
    let daemon: DaemonProcess
    let port: Int
    let receiver: PTYReceiver

    init(extraConfig: String = "") throws {
        receiver = try PTYReceiver()
        port = try GPSDCompatHarness.freePort()
        daemon = try DaemonProcess(config: "[unattended]\nauto_start = movement\nstart_after_s = 1\n[gpsd_compat]\nlisten = 127.0.0.1:\(port)\n" + extraConfig,
                                   extraArguments: ["--gps", "serial:\(receiver.path)@38400"])
        receiver.start()
    }

    deinit { stop() }

    /// Stops the receiver and pacerd; returns everything the receiver sent.
    @discardableResult
    func stop() -> [UInt8] {
        guard daemon.process.isRunning else { return receiver.stop() }
        let bytes = receiver.stop()
        daemon.stop()
        daemon.removeDirectory()
        return bytes
    }

    /// A connected client of the gpsd-compatible port that has read the VERSION greeting.
    func connect(readGreeting: Bool = true) throws -> UnixSocketConnection {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = GPSDCompatHarness.loopback(port)
        let r = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard r == 0 else { close(fd); throw DaemonTestError("connect 127.0.0.1:\(port): \(String(cString: strerror(errno)))") }
        let c = UnixSocketConnection(connected: fd)
        if readGreeting { _ = try c.expect(["VERSION"]) }
        return c
    }

    /// `pacerctl fixes --json` over the bytes the receiver sent, keyed by fix time.
    func fixesOfTheSameInput(_ bytes: [UInt8]) throws -> [String: JSONValue] {
        let file = try BuiltBinaries.temporaryDirectory("gpsdcompat").appendingPathComponent("receiver.nmea")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        try Data(bytes).write(to: file)
        let fixes = try BuiltBinaries.run("pacerctl", ["fixes", "--source", "file:\(file.path)@max", "--json"])
        XCTAssertEqual(fixes.status, 0, fixes.stderr)
        var byTime: [String: JSONValue] = [:]
        for line in fixes.stdoutText.split(separator: "\n") {
            let v = try JSONValue.parse(String(line))
            if let t = v["time"]?.string { byTime[t] = v }
        }
        return byTime
    }

    /// Asserts that a TPV carries the fix `pacerctl fixes` printed for the same time, in gpsd's
    /// names and units; returns that fix's time.
    static func assertTPV(_ tpv: JSONValue, equals fixes: [String: JSONValue], file: StaticString = #filePath, line: UInt = #line) {
        guard let time = tpv["time"]?.string, let fix = fixes[time] else {
            return XCTFail("TPV without a matching fix: \(tpv)", file: file, line: line)
        }
        XCTAssertEqual(tpv["mode"]?.number, fix["mode"]?.number, file: file, line: line)
        for (gpsd, pacer, tolerance) in [("lat", "lat", 1e-9), ("lon", "lon", 1e-9), ("altMSL", "alt_msl", 1e-4), ("speed", "speed_mps", 1e-3), ("track", "track_deg", 1e-4)] {
            guard let expected = fix[pacer]?.number else { continue }
            XCTAssertEqual(tpv[gpsd]?.number ?? .nan, expected, accuracy: tolerance, "\(gpsd) at \(time)", file: file, line: line)
        }
        if let msl = fix["alt_msl"]?.number, let sep = fix["geoid_sep_m"]?.number {
            XCTAssertEqual(tpv["altHAE"]?.number ?? .nan, msl + sep, accuracy: 1e-4, file: file, line: line)
        }
    }

    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = loopback(0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &address) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard ok else { throw DaemonTestError("no free port: \(String(cString: strerror(errno)))") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func loopback(_ port: Int) -> sockaddr_in {
        var a = sockaddr_in()
        a.sin_family = sa_family_t(AF_INET)
        a.sin_port = in_port_t(UInt16(port).bigEndian)
        a.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        return a
    }
}
