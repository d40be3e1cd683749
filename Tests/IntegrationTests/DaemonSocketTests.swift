import Foundation
import XCTest
import PacerCore
import PacerSystem

/// The real pacerd binary on its socket: greeting, bad requests, many watchers, a stalled
/// client, access control by uid, SIGTERM, socket activation and sd_notify.
final class DaemonSocketTests: XCTestCase {
    func testGreetingAndBadRequestsKeepTheConnectionOpen() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop(); daemon.removeDirectory() }
        let c = try UnixSocketConnection(path: daemon.socketPath)
        let greeting = try XCTUnwrap(c.readLine(timeout: 10))
        XCTAssertEqual(String(decoding: greeting, as: UTF8.self),
                       "{\"class\":\"VERSION\",\"release\":\"\(PacerVersion.release)\",\"proto_major\":1,\"proto_minor\":0}")
        try c.send(Array("hello, pacer\n".utf8))
        XCTAssertEqual(try c.expect(["ERROR"])["message"]?.string, "bad JSON: unexpected character at byte 0")
        try c.send(Array("{\"cmd\":\"teleport\"}\n".utf8))
        XCTAssertEqual(try c.expect(["ERROR"])["message"]?.string, "unknown command 'teleport'")
        // Oversized, sent in pieces without a newline for a while: one ERROR, the rest discarded.
        let big = Array(repeating: UInt8(ascii: "x"), count: 3000)
        try c.send(Array("{\"cmd\":\"status\",\"pad\":\"".utf8) + big)
        try c.send(big + big)
        try c.send(Array("\"}\n".utf8))
        XCTAssertEqual(try c.expect(["ERROR"])["message"]?.string, "request too long (limit 4096 bytes)")
        try c.send(Array("\u{0}\u{1}\u{2}\n{\"cmd\":\"status\"}\n".utf8))
        XCTAssertEqual(try c.expect(["ERROR", "STATE"])["class"]?.string, "ERROR")
        let state = try c.expect(["ERROR", "STATE"])
        XCTAssertEqual(state["class"]?.string, "STATE")
        XCTAssertNotNil(LiveState(json: state))
        XCTAssertTrue(daemon.process.isRunning)
    }

    func testSixtyFourWatchersKeepReceivingWhileAStalledClientIsDropped() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop(); daemon.removeDirectory() }
        var watchers: [UnixSocketConnection] = []
        for _ in 0..<64 {
            let w = try daemon.connect()
            try w.request(.watch(enable: true))
            watchers.append(w)
        }
        for w in watchers { XCTAssertEqual(try w.expect(["ACK"])["cmd"]?.string, "watch") }
        // A client that asks for a lot and never reads: its replies pile up until it is dropped.
        let stalled = try daemon.connect()
        let burst = [UInt8]((0..<2000).flatMap { _ in ClientRequest.status.line })
        var sent = 0
        for _ in 0..<100 {
            do { try stalled.send(burst); sent += 1 } catch { break }
            if daemon.log.contains("not reading") { break }
        }
        // Every watcher still gets fresh STATEs (the 1 s tick) after the flood.
        for w in watchers {
            _ = try w.waitForState(timeout: 10) { _ in true }
            _ = try w.waitForState(timeout: 10) { _ in true }
        }
        let deadline = Date().addingTimeInterval(10)
        while !daemon.log.contains("not reading"), Date() < deadline { usleep(50_000) }
        XCTAssertTrue(daemon.log.contains("not reading"), "stalled client was not dropped after \(sent) bursts: \(daemon.log)")
        // Its connection is closed: draining it ends in EOF (or a reset).
        var ended = false
        while true {
            do { guard try stalled.readLine(timeout: 5) != nil else { ended = true; break } } catch { ended = true; break }
        }
        XCTAssertTrue(ended)
        XCTAssertTrue(daemon.process.isRunning)
    }

    /// Watchers get one STATE per fix; the 1 s tick, which rides on an epoch's wake-up, adds no
    /// second copy of that fix's STATE (it did, once a second, before the tick looked).
    func testEachFixIsOneStateWithoutATickCopy() throws {
        let receiver = try PTYReceiver()
        let daemon = try DaemonProcess(config: "[unattended]\nauto_start = off\n",
                                       extraArguments: ["--gps", "serial:\(receiver.path)@38400"])
        receiver.start()
        defer { daemon.stop(); daemon.removeDirectory(); _ = receiver.stop() }
        let w = try daemon.connect()
        try w.request(.watch(enable: true))
        _ = try w.waitForState(timeout: 30) { $0.gps.mode >= 2 }
        var times: [UTCTime?] = []
        _ = try? w.waitForState(timeout: 30) { state in
            times.append(state.gps.time)
            return times.count == 30
        }
        XCTAssertEqual(times.count, 30, daemon.log)
        // Six seconds at 5 Hz hold five or six ticks. A copy is still right after a half-second
        // gap in the fixes, which a loaded machine can give the receiver's thread once.
        XCTAssertLessThanOrEqual(repeats(times), 1, "STATEs repeating the previous one's fix: \(times)")
    }

    private func repeats(_ times: [UTCTime?]) -> Int {
        zip(times, times.dropFirst()).filter { $0 != nil && $0 == $1 }.count
    }

    func testControlFromAnotherUidIsDeniedWhileWatchingWorks() throws {
        let daemon = try DaemonProcess(config: "[socket]\nwatch_public = yes\n")
        defer { daemon.stop(); daemon.removeDirectory() }
        let ctl = try BuiltBinaries.url("pacerctl").path
        let asNobody = ["--reuid=65534", "--regid=65534", "--clear-groups", ctl]
        let status = try runTool("/usr/bin/setpriv", asNobody + ["status", "--socket", daemon.socketPath, "--json"])
        XCTAssertEqual(status.status, 0, status.stderr)
        XCTAssertTrue(status.stdout.hasPrefix("{\"class\":\"STATE\""), status.stdout)
        let watch = try runTool("/usr/bin/setpriv", asNobody + ["watch", "--socket", daemon.socketPath, "--json", "--count", "2"])
        XCTAssertEqual(watch.status, 0, watch.stderr)
        XCTAssertEqual(watch.stdout.split(separator: "\n").filter { $0.contains("\"STATE\"") }.count, 2, watch.stdout)
        let start = try runTool("/usr/bin/setpriv", asNobody + ["start", "run", "--socket", daemon.socketPath])
        XCTAssertEqual(start.status, 1)
        XCTAssertTrue(start.stderr.contains("permission denied: control commands ('start')"), start.stderr)
        XCTAssertTrue(daemon.log.contains("denied 'start' to uid 65534"), daemon.log)
        // The socket file is 0660 plus world access for watching.
        var st = stat()
        XCTAssertEqual(stat(daemon.socketPath, &st), 0)
        XCTAssertEqual(st.st_mode & 0o777, 0o666)
    }

    func testReadingIsClosedToOtherUsersByDefault() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop(); daemon.removeDirectory() }
        var st = stat()
        XCTAssertEqual(stat(daemon.socketPath, &st), 0)
        XCTAssertEqual(st.st_mode & 0o777, 0o660)
        let ctl = try BuiltBinaries.url("pacerctl").path
        let status = try runTool("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", ctl,
                                                      "status", "--socket", daemon.socketPath])
        XCTAssertEqual(status.status, 1)
        XCTAssertTrue(status.stderr.contains("Permission denied"), status.stderr)
    }

    func testSIGTERMClosesCleanlyAndRemovesTheSocket() throws {
        let daemon = try DaemonProcess()
        defer { daemon.removeDirectory() }
        let watcher = try daemon.connect()
        try watcher.request(.watch(enable: true))
        _ = try watcher.expect(["ACK"])
        XCTAssertEqual(daemon.stop(SIGTERM), 0, daemon.log)
        XCTAssertFalse(FileManager.default.fileExists(atPath: daemon.socketPath))
        // The watcher sees its connection closed, after any last reports.
        while try watcher.readLine(timeout: 5) != nil {}
        XCTAssertTrue(daemon.log.contains("<6>stopped"), daemon.log)
        // journald-style levels, no timestamps.
        for line in daemon.log.split(separator: "\n") {
            XCTAssertTrue(line.range(of: #"^<[0-7]>"#, options: .regularExpression) != nil, String(line))
        }
    }

    func testSocketActivationWithAnInheritedDescriptor() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pacerd-act-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let listenPath = dir.appendingPathComponent("activated.sock").path
        // The service manager's part: bind and listen, put the socket at fd 3, set LISTEN_FDS and
        // LISTEN_PID to the pid that exec()s pacerd.
        let launcher = ["/usr/bin/python3", "-c", """
            import os, socket, sys
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.bind(sys.argv[1]); s.listen(16)
            os.dup2(s.fileno(), 3); os.set_inheritable(3, True)
            os.environ["LISTEN_FDS"] = "1"; os.environ["LISTEN_PID"] = str(os.getpid())
            os.execv(sys.argv[2], sys.argv[2:])
            """, listenPath]
        let daemon = try DaemonProcess(directory: dir, waitForSocket: false, launcher: launcher)
        defer { daemon.stop() }
        var connection: UnixSocketConnection?
        for _ in 0..<500 where connection == nil {
            connection = try? UnixSocketConnection(path: listenPath)
            if connection == nil { usleep(20_000) }
        }
        let c = try XCTUnwrap(connection)
        let greeting = try XCTUnwrap(c.readLine(timeout: 20))
        XCTAssertTrue(String(decoding: greeting, as: UTF8.self).hasPrefix("{\"class\":\"VERSION\""))
        try c.request(.status)
        XCTAssertNotNil(LiveState(json: try c.expect(["STATE"])))
        XCTAssertTrue(daemon.log.contains("using the socket passed by the service manager (fd 3)"), daemon.log)
        // It did not create its own socket at --socket.
        XCTAssertFalse(FileManager.default.fileExists(atPath: daemon.socketPath))
    }

    func testNotifiesReadyWatchdogAndStoppingOnNotifySocket() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pacerd-ntf-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let notifyPath = dir.appendingPathComponent("notify").path
        let receiver = try DatagramReceiver(path: notifyPath)
        let daemon = try DaemonProcess(environment: ["NOTIFY_SOCKET": notifyPath, "WATCHDOG_USEC": "200000"], directory: dir)
        var messages: [String] = []
        while !messages.contains(where: { $0.contains("WATCHDOG=1") }), let m = receiver.receive(timeout: 10) { messages.append(m) }
        XCTAssertTrue(messages.first?.hasPrefix("READY=1\nSTATUS=") ?? false, "\(messages)")
        XCTAssertTrue(messages.contains("WATCHDOG=1"), "\(messages)")
        XCTAssertEqual(daemon.stop(SIGTERM), 0)
        var after: [String] = []
        while let m = receiver.receive(timeout: 1) { after.append(m) }
        XCTAssertTrue(after.contains("STOPPING=1"), "\(after)")
    }

    func testControlCommandsAckAndWatchersGetTheirEvents() throws {
        let daemon = try DaemonProcess(config: "[unattended]\nauto_start = off\n")
        defer { daemon.stop(); daemon.removeDirectory() }
        let watcher = try daemon.connect()
        try watcher.request(.watch(enable: true))
        _ = try watcher.expect(["ACK"])
        let ctl = try daemon.connect()
        try ctl.request(.pause)
        XCTAssertEqual(try ctl.expect(["ACK", "ERROR"])["message"]?.string, "cannot pause while idle")
        try ctl.request(.start(activity: .walk))
        let started = try ctl.expect(["ACK", "ERROR"])
        XCTAssertEqual(started["class"]?.string, "ACK")
        let id = try XCTUnwrap(started["session"]?.string)
        for request in [ClientRequest.lap, .pause, .resume, .stop] {
            try ctl.request(request)
            XCTAssertEqual(try ctl.expect(["ACK", "ERROR"])["session"]?.string, id, request.command)
        }
        var kinds: [LiveEvent.Kind] = []
        var lap: LiveEvent?
        while kinds.last != .sessionStopped, let v = try watcher.readReply(classes: ["EVENT"], timeout: 10), let e = LiveEvent(json: v) {
            kinds.append(e.kind)
            if e.kind == .lap, lap == nil { lap = e }
            XCTAssertEqual(e["session"]?.string, id)
        }
        XCTAssertEqual(kinds.filter { $0 != .lap }, [.sessionStarted, .paused, .resumed, .sessionStopped])
        XCTAssertEqual(lap?["index"], .number(1))
        XCTAssertEqual(lap?["trigger"]?.string, "manual")
        try ctl.request(.sessions)
        let listing = try ctl.expect(["SESSIONS", "ERROR"])
        XCTAssertEqual(listing["sessions"]?.array?.first?["id"]?.string, id, "\(listing)")
        XCTAssertEqual(listing["sessions"]?.array?.first?["activity"]?.string, "walk")
    }

    func testPacerctlHumanOutputFollowsConfigAndFlags() throws {
        let daemon = try DaemonProcess(config: "[recording]\nunits = imperial\n[display]\nclock = 12\n[unattended]\nauto_start = off\n")
        defer { daemon.stop(); daemon.removeDirectory() }
        let config = daemon.directory.appendingPathComponent("pacer.conf").path
        let start = try BuiltBinaries.run("pacerctl", ["start", "ride", "--socket", daemon.socketPath])
        XCTAssertEqual(start.status, 0, start.stderr)
        XCTAssertTrue(start.stdoutText.hasPrefix("ok: start (session "), start.stdoutText)
        let imperial = try BuiltBinaries.run("pacerctl", ["status", "--socket", daemon.socketPath, "--config", config])
        XCTAssertEqual(imperial.status, 0, imperial.stderr)
        XCTAssertTrue(imperial.stdoutText.contains(" mi   lap 1"), imperial.stdoutText)
        XCTAssertTrue(imperial.stdoutText.contains(" mph"), imperial.stdoutText)
        XCTAssertTrue(imperial.stdoutText.range(of: #"^time +\d{1,2}:\d\d:\d\d [AP]M\n"#, options: .regularExpression) != nil, imperial.stdoutText)
        let metric = try BuiltBinaries.run("pacerctl", ["status", "--socket", daemon.socketPath, "--config", config,
                                                        "--units", "metric", "--clock", "24"])
        XCTAssertTrue(metric.stdoutText.contains(" km   lap 1"), metric.stdoutText)
        XCTAssertTrue(metric.stdoutText.range(of: #"^time +\d\d:\d\d:\d\d\n"#, options: .regularExpression) != nil, metric.stdoutText)
        let json = try BuiltBinaries.run("pacerctl", ["status", "--socket", daemon.socketPath, "--json"])
        XCTAssertEqual(LiveState(json: try JSONValue.parse(Array(json.stdout)))?.session?.activity, .ride)
    }

    func testSIGHUPReloadsTheConfig() throws {
        let daemon = try DaemonProcess(config: "[socket]\nwatch_public = no\n")
        defer { daemon.stop(); daemon.removeDirectory() }
        try "[socket]\nwatch_public = yes\n".write(to: daemon.directory.appendingPathComponent("pacer.conf"), atomically: true, encoding: .utf8)
        kill(daemon.process.processIdentifier, SIGHUP)
        let deadline = Date().addingTimeInterval(10)
        while !daemon.log.contains("configuration reloaded"), Date() < deadline { usleep(20_000) }
        XCTAssertTrue(daemon.log.contains("configuration reloaded"), daemon.log)
        // A broken file keeps the running configuration, and the daemon keeps running.
        try "[socket]\nwatch_public = perhaps\n".write(to: daemon.directory.appendingPathComponent("pacer.conf"), atomically: true, encoding: .utf8)
        kill(daemon.process.processIdentifier, SIGHUP)
        while !daemon.log.contains("reload failed"), Date() < deadline.addingTimeInterval(10) { usleep(20_000) }
        XCTAssertTrue(daemon.log.contains("pacer.conf:2"), daemon.log)
        XCTAssertNotNil(LiveState(json: try { let c = try daemon.connect(); try c.request(.status); return try c.expect(["STATE"]) }()))
    }
}

/// Runs a tool to completion and returns its status and output.
func runTool(_ path: String, _ arguments: [String], environment: [String: String]? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: path)
    p.arguments = arguments
    if let environment { p.environment = environment }
    let errURL = FileManager.default.temporaryDirectory.appendingPathComponent("tool-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: errURL) }
    let err = try FileHandle(forWritingTo: errURL)
    let out = Pipe()
    p.standardOutput = out
    p.standardError = err
    p.standardInput = FileHandle.nullDevice
    try p.run()
    try err.close()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return (p.terminationStatus, String(decoding: data, as: UTF8.self), (try? String(contentsOf: errURL, encoding: .utf8)) ?? "")
}

/// The service manager's end of NOTIFY_SOCKET: a bound datagram socket.
final class DatagramReceiver {
    let fd: Int32
    init(path: String) throws {
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { dst in
            for (i, b) in path.utf8.enumerated() { dst[i] = b }
        }
        let r = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard r == 0 else { throw DaemonTestError("bind \(path): errno \(errno)") }
    }
    deinit { close(fd) }

    func receive(timeout: Double) -> String? {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&p, 1, Int32(timeout * 1000)) == 1 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = recv(fd, &buffer, buffer.count, 0)
        return n > 0 ? String(decoding: buffer[0..<n], as: UTF8.self) : nil
    }
}
