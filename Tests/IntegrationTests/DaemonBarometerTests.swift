import Foundation
import PacerCore
import XCTest

/// A Linux IIO barometer through the real pacerd: a fake IIO device is a folder of files
/// (`name`, `in_pressure_input` in kPa, `in_temp_input` in milli-degC) under `[altitude]
/// iio_root`. pacerd finds it by name (past an ADC that is not a barometer), reports it in
/// STATE, counts a 20 m climb from it, and records its readings in the session's BLE log as
/// 2a6d/2a6e lines, which `pacerctl replay` turns into the same climb.
final class DaemonBarometerTests: XCTestCase {
    private func write(_ text: String, to url: URL) throws {
        // Atomically, as sysfs presents a whole value: the daemon never reads half a number.
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// SIGHUP looks for the IIO sensor again: none configured, then `auto` finds the bmp280.
    func testSIGHUPFindsAnIIOBarometer() throws {
        let dir = try BuiltBinaries.temporaryDirectory("pacerd-iio-reload")
        defer { try? FileManager.default.removeItem(at: dir) }
        let baro = dir.appendingPathComponent("iio").appendingPathComponent("iio:device0")
        try FileManager.default.createDirectory(at: baro, withIntermediateDirectories: true)
        try write("bmp280\n", to: baro.appendingPathComponent("name"))
        try write("96.500000\n", to: baro.appendingPathComponent("in_pressure_input"))
        let base = "[unattended]\nauto_start = off\n[altitude]\niio_root = \(baro.deletingLastPathComponent().path)\n"
        let daemon = try DaemonProcess(config: base + "iio = none\n", extraArguments: ["--gps", "gpsd:127.0.0.1:1"], directory: dir)
        defer { daemon.stop(SIGKILL) }
        let client = try daemon.connect()
        try client.request(.status)
        XCTAssertFalse(try XCTUnwrap(LiveState(json: client.expect(["STATE"]))).sensors.contains { $0.kind == .barometer })

        try write(base + "iio = auto\n", to: dir.appendingPathComponent("pacer.conf"))
        kill(daemon.process.processIdentifier, SIGHUP)
        try client.request(.watch(enable: true))
        let found = try client.waitForState { $0.sensors.contains { $0.kind == .barometer && $0.state == .connected } }
        XCTAssertEqual(found.sensors.filter { $0.kind == .barometer }.map(\.name), ["bmp280"])
        XCTAssertEqual(daemon.stop(SIGTERM), 0)
    }

    func testIIOBarometerIntoStateSessionAndBLELog() throws {
        let dir = try BuiltBinaries.temporaryDirectory("pacerd-iio")
        defer { try? FileManager.default.removeItem(at: dir) }
        let root = dir.appendingPathComponent("iio")
        let adc = root.appendingPathComponent("iio:device0"), baro = root.appendingPathComponent("iio:device1")
        for d in [adc, baro] { try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true) }
        try write("ads1015\n", to: adc.appendingPathComponent("name"))
        try write("bmp280\n", to: baro.appendingPathComponent("name"))
        let pressure = baro.appendingPathComponent("in_pressure_input")
        try write("96.500000\n", to: pressure)
        try write("21500\n", to: baro.appendingPathComponent("in_temp_input"))

        let config = "[altitude]\niio_root = \(root.path)\niio_rate_hz = 4\n[sensors]\nrecord_log = yes\n[unattended]\nauto_start = off\n"
        let daemon = try DaemonProcess(config: config, extraArguments: ["--gps", "gpsd:127.0.0.1:1"], directory: dir)
        let watcher = try daemon.connect()
        try watcher.request(.watch(enable: true))
        let found = try watcher.waitForState { $0.sensors.contains { $0.kind == .barometer && $0.state == .connected } }
        let sensor = try XCTUnwrap(found.sensors.first { $0.kind == .barometer })
        XCTAssertEqual(sensor.name, "bmp280")
        XCTAssertEqual(sensor.address, baro.path)

        try watcher.request(.start(activity: .walk))
        let id = try XCTUnwrap(watcher.expect(["ACK"])["session"]?.string)
        let recording = try watcher.waitForState { $0.session?.numbers.altitudeSource == .barometer }
        XCTAssertEqual(recording.session?.numbers.elevationGain ?? -1, 0, accuracy: 0.5)
        // 96.500 -> 96.265 kPa is about 20.4 m up (ISA).
        let expected = BarometricAltimeter.isaAltitude(pascals: 96_265) - BarometricAltimeter.isaAltitude(pascals: 96_500)
        try write("96.265000\n", to: pressure)
        let climbed = try watcher.waitForState { ($0.session?.numbers.elevationGain ?? 0) >= expected - 1 }
        XCTAssertEqual(climbed.session?.numbers.elevationGain ?? 0, expected, accuracy: 1)
        try watcher.request(.stop)
        _ = try watcher.expect(["ACK"])
        XCTAssertEqual(daemon.stop(SIGTERM), 0)

        let journal = dir.appendingPathComponent("journal")
        let log = journal.appendingPathComponent("session-\(id).ble")
        let notifications = try BLELog.parse(String(contentsOf: log, encoding: .utf8))
        let pressures = notifications.filter { $0.characteristic == 0x2A6D }
        XCTAssertGreaterThan(pressures.count, 8)
        XCTAssertEqual(pressures.first?.payload, [0x88, 0xB9, 0x0E, 0x00])           // 965 000 x 0.1 Pa
        XCTAssertEqual(pressures.last?.payload, EnvironmentalPressure(pascals: 96_265).bytes)
        XCTAssertTrue(notifications.contains { $0.characteristic == 0x2A6E && $0.payload == [0x66, 0x08] })  // 21.50 degC

        let empty = dir.appendingPathComponent("none.nmea")
        try Data().write(to: empty)
        let replayed = try BuiltBinaries.run("pacerctl", ["replay", "--nmea", empty.path, "--ble", log.path, "--activity", "walk", "--json"])
        XCTAssertEqual(replayed.status, 0, replayed.stderr)
        let again = try XCTUnwrap(JSONValue.parse(String(decoding: replayed.stdout, as: UTF8.self)))
        XCTAssertEqual(again["elevation_gain_m"]?.number ?? 0, expected, accuracy: 1)
    }

