import Foundation
import PacerCore
@testable import PacerSystem
import XCTest

/// sim/upload_server.py run for one test: its port from the `listening` line, the lines it
/// prints as requests arrive (to wait for an event rather than for time), its /control and /log,
/// and the folder where it saves what it receives. Killed when let go of.
final class UploadServerProcess {
    let child: ChildProcess
    private(set) var base: String
    let saveDirectory: String
    private var pending: [UInt8] = []

    init(arguments: [String] = []) throws {
        let python = "/usr/bin/python3"
        guard FileManager.default.isExecutableFile(atPath: python) else { throw MissingPrerequisite.error("no \(python)") }
        saveDirectory = NSTemporaryDirectory() + "pacer-upload-sim-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let script = BuiltBinaries.projectRoot.appendingPathComponent("sim/upload_server.py").path
        child = try ChildProcess(arguments: [python, script, saveDirectory] + arguments)
        base = ""
        let first = try nextLine()
        guard let first, first.hasPrefix("listening 127.0.0.1:") else {
            throw MissingPrerequisite.error("sim/upload_server.py did not start: \(first ?? "no output")")
        }
        base = "http://" + first.dropFirst("listening ".count)
    }

    deinit {
        kill(child.pid, SIGKILL)
        _ = try? child.waitForExit()
        try? FileManager.default.removeItem(atPath: saveDirectory)
    }

    /// The next line the server prints; nil when it has exited.
    func nextLine() throws -> String? {
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            guard let chunk = try child.read() else { return nil }
            pending += chunk
        }
    }

    /// Reads the server's lines up to the first that holds `text` (`request N POST /hook hold`:
    /// a request arrived).
    func waitForLine(containing text: String) throws -> String {
        while let line = try nextLine() {
            if line.contains(text) { return line }
        }
        throw MissingPrerequisite(description: "sim/upload_server.py exited before printing \(text)")
    }

    /// Sets a failure mode (or releases held requests): `{"mode": "500", "count": 1}` and the like.
    func control(_ settings: [String: Any]) throws {
        let body = try JSONSerialization.data(withJSONObject: settings)
        let exchange = CurlTransport().send(HTTPRequest(method: .post, url: base + "/control",
                                                        headers: [("Content-Type", "application/json")], body: Array(body)))
        guard case .response(200, _, _) = exchange else { throw MissingPrerequisite(description: "control refused: \(exchange)") }
    }

    /// Every request the server received, as it logged them.
    func log() throws -> [[String: Any]] {
        guard let requests = try logObject()["requests"] as? [[String: Any]] else {
            throw MissingPrerequisite(description: "no requests in the log of sim/upload_server.py")
        }
        return requests
    }

    /// The activities a service holds, by external id (`strava`, `intervals`).
    func activities(_ service: String) throws -> [String: Any] {
        ((try logObject()[service] as? [String: Any])?["activities"] as? [String: Any]) ?? [:]
    }

    /// The refresh token Strava's stand-in accepts now.
    func stravaRefreshToken() throws -> String? {
        (try logObject()["strava"] as? [String: Any])?["refresh_token"] as? String
    }

    private func logObject() throws -> [String: Any] {
        guard case let .response(200, _, body) = CurlTransport().send(HTTPRequest(method: .get, url: base + "/log")),
              let object = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else {
            throw MissingPrerequisite(description: "no log from sim/upload_server.py")
        }
        return object
    }
}
