import Foundation
import XCTest
import PacerCore
import PacerSystem

/// A real pacerd started for one test in its own temporary directory (socket, journal, config),
/// killed and cleaned up when the test ends. Its stderr goes to a file the test can read.
final class DaemonProcess {
    let directory: URL
    let socketPath: String
    let journalPath: String
    let process = Process()
    let logURL: URL

    /// - Parameters:
    ///   - config: text of a config file (written to the temp dir and passed with --config).
    ///   - extraArguments: more pacerd flags (e.g. `--gps file:...`).
    ///   - environment: added to the inherited environment.
    ///   - waitForSocket: wait until the socket accepts connections.
    init(config: String? = nil, extraArguments: [String] = [], environment: [String: String] = [:],
         directory existing: URL? = nil, waitForSocket: Bool = true, launcher: [String] = []) throws {
        if let existing {
            directory = existing
        } else {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("pacerd-test-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            // Other uids (the access test) must reach the socket inside.
            chmod(directory.path, 0o755)
        }
        socketPath = directory.appendingPathComponent("pacer.sock").path
        journalPath = directory.appendingPathComponent("journal").path
        logURL = directory.appendingPathComponent("pacerd-\(UUID().uuidString.prefix(4)).log")
        var arguments = ["--socket", socketPath, "--journal", journalPath, "--sensors", "none"]
        if let config {
            let configURL = directory.appendingPathComponent("pacer.conf")
            try config.write(to: configURL, atomically: true, encoding: .utf8)
            arguments += ["--config", configURL.path]
        }
        arguments += extraArguments
        let command = launcher + BuiltBinaries.launcher + [try BuiltBinaries.url("pacerd").path] + arguments
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        process.environment = env
        _ = FileManager.default.createFile(atPath: logURL.path, contents: nil)
        let log = try FileHandle(forWritingTo: logURL)
        process.standardError = log
        process.standardOutput = log
        try process.run()
        try log.close()
        if waitForSocket { try waitUntilAccepting() }
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// Removes the temp directory (call at the end of a test that does not reuse it).
    func removeDirectory() { try? FileManager.default.removeItem(at: directory) }

    var log: String { (try? String(contentsOf: logURL, encoding: .utf8)) ?? "" }

    func waitUntilAccepting(timeout: Double = 20) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let c = try? UnixSocketConnection(path: socketPath), (try? c.readLine(timeout: 2)) != nil { return }
            guard process.isRunning else { throw DaemonTestError("pacerd exited (\(process.terminationStatus)): \(log)") }
            usleep(20_000)
        }
        throw DaemonTestError("pacerd did not accept connections within \(timeout) s: \(log)")
    }

    /// A connected client that has read the VERSION greeting.
    func connect() throws -> UnixSocketConnection {
        let c = try UnixSocketConnection(path: socketPath)
        guard let greeting = try c.readLine(timeout: 10), String(decoding: greeting, as: UTF8.self).contains("\"VERSION\"") else {
            throw DaemonTestError("no VERSION greeting")
        }
        return c
    }

    /// pacerd's own pid: the process, or the launcher's child (faketime runs pacerd as its child).
    /// A launcher that execs (unshare) is pacerd by then; pacerd's own children (export and
    /// report runs) must never be taken for it: a SIGTERM meant for pacerd would stop a
    /// `pacerctl export` instead, and the test would wait for an exit that never comes.
    var daemonPID: pid_t {
        let launcher = process.processIdentifier
        if isPacerd(launcher) { return launcher }
        guard let children = try? String(contentsOfFile: "/proc/\(launcher)/task/\(launcher)/children", encoding: .utf8),
              let child = children.split(separator: " ").first.flatMap({ pid_t($0) }) else { return launcher }
        return child
    }

    private func isPacerd(_ pid: pid_t) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe"))
            .map { URL(fileURLWithPath: $0).lastPathComponent == "pacerd" } ?? false
    }

    /// Sends `signal` to pacerd and waits for the exit; returns the termination status.
    @discardableResult
    func stop(_ signal: Int32 = SIGTERM) -> Int32 {
        kill(daemonPID, signal)
        process.waitUntilExit()
        return process.terminationStatus
    }
}

struct DaemonTestError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}

extension UnixSocketConnection {
    func request(_ r: ClientRequest) throws { try send(r.line) }

    /// The next reply of one of `classes`, parsed; fails the test after `timeout`.
    func expect(_ classes: Set<String>, timeout: Double = 10, file: StaticString = #filePath, line: UInt = #line) throws -> JSONValue {
        guard let v = try readReply(classes: classes, timeout: timeout) else {
            throw DaemonTestError("no \(classes.sorted()) reply within \(timeout) s")
        }
        return v
    }

    /// Reads STATEs until `condition` holds (or fails after `timeout` seconds).
    func waitForState(timeout: Double = 30, _ condition: (LiveState) -> Bool) throws -> LiveState {
        let deadline = Date().addingTimeInterval(timeout)
        var last: LiveState?
        while Date() < deadline {
            guard let v = try readReply(classes: ["STATE"], timeout: max(0.1, deadline.timeIntervalSinceNow)),
                  let state = LiveState(json: v) else { continue }
            last = state
            if condition(state) { return state }
        }
        throw DaemonTestError("condition not met within \(timeout) s; last STATE: \(String(describing: last))")
    }
}