    /// The fake strap as a BLE Environmental Sensing barometer (0x181A, 0x2A6D notifications,
    /// a 20 m hill every 2 minutes of its series, played at 4 values a second) through the mock
    /// BlueZ into pacerd: found through the sensor table, the session climbs with it.
    func testBLEEnvironmentalSensingBarometer() throws {
        let helpers = DaemonLiveTests.Helpers()
        let dir = try BuiltBinaries.temporaryDirectory("pacerd-ess")
        defer { try? FileManager.default.removeItem(at: dir) }
        let bus = try DaemonLiveTests.startFakeStrap(in: dir, helpers: helpers, sensors: ["--ess", "00:22:D0:AA:BB:07", "--rate", "4"])
        let daemon = try DaemonProcess(config: "[unattended]\nauto_start = off\n[altitude]\niio = none\n",
                                       extraArguments: ["--sensors", "bluez", "--gps", "gpsd:127.0.0.1:1"],
                                       environment: bus, directory: dir)
        let watcher = try daemon.connect()
        try watcher.request(.watch(enable: true))
        let found = try watcher.waitForState(timeout: 60) { $0.sensors.contains { $0.kind == .barometer && $0.state == .connected } }
        XCTAssertEqual(found.sensors.first { $0.kind == .barometer }?.address, "00:22:D0:AA:BB:07")
        try watcher.request(.start(activity: .walk))
        _ = try watcher.expect(["ACK"])
        // One whole hill of the series (30 s at 4 values a second) climbs 20 m.
        let climbed = try watcher.waitForState(timeout: 90) { ($0.session?.numbers.elevationGain ?? 0) >= 19 }
        XCTAssertEqual(climbed.session?.numbers.altitudeSource, .barometer)
        XCTAssertLessThan(climbed.session?.numbers.elevationGain ?? 99, 21)
        try watcher.request(.stop)
        _ = try watcher.expect(["ACK"])
        XCTAssertEqual(daemon.stop(SIGTERM), 0)
    }

    func testNoBarometerWithSourceGPSAndABadSourceIsAClearError() throws {
        let dir = try BuiltBinaries.temporaryDirectory("pacerd-iio-bad")
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("bad.conf")
        try "[altitude]\nsource = sonar\n".write(to: config, atomically: true, encoding: .utf8)
        let result = try BuiltBinaries.run("pacerd", ["--config", config.path, "--socket", dir.appendingPathComponent("s").path])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("bad.conf:2: altitude.source") || result.stderr.contains("bad.conf:2: source"), result.stderr)
        XCTAssertTrue(result.stderr.contains("auto, gps, barometer"), result.stderr)
    }
}
