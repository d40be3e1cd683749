import Foundation
import XCTest

/// A private dbus-daemon with sim/fakestrap.py on it (a mock bluetoothd with a strap and
/// a footpod), and the built `pacerctl ble-record` pointed at it through DBUS_SYSTEM_BUS_ADDRESS.
/// Everything it starts is stopped in `stop()`, which the tests call from their teardown.
final class FakeStrapHarness {
    static let strap = "00:22:D0:AA:BB:01"
    static let footpod = "00:22:D0:AA:BB:02"

    let directory: URL
    let busAddress: String
    private let daemon: Process
    private var strapProcess: Process?
    private var started: [Process] = []

    init() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon"),
              FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else {
            throw MissingPrerequisite.error("dbus-daemon or /usr/bin/python3 missing: run scripts/install-deps")
        }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("pacer-ble-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--session", "--nofork", "--print-address"]
        let out = Pipe()
        daemon.standardOutput = out
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        var text = ""
        while !text.contains("\n") {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        busAddress = text.split(separator: "\n").first.map(String.init) ?? ""
        guard busAddress.hasPrefix("unix:") else {
            daemon.terminate()
            throw MissingPrerequisite.error("dbus-daemon gave no address")
        }
    }

    var controlPath: String { directory.appendingPathComponent("control").path }
    var logPath: String { directory.appendingPathComponent("strap.log").path }

    var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["DBUS_SYSTEM_BUS_ADDRESS"] = busAddress
        return env
    }

    /// Starts the fake sensors and waits until "bluetoothd" answers.
    func startStrap(_ arguments: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        p.arguments = [BuiltBinaries.projectRoot.appendingPathComponent("sim/fakestrap.py").path,
                       "--control", controlPath, "--log", logPath] + arguments
        p.environment = environment
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        strapProcess = p
        started.append(p)
        try waitFor("the fake strap to start", timeout: 30) { self.log.contains { $0.hasSuffix(" ready") } }
    }

    /// Writes one command line to the strap's control FIFO.
    func command(_ line: String) throws {
        guard let handle = FileHandle(forWritingAtPath: controlPath) else { throw MissingPrerequisite.error("no control FIFO") }
        handle.write(Data((line + "\n").utf8))
        try handle.close()
    }

    /// The strap's log lines, without their time stamps' precision mattering.
    var log: [String] {
        ((try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Payloads the strap delivered (someone subscribed), in order, per address and characteristic.
    func sent(_ address: String, _ characteristic: String) -> [String] {
        log.compactMap { line in
            let f = line.split(separator: " ")
            guard f.count >= 4, f[1] == "sent", f[2] == address, f[3] == characteristic else { return nil }
            return f.count > 4 ? String(f[4]) : ""
        }
    }

    /// The reconnection times the strap measured (drop to first delivered value), per address.
    func resumed(_ address: String) -> [Double] {
        log.compactMap { line in
            let f = line.split(separator: " ")
            guard f.count == 4, f[1] == "resumed", f[2] == address else { return nil }
            return Double(f[3])
        }
    }

    /// A running `pacerctl` whose output goes to files.
    final class Running {
        let process: Process
        let stdoutURL: URL
        let stderrURL: URL
        init(process: Process, stdoutURL: URL, stderrURL: URL) {
            self.process = process
            self.stdoutURL = stdoutURL
            self.stderrURL = stderrURL
        }
        var stdout: String { (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? "" }
        var stderr: String { (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "" }
        /// Recorded lines of one characteristic: (time, payload hex).
        func recorded(_ characteristic: String) -> [String] {
            stdout.split(separator: "\n").compactMap { line in
                let f = line.split(separator: " ")
                guard f.count >= 2, f[1] == characteristic else { return nil }
                return f.count > 2 ? String(f[2]) : ""
            }
        }
        func waitUntilExit(timeout: Double) throws -> Int32 {
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning, Date() < deadline { usleep(50_000) }
            if process.isRunning {
                process.terminate()
                XCTFail("pacerctl did not exit within \(timeout) s")
            }
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    func startPacerctl(_ arguments: [String]) throws -> Running {
        let p = Process()
        p.executableURL = try BuiltBinaries.url("pacerctl")
        p.arguments = arguments
        p.environment = environment
        let id = UUID().uuidString
        let outURL = directory.appendingPathComponent("pacerctl-\(id).out")
        let errURL = directory.appendingPathComponent("pacerctl-\(id).err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        p.standardOutput = try FileHandle(forWritingTo: outURL)
        p.standardError = try FileHandle(forWritingTo: errURL)
        try p.run()
        started.append(p)
        return Running(process: p, stdoutURL: outURL, stderrURL: errURL)
    }

    /// Polls until `condition` holds; fails the test (not a timing assertion: a generous bound) otherwise.
    func waitFor(_ what: String, timeout: Double, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() > deadline {
                XCTFail("gave up waiting \(timeout) s for \(what)\nstrap log tail:\n\(log.suffix(15).joined(separator: "\n"))")
                throw XCTSkip("aborted: \(what) did not happen")
            }
            usleep(50_000)
        }
    }

    /// Pauses the sensors, waits until everything they delivered is recorded, then stops pacerctl
    /// with SIGINT as a user would and returns its exit status.
    func finishRecording(_ recorder: Running, _ streams: [(address: String, characteristic: String)]) throws -> Int32 {
        try command("pause")
        usleep(300_000)
        try waitFor("every delivered value to be recorded", timeout: 10) {
            streams.allSatisfy { recorder.recorded($0.characteristic).count >= sent($0.address, $0.characteristic).count }
        }
        recorder.process.interrupt()
        return try recorder.waitUntilExit(timeout: 10)
    }

    func stop() {
        if strapProcess?.isRunning ?? false { try? command("quit") }
        for p in started.reversed() {
            let deadline = Date().addingTimeInterval(3)
            while p.isRunning, Date() < deadline { usleep(20_000) }
            if p.isRunning { p.terminate() }
            p.waitUntilExit()
        }
        if daemon.isRunning { daemon.terminate() }
        daemon.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }
}
