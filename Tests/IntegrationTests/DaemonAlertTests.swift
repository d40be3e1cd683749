import Foundation
import Glibc
import XCTest
import PacerCore
import PacerSystem

/// Alerts and unattended stop through the real pacerd: a GPS on a pty written by the test (moving,
/// then standing, then silent, then back, then unplugged) and the fake strap on a private bus.
final class DaemonAlertTests: XCTestCase {
    /// One receiver epoch (RMC + GGA) at `second` tenths, `metres` north of the start, at `speedMps`.
    static func epoch(tenth: Int, metres: Double, speedMps: Double) -> [UInt8] {
        let seconds = 43_200 + tenth / 10
        let time = String(format: "%02d%02d%02d.%d0", seconds / 3600, seconds / 60 % 60, seconds % 60, tenth % 10)
        let minutes = 7.38 + metres / 1852 // one minute of latitude is one nautical mile
        let lat = String(format: "48%09.6f", minutes)
        let knots = String(format: "%.2f", speedMps * 3600 / 1852)
        return NMEASentence.framed("GNRMC,\(time),A,\(lat),N,01131.000324,E,\(knots),0.0,011125,,,A")
            + NMEASentence.framed("GNGGA,\(time),\(lat),N,01131.000324,E,1,12,0.7,530.2,M,47.6,M,,")
    }

    func testGPSAlertsAndIdleAutoStopFromASerialGPS() throws {
        let pty = try RawPTY()
        let (master, path) = (pty.master, pty.path)
        defer { close(pty.slave) }
        let daemon = try DaemonProcess(config: "[unattended]\nauto_start = movement\nstart_after_s = 1\nauto_stop_idle_min = 0.05\n",
                                       extraArguments: ["--gps", "serial:\(path)@38400"])
        defer { daemon.stop(); daemon.removeDirectory() }
        let watcher = try daemon.connect()
        try watcher.request(.watch(enable: true))
        // The daemon watches for us before the receiver speaks: the first gps_fix must not race the request.
        _ = try watcher.expect(["ACK"])

        // The receiver's story, at 5 Hz: 4 s running at 3 m/s, 6 s standing, 5 s silent (longer than the
        // 3 s fix timeout), 2 s standing again, then unplugged.
        let writer = Thread { [master] in
            var tenth = 0, metres = 0.0
            func play(seconds: Double, speed: Double) {
                for _ in 0..<Int(seconds * 5) {
                    metres += speed * 0.2
                    let bytes = DaemonAlertTests.epoch(tenth: tenth, metres: metres, speedMps: speed)
                    _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
                    tenth += 2
                    usleep(200_000)
                }
            }
            play(seconds: 4, speed: 3)
            play(seconds: 6, speed: 0)
            usleep(5_000_000)
            tenth += 50
            play(seconds: 2, speed: 0)
            close(master)
        }
        writer.start()

        var seen: [LiveEvent] = []
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, !seen.contains(where: { $0.kind == .gpsDeviceLost }) {
            guard let reply = try watcher.readReply(classes: ["EVENT"], timeout: 5), let event = LiveEvent(json: reply) else { continue }
            seen.append(event)
        }
        let story: [LiveEvent.Kind] = [.gpsFix, .sessionStarted, .sessionStopped, .gpsLost, .gpsFix, .gpsDeviceLost]
        XCTAssertEqual(seen.map(\.kind).filter(story.contains), story, "\(seen.map(\.kind))\n\(daemon.log)")
        let fixes = seen.filter { $0.kind == .gpsFix }
        XCTAssertEqual(fixes.map { $0["regained"] }, [.bool(false), .bool(true)])
        XCTAssertTrue(daemon.log.contains("starting a run session by itself"), daemon.log)
        XCTAssertTrue(daemon.log.contains("idle for 3 s"), daemon.log)
        let stopped = try XCTUnwrap(seen.first { $0.kind == .sessionStopped })
        XCTAssertGreaterThan(stopped["distance_m"]?.number ?? 0, 3, "the run before standing still was recorded")
    }

    func testHeartRateZoneAndBatteryAlertsFromTheFakeStrap() throws {
        let helpers = DaemonLiveTests.Helpers()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pacerd-alerts-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let bus = try DaemonLiveTests.startFakeStrap(in: dir, helpers: helpers)
        // The strap reports 87 % battery, below this config's threshold; any real heart rate is above 45.
        let config = "[unattended]\nauto_start = contact\nstart_after_s = 1\n[alerts]\nhr_high = 45\nbattery_low_pct = 90\nzone_hold_s = 1\n"
        let daemon = try DaemonProcess(config: config, extraArguments: ["--sensors", "bluez", "--gps", "gpsd:127.0.0.1:1"],
                                       environment: bus, directory: dir)
        defer { daemon.stop() }
        let watcher = try daemon.connect()
        try watcher.request(.watch(enable: true))
        var seen: [LiveEvent] = []
        let wanted: Set<LiveEvent.Kind> = [.sensorConnected, .sensorBatteryLow, .heartRateHigh, .zoneChanged]
        let deadline = Date().addingTimeInterval(90)
        while Date() < deadline, !wanted.isSubset(of: Set(seen.map(\.kind))) {
            guard let reply = try watcher.readReply(classes: ["EVENT"], timeout: 5), let event = LiveEvent(json: reply) else { continue }
            seen.append(event)
        }
        XCTAssertTrue(wanted.isSubset(of: Set(seen.map(\.kind))), "\(seen.map(\.kind))\n\(daemon.log)")
        let battery = try XCTUnwrap(seen.first { $0.kind == .sensorBatteryLow })
        XCTAssertEqual(battery["battery_pct"], .number(87))
        XCTAssertEqual(battery["address"], .string("00:22:D0:AA:BB:01"))
        let high = try XCTUnwrap(seen.first { $0.kind == .heartRateHigh })
        XCTAssertEqual(high["limit"], .number(45))
        XCTAssertGreaterThan(high["hr"]?.number ?? 0, 45)
        let zone = try XCTUnwrap(seen.first { $0.kind == .zoneChanged })
        XCTAssertNotNil(zone["zone"]?.number)
        let zones = seen.filter { $0.kind == .zoneChanged }.map { $0["zone"] }
        XCTAssertTrue(zip(zones, zones.dropFirst()).allSatisfy { $0 != $1 }, "each announced zone differs from the one before: \(zones)")
    }
}
