import Foundation
import XCTest
import PacerCore

/// A private dbus-daemon with sim/fakestrap.py on it whose mock bluetoothd has a central
/// (`--central-log`): what it reads from and is notified of by a registered GATT application
/// (pacerd's `[broadcast]`) arrives as JSON lines. Processes stop when the harness goes.
final class BroadcastHarness {
    let directory: URL
    let helpers = DaemonLiveTests.Helpers()
    let bus: [String: String]
    let control: String
    let centralLog: URL
    let strapLog: URL

    /// Starts the bus and the sensors (`fakestrap.py` arguments, e.g. `["--strap", ADDR]`).
    init(_ name: String, sensors: [String]) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon"),
              FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else {
            throw MissingPrerequisite.error("dbus-daemon or /usr/bin/python3 missing: run scripts/install-deps")
        }
        directory = try BuiltBinaries.temporaryDirectory(name)
        control = directory.appendingPathComponent("strap-control").path
        centralLog = directory.appendingPathComponent("central.jsonl")
        strapLog = directory.appendingPathComponent("strap.log")
        guard mkfifo(control, 0o600) == 0 else { throw DaemonTestError("mkfifo \(control) failed") }
        let busPath = directory.appendingPathComponent("system_bus").path
        try helpers.start("/usr/bin/dbus-daemon", ["--config-file=/usr/share/dbus-1/session.conf", "--address=unix:path=\(busPath)",
                                                   "--nofork", "--nopidfile"], log: directory.appendingPathComponent("dbus.log"))
        for _ in 0..<200 where !FileManager.default.fileExists(atPath: busPath) { usleep(25_000) }
        bus = ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(busPath)"]
        var env = ProcessInfo.processInfo.environment
        env["DBUS_SYSTEM_BUS_ADDRESS"] = bus["DBUS_SYSTEM_BUS_ADDRESS"]
        try helpers.start("/usr/bin/python3", ["\(BuiltBinaries.projectRoot.path)/sim/fakestrap.py", "--rate", "1", "--control", control,
                                               "--log", strapLog.path, "--central-log", centralLog.path] + sensors,
                          environment: env, log: directory.appendingPathComponent("fakestrap.out"))
        try waitFor("the fake sensors to start", timeout: 30) { strapLines.contains { $0.hasSuffix(" ready") } }
    }

    deinit {
        for p in helpers.processes.reversed() where p.isRunning { p.terminate() }
        for p in helpers.processes { p.waitUntilExit() }
        try? FileManager.default.removeItem(at: directory)
    }

    /// The built pacerd on this bus: BlueZ sensors, no receiver (its gpsd address answers nothing).
    func pacerd(config: String) throws -> DaemonProcess {
        try DaemonProcess(config: config, extraArguments: ["--sensors", "bluez", "--gps", "gpsd:127.0.0.1:1"],
                          environment: bus, directory: directory)
    }

    func command(_ line: String) throws {
        guard let handle = FileHandle(forWritingAtPath: control) else { throw DaemonTestError("no control FIFO") }
        handle.write(Data((line + "\n").utf8))
        try handle.close()
    }

    var strapLines: [String] {
        ((try? String(contentsOf: strapLog, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Payloads the fake sensors delivered for `characteristic`.
    func sent(_ characteristic: String) -> [[UInt8]] {
        strapLines.compactMap { line in
            let f = line.split(separator: " ")
            guard f.count >= 5, f[1] == "sent", f[3] == characteristic else { return nil }
            return BroadcastHarness.bytes(String(f[4]))
        }
    }

    /// The central's log, one object per line.
    var events: [JSONValue] {
        ((try? String(contentsOf: centralLog, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { try? JSONValue.parse(String($0)) }
    }

    func events(_ name: String) -> [JSONValue] { events.filter { $0["event"]?.string == name } }

    /// Notifications of `uuid` as (CLOCK_MONOTONIC seconds, bytes).
    func notifications(_ uuid: String) -> [(t: Double, value: [UInt8])] {
        events("notification").compactMap { e in
            guard e["uuid"]?.string == uuid, let t = e["t"]?.number, let hex = e["value"]?.string else { return nil }
            return (t, BroadcastHarness.bytes(hex))
        }
    }

    func waitFor(_ what: String, timeout: Double, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() > deadline {
                throw DaemonTestError("gave up waiting \(timeout) s for \(what); central log tail:\n"
                                      + events.suffix(8).map { "\($0)" }.joined(separator: "\n"))
            }
            usleep(50_000)
        }
    }

    /// CLOCK_MONOTONIC in seconds, the clock of the central's `t`.
    static func monotonic() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    static func bytes(_ hex: String) -> [UInt8] {
        var out: [UInt8] = []
        var i = hex.startIndex
        while let j = hex.index(i, offsetBy: 2, limitedBy: hex.endIndex), i < hex.endIndex {
            out.append(UInt8(hex[i..<j], radix: 16) ?? 0)
            i = j
        }
        return out
    }
}
