import Foundation
import Glibc
import XCTest
import PacerCore
import PacerSystem

/// `[upload]` with the real pacerd, curl and sim/upload_server.py (Strava's, intervals.icu's
/// and a webhook's endpoints as their documentation describes them): a ride is uploaded once to
/// each service after stop; with the server down at stop it is uploaded once it is up; with
/// pacerd killed during an upload, once after the restart; refused secrets and credentials get
/// one clear reason and no retries.
final class DaemonUploadTests: XCTestCase {
    private static let secrets = ["strava-client-secret", "strava-refresh-0", "intervals-key", "hook-token", "hook-signing-key"]

    /// A test's folder, its secret files (mode 0600 unless `modes` says otherwise) and the config.
    private struct Setup {
        let directory: URL
        let config: String

        init(_ name: String, base: String, services: Set<String> = ["strava", "intervals", "webhook"],
             modes: [String: mode_t] = [:], contents: [String: String] = [:]) throws {
            let folder = try BuiltBinaries.temporaryDirectory(name)
            directory = folder
            var lines = ["[unattended]", "auto_start = off", "[upload]", "retry_s = 1"]
            func secret(_ key: String, _ name: String, _ value: String) throws {
                let path = folder.appendingPathComponent(name).path
                try Data((contents[name] ?? value).utf8).write(to: URL(fileURLWithPath: path))
                XCTAssertEqual(chmod(path, modes[name] ?? 0o600), 0)
                lines.append("\(key) = \(path)")
            }
            if services.contains("strava") {
                lines += ["strava_client_id = 12345", "strava_url = \(base)"]
                try secret("strava_client_secret_file", "strava-app", "strava-client-secret")
                try secret("strava_refresh_token_file", "strava-token", "strava-refresh-0\n")
            }
            if services.contains("intervals") {
                lines += ["intervals_athlete = i12345", "intervals_url = \(base)"]
                try secret("intervals_api_key_file", "intervals", "intervals-key")
            }
            if services.contains("webhook") {
                lines += ["webhook_url = \(base)/hook"]
                try secret("webhook_token_file", "webhook", "hook-token")
                try secret("webhook_signing_key_file", "webhook-signing", "hook-signing-key")
            }
            config = lines.joined(separator: "\n") + "\n"
        }

        func start(_ receiver: PTYReceiver) throws -> DaemonProcess {
            try DaemonProcess(config: config, extraArguments: ["--gps", "serial:\(receiver.path)@38400"], environment: ["TZ": "UTC"],
                              directory: directory)
        }
    }

    /// Records a run of a few seconds on the receiver's time and stops it.
    private func ride(_ daemon: DaemonProcess) throws {
        let c = try daemon.connect()
        try c.request(.watch(enable: true))
        _ = try c.waitForState(timeout: 30) { $0.gps.mode >= 2 }
        try c.request(.start(activity: .run))
        let first = try c.waitForState(timeout: 30) { $0.session != nil }
        _ = try c.waitForState(timeout: 30) { ($0.session?.elapsedSeconds ?? 0) >= (first.session?.elapsedSeconds ?? 0) + 3 }
        let stop = try BuiltBinaries.run("pacerctl", ["stop", "--socket", daemon.socketPath])
        XCTAssertEqual(stop.status, 0, stop.stderr)
    }

    /// The spool's states, as `pacerctl uploads --journal` reads them (pacerd running or not).
    private func states(_ daemon: DaemonProcess) throws -> [UploadState] {
        let r = try BuiltBinaries.run("pacerctl", ["uploads", "--journal", daemon.journalPath, "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        return try UploadsReport(json: JSONValue.parse(Array(r.stdout)))?.uploads ?? []
    }

    /// `pacerctl uploads` from pacerd, for people.
    private func uploadsText(_ daemon: DaemonProcess) throws -> String {
        let r = try BuiltBinaries.run("pacerctl", ["uploads", "--socket", daemon.socketPath])
        XCTAssertEqual(r.status, 0, r.stderr)
        return r.stdoutText
    }

    private func eventually(timeout: Double = 30, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline { if try condition() { return true }; usleep(50_000) }
        return try condition()
    }

    /// Whether the spool holds `count` states and those of `services` (all by default) are settled.
    private func allSettled(_ daemon: DaemonProcess, count: Int, services: Set<String>? = nil) throws -> Bool {
        let s = try states(daemon)
        return s.count == count && s.filter { services?.contains($0.service.name) ?? true }.allSatisfy(\.isSettled)
    }

    private func requests(_ server: UploadServerProcess, _ method: String, _ prefix: String) throws -> [[String: Any]] {
        try server.log().filter { ($0["method"] as? String) == method && (($0["path"] as? String)?.hasPrefix(prefix) ?? false) }
    }

    private func part(_ request: [String: Any], _ name: String) -> [String: Any]? {
        (request["parts"] as? [[String: Any]])?.first { ($0["name"] as? String) == name }
    }

    private func assertNoSecret(in text: String, extra: [String] = [], file: StaticString = #filePath, line: UInt = #line) {
        for secret in Self.secrets + extra { XCTAssertFalse(text.contains(secret), "'\(secret)' leaked", file: file, line: line) }
    }

    func testARideIsUploadedOnceToEachServiceAfterStop() throws {
        let server = try UploadServerProcess(arguments: ["--webhook-token", "hook-token", "--processing-polls", "0"])
        let setup = try Setup("upload-once", base: server.base)
        defer { try? FileManager.default.removeItem(at: setup.directory) }
        let receiver = try PTYReceiver()
        let daemon = try setup.start(receiver)
        receiver.start()
        defer { daemon.stop(); _ = receiver.stop() }
        try ride(daemon)
        XCTAssertTrue(try eventually { try allSettled(daemon, count: 3) }, daemon.log)

        let states = try states(daemon)
        let strava = try server.activities("strava"), intervals = try server.activities("intervals")
        XCTAssertEqual(strava.count, 1, "\(strava)")
        XCTAssertEqual(intervals.count, 1, "\(intervals)")
        let externalID = try XCTUnwrap(strava.keys.first)
        XCTAssertTrue(externalID.hasPrefix("pacer-20251101T1200") && externalID.hasSuffix("Z-1"), externalID)
        XCTAssertEqual(intervals.keys.first, externalID)
        XCTAssertEqual(states.map(\.service), [.intervals, .strava, .webhook])
        XCTAssertEqual(states[0].status, .done(remote: "\(intervals[externalID]!)"))
        XCTAssertEqual(states[1].status, .done(remote: "\(strava[externalID]!)"))
        XCTAssertEqual(states[2].status, .done(remote: ""))
        XCTAssertEqual(try requests(server, "POST", "/api/v3/uploads").count, 1)
        XCTAssertEqual(try requests(server, "POST", "/api/v1/athlete/i12345/activities").count, 1)
        let hooks = try requests(server, "POST", "/hook")
        XCTAssertEqual(hooks.count, 1)

        // What arrived is the session: the FIT is `pacerctl export`'s, byte for byte, and decodes
        // with Garmin's FIT SDK; the webhook's summary is `show --json`'s.
        let fit = try BuiltBinaries.run("pacerctl", ["export", "1", "--format", "fit", "--journal", daemon.journalPath])
        let show = try BuiltBinaries.run("pacerctl", ["show", "1", "--json", "--journal", daemon.journalPath])
        let stravaFile = try XCTUnwrap(part(try requests(server, "POST", "/api/v3/uploads")[0], "file")?["saved"] as? String)
        XCTAssertEqual(FileManager.default.contents(atPath: stravaFile), fit.stdout)
        XCTAssertEqual(FileManager.default.contents(atPath: try XCTUnwrap(part(hooks[0], "fit")?["saved"] as? String)), fit.stdout)
        XCTAssertEqual(FileManager.default.contents(atPath: try XCTUnwrap(part(hooks[0], "summary")?["saved"] as? String)), show.stdout)
        try JournalTestSupport.requirePython()
        let decoded = try runTool(JournalTestSupport.python, ["-c", """
            import sys
            from garmin_fit_sdk import Decoder, Stream
            assert Decoder(Stream.from_file(sys.argv[1])).check_integrity(), "not a whole FIT file"
            messages, errors = Decoder(Stream.from_file(sys.argv[1])).read()
            assert not errors, errors
            s = messages["session_mesgs"][0]
            print("%.1f %d" % (s["total_distance"], len(messages["record_mesgs"])))
            """, stravaFile])
        XCTAssertEqual(decoded.status, 0, decoded.stderr)
        let summary = try JSONValue.parse(Array(show.stdout))
        let distance = try XCTUnwrap(summary["distance_m"]?.number)
        let fields = decoded.stdout.split(separator: " ")
        XCTAssertEqual(try XCTUnwrap(Double(fields.first ?? "")), distance, accuracy: 0.05, decoded.stdout)
        // A record a second, for the three seconds and more of the ride.
        XCTAssertGreaterThanOrEqual(Int(fields.last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0, 3)

        // The webhook's signature is the HMAC-SHA256 of the body it received.
        let body = try XCTUnwrap(FileManager.default.contents(atPath: try XCTUnwrap(hooks[0]["body_saved"] as? String)))
        let headers = (hooks[0]["headers"] as? [[String]]) ?? []
        let signature = headers.first { $0.first?.lowercased() == "x-pacer-signature-256" }?.last
        XCTAssertEqual(signature, "sha256=" + SHA256.hex(HMACSHA256.authenticationCode(key: Array("hook-signing-key".utf8), message: Array(body))))

        // Strava rotated the refresh token: the new one is on disk, for pacerd's user only.
        let tokenPath = setup.directory.appendingPathComponent("strava-token").path
        XCTAssertEqual(try String(contentsOfFile: tokenPath, encoding: .utf8), (try server.stravaRefreshToken() ?? "?") + "\n")
        var info = stat()
        XCTAssertEqual(stat(tokenPath, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o600)

        // No secret in pacerd's log, its state files or UPLOADS (the rotated tokens included).
        let accessTokens = try requests(server, "GET", "/api/v3/uploads").compactMap { r in
            ((r["headers"] as? [[String]]) ?? []).first { $0.first == "Authorization" }?.last?.dropFirst("Bearer ".count).description
        }
        XCTAssertFalse(accessTokens.isEmpty)
        let stateFiles = try FileManager.default.contentsOfDirectory(atPath: daemon.journalPath + "/uploads").filter { $0.hasSuffix(".upload") }
            .map { try String(contentsOfFile: daemon.journalPath + "/uploads/" + $0, encoding: .utf8) }.joined()
        let current = try server.stravaRefreshToken() ?? ""
        for text in [daemon.log, stateFiles, try uploadsText(daemon)] { assertNoSecret(in: text, extra: accessTokens + [current]) }
        print("UPLOADS after the ride:\n" + (try uploadsText(daemon)))

        // Strava ends the access token early; sent again by hand, the upload gets a 401, a fresh
        // token, and Strava's answer that it has the ride: done, with the same activity.
        try server.control(["expire_access": true])
        let retry = try BuiltBinaries.run("pacerctl", ["upload", "1", "--service", "strava", "--socket", daemon.socketPath])
        XCTAssertEqual(retry.status, 0, retry.stderr)
        XCTAssertTrue(try eventually { try allSettled(daemon, count: 3) && requests(server, "POST", "/oauth/token").count == 2 }, daemon.log)
        XCTAssertEqual(try self.states(daemon)[1].status, .done(remote: "\(strava[externalID]!)"))
        XCTAssertEqual(try server.activities("strava").count, 1)
        XCTAssertTrue(daemon.log.contains(UploadPlanner.accessTokenRefused), daemon.log)
    }

    /// The server is down when the session stops (a Pi away from home): each upload is pending
    /// with its reason and retried with backoff; once the server is up, each is uploaded, once.
    func testTheServerDownAtStopThenUpUploadsLaterOnce() throws {
        var server: UploadServerProcess? = try UploadServerProcess(arguments: ["--webhook-token", "hook-token", "--processing-polls", "0"])
        let base = server!.base
        let port = String(base.split(separator: ":").last!)
        server = nil // down
        let setup = try Setup("upload-down", base: base)
        defer { try? FileManager.default.removeItem(at: setup.directory) }
        let receiver = try PTYReceiver()
        let daemon = try setup.start(receiver)
        receiver.start()
        defer { daemon.stop(); _ = receiver.stop() }
        try ride(daemon)
        // Each service tried and waiting to try again, having got no answer.
        XCTAssertTrue(try eventually {
            let s = try states(daemon)
            return s.count == 3 && s.allSatisfy { if case let .pending(a, _, e) = $0.status { return a >= 2 && e?.contains("no answer") == true }; return false }
        }, daemon.log)
        let down = try uploadsText(daemon)
        XCTAssertTrue(down.contains("pending: attempt"), down)
        print("UPLOADS with the server down:\n" + down)

        server = try UploadServerProcess(arguments: ["--webhook-token", "hook-token", "--processing-polls", "0", "--port", port])
        XCTAssertTrue(try eventually { try allSettled(daemon, count: 3) }, daemon.log)
        let up = try uploadsText(daemon)
        print("UPLOADS once the server is up:\n" + up)
        XCTAssertTrue(try states(daemon).allSatisfy { if case .done = $0.status { return true }; return false }, up)
        XCTAssertEqual(try server!.activities("strava").count, 1)
        XCTAssertEqual(try server!.activities("intervals").count, 1)
        XCTAssertEqual(try requests(server!, "POST", "/api/v3/uploads").count, 1)
        XCTAssertEqual(try requests(server!, "POST", "/hook").count, 1)
        XCTAssertTrue(daemon.log.contains("upload: session 1 to Strava: pending: attempt"), daemon.log)
    }

    /// A server that answers 500, then a 10 MB reply, then cuts its answer short: each is a
    /// retry with its reason in the state, never a crash or a stuck queue, and the fourth try
    /// uploads, once. (Garbage and redirect loops: UploadPlannerTests and CurlTransportTests.)
    func testAMisbehavingServerCostsRetriesNotTheQueue() throws {
        let server = try UploadServerProcess()
        let setup = try Setup("upload-misbehaving", base: server.base, services: ["intervals"])
        defer { try? FileManager.default.removeItem(at: setup.directory) }
        let receiver = try PTYReceiver()
        let daemon = try setup.start(receiver)
        receiver.start()
        defer { daemon.stop(); _ = receiver.stop() }
        for mode in ["500", "huge", "close"] { try server.control(["mode": mode, "count": 1, "path": "/api/v1", "then": true]) }
        try ride(daemon)
        for mode in ["500", "huge", "close"] { _ = try server.waitForLine(containing: "/activities \(mode)") }
        XCTAssertTrue(try eventually { try allSettled(daemon, count: 1) }, daemon.log)
        XCTAssertEqual(try states(daemon).first?.status, .done(remote: "\(try server.activities("intervals").values.first!)"))
        XCTAssertEqual(try requests(server, "POST", "/api/v1/").count, 4)
        for reason in ["(last: the server answered HTTP 500)", "(last: no answer: the reply is larger than 1048576 bytes",
                       "(last: no answer: the reply was cut short"] {
            XCTAssertTrue(daemon.log.contains(reason), "\(reason) in\n\(daemon.log)")
        }
    }

    /// pacerd is killed while Strava holds its upload (the server keeps the ride): after the
    /// restart the upload is sent again with the same external id, which Strava answers as a
    /// duplicate of the activity it has, so the ride is there once; the refresh token Strava
    /// rotated before the kill was on disk already.
    func testPacerdKilledDuringAnUploadUploadsOnceAfterRestart() throws {
        let server = try UploadServerProcess(arguments: ["--processing-polls", "0"])
        let setup = try Setup("upload-kill", base: server.base, services: ["strava", "intervals"])
        defer { try? FileManager.default.removeItem(at: setup.directory) }
        let receiver = try PTYReceiver()
        var daemon = try setup.start(receiver)
        receiver.start()
        defer { _ = receiver.stop() }
        try server.control(["mode": "hold", "path": "/api/v3/uploads"])
        try ride(daemon)
        _ = try server.waitForLine(containing: "POST /api/v3/uploads hold")
        XCTAssertEqual(daemon.stop(SIGKILL), SIGKILL)
        try server.control(["mode": NSNull()])
        try server.control(["release": true])
        XCTAssertEqual(try server.activities("strava").count, 1, "the held upload made the activity")
        let states = try states(daemon)
        XCTAssertEqual(states.first { $0.service == .strava }.map { if case .pending = $0.status { return true }; return false }, true, "\(states)")

        daemon = try setup.start(receiver)
        defer { daemon.stop() }
        XCTAssertTrue(try eventually { try allSettled(daemon, count: 2) }, daemon.log)
        let strava = try server.activities("strava")
        XCTAssertEqual(strava.count, 1, "\(strava)")
        XCTAssertEqual(try requests(server, "POST", "/api/v3/uploads").count, 2, "sent again after the restart")
        let after = try self.states(daemon)
        XCTAssertEqual(after.first { $0.service == .strava }?.status, .done(remote: "\(strava.values.first!)"))
        XCTAssertEqual(try server.activities("intervals").count, 1)
        XCTAssertEqual(try requests(server, "POST", "/api/v1/").count, 1)
        print("UPLOADS after the restart:\n" + (try uploadsText(daemon)))
    }

    /// A key file others can read is refused with its name and mode, and that service is off;
    /// a revoked Strava token and a refused webhook token fail once each, with their reasons,
    /// and are not retried until asked (`pacerctl upload`); recording goes on throughout.
    func testRefusedSecretsAndCredentialsFailOnceWithTheirReason() throws {
        let server = try UploadServerProcess(arguments: ["--webhook-token", "hook-token"])
        let setup = try Setup("upload-refused", base: server.base, modes: ["intervals": 0o644], contents: ["webhook": "old-token"])
        defer { try? FileManager.default.removeItem(at: setup.directory) }
        try server.control(["revoke": true])
        let receiver = try PTYReceiver()
        let daemon = try setup.start(receiver)
        receiver.start()
        defer { daemon.stop(); _ = receiver.stop() }
        let keyPath = setup.directory.appendingPathComponent("intervals").path
        XCTAssertTrue(daemon.log.contains("upload: intervals.icu is off: secret file \(keyPath) is readable or writable by group or others (mode 0644)"),
                      daemon.log)
        try ride(daemon)
        let settled: Set<String> = ["strava", "webhook"]
        XCTAssertTrue(try eventually { try allSettled(daemon, count: 3, services: settled) }, daemon.log)
        let text = try uploadsText(daemon)
        print("UPLOADS with refused credentials:\n" + text)
        XCTAssertTrue(text.contains("strava     failed: Strava refused the refresh token"), text)
        XCTAssertTrue(text.contains("webhook    failed: the webhook refused the token or signature (HTTP 401)"), text)
        XCTAssertTrue(text.contains("intervals: secret file \(keyPath) is readable"), text)
        // Kept, not lost: sent once the key file is mended and pacerd reloads.
        XCTAssertTrue(text.contains("1  intervals  pending"), text)
        XCTAssertEqual(try requests(server, "POST", "/api/v1/").count, 0)
        XCTAssertEqual(try requests(server, "POST", "/oauth/token").count, 1)

        // By hand: one more try, the same answer, and nothing after it.
        let retry = try BuiltBinaries.run("pacerctl", ["upload", "1", "--service", "strava", "--socket", daemon.socketPath])
        XCTAssertEqual(retry.status, 0, retry.stderr)
        XCTAssertTrue(try eventually { try allSettled(daemon, count: 3, services: settled) && requests(server, "POST", "/oauth/token").count == 2 },
                      daemon.log)
        let unknown = try BuiltBinaries.run("pacerctl", ["upload", "99", "--socket", daemon.socketPath])
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(unknown.stderr.contains("no session 99 in the journal"), unknown.stderr)
        // Recording went on: a second session records after the refusals.
        try ride(daemon)
        XCTAssertTrue(try eventually { try allSettled(daemon, count: 6, services: settled) }, daemon.log)
        XCTAssertEqual(try requests(server, "POST", "/oauth/token").count, 3, "one refresh per session, no storm")
        assertNoSecret(in: daemon.log + text, extra: ["old-token"])
    }
}
