import Foundation
import Glibc
import XCTest
import PacerCore
import PacerSystem

/// pacerd's gpsd-compatible port with gpsd's own clients (gpspipe, Python's `gps` module) and
/// with hostile ones: what they receive equals what `pacerctl fixes` decodes from the same
/// receiver bytes, and a bad client never stops recording or the other clients.
final class DaemonGPSDCompatTests: XCTestCase {
    private func requireTool(_ path: String) throws {
        guard FileManager.default.isExecutableFile(atPath: path) else { throw MissingPrerequisite.error("\(path) is missing (scripts/install-deps)") }
    }

    func testGpspipeReceivesTheFixesThatPacerctlFixesDecodes() throws {
        try requireTool("/usr/bin/gpspipe")
        let h = try GPSDCompatHarness()
        defer { h.stop() }
        let out = try runTool("/usr/bin/timeout", ["30", "/usr/bin/gpspipe", "-w", "-n", "24", "127.0.0.1:\(h.port)"])
        let lines = out.split(whereSeparator: \.isNewline).map(String.init)
        let bytes = h.stop()
        XCTAssertEqual(lines.count, 24, out)
        let reports = try lines.map { try JSONValue.parse($0) }
        XCTAssertEqual(reports.prefix(3).map { $0["class"]?.string }, ["VERSION", "DEVICES", "WATCH"], out)
        XCTAssertEqual(reports[0]["proto_major"]?.number, 3)
        XCTAssertEqual(reports[2]["enable"]?.bool, true)
        XCTAssertEqual(reports[1]["devices"]?.array?.first?["bps"]?.number, 38400)
        let tpvs = reports.filter { $0["class"]?.string == "TPV" && $0["time"] != nil }
        XCTAssertGreaterThanOrEqual(tpvs.count, 15, out)
        XCTAssertTrue(reports.contains { $0["class"]?.string == "SKY" && $0["uSat"]?.number == 12 && $0["hdop"]?.number == 0.7 }, out)
        let fixes = try h.fixesOfTheSameInput(bytes)
        for tpv in tpvs { GPSDCompatHarness.assertTPV(tpv, equals: fixes) }
        // Every fix in between reached the client, in order, each once (a 5 Hz receiver: 0.2 s apart).
        let times = tpvs.compactMap { $0["time"]?.string.flatMap { UTCTime(rfc3339: $0) }?.millisecondsSinceEpoch }
        XCTAssertEqual(zip(times, times.dropFirst()).map { $1 - $0 }, Array(repeating: 200, count: times.count - 1))
        print("gpspipe -w -n 24 127.0.0.1:\(h.port) (pacerd):\n" + out)
    }

    func testPythonGpsModuleReadsTheSameFixes() throws {
        try requireTool("/usr/bin/python3")
        guard (try? runTool("/usr/bin/python3", ["-c", "import gps"])) != nil else {
            throw MissingPrerequisite.error("Debian's python3-gps is not installed (scripts/install-deps)")
        }
        let h = try GPSDCompatHarness()
        defer { h.stop() }
        // The library's own session object, as a gpsd client program uses it.
        let script = """
        import gps, json, math, sys
        session = gps.gps(host="127.0.0.1", port=sys.argv[1], mode=gps.WATCH_ENABLE | gps.WATCH_JSON)
        seen = 0
        for report in session:
            if report["class"] != "TPV" or "time" not in report.keys():
                continue
            f = session.fix
            fields = {"time": report["time"], "mode": f.mode, "lat": f.latitude, "lon": f.longitude,
                      "altHAE": f.altHAE, "altMSL": f.altMSL, "speed": f.speed, "track": f.track}
            print(json.dumps({k: v for k, v in fields.items() if not (isinstance(v, float) and math.isnan(v))}))
            seen += 1
            if seen == 10:
                break
        """
        let out = try runTool("/usr/bin/timeout", ["30", "/usr/bin/python3", "-c", script, String(h.port)])
        let bytes = h.stop()
        let tpvs = try out.split(separator: "\n").map { try JSONValue.parse(String($0)) }
        XCTAssertEqual(tpvs.count, 10, out)
        let fixes = try h.fixesOfTheSameInput(bytes)
        for tpv in tpvs { GPSDCompatHarness.assertTPV(tpv, equals: fixes) }
    }

    func testPollDevicesVersionAndWatchOff() throws {
        let h = try GPSDCompatHarness()
        defer { h.stop() }
        let c = try h.connect()
        try c.send(Array("?WATCH={\"enable\":true,\"json\":true};\n".utf8))
        XCTAssertEqual(try c.expect(["DEVICES"])["devices"]?.array?.first?["driver"]?.string, "NMEA0183")
        XCTAssertEqual(try c.expect(["WATCH"])["json"]?.bool, true)
        // Under load an epoch's RMC can reach the decoder before its GGA: a 2D report may come
        // first; a 3D one follows within the epoch.
        var tpv = try c.expect(["TPV"])
        for _ in 0..<20 where tpv["mode"]?.number != 3 { tpv = try c.expect(["TPV"]) }
        XCTAssertEqual(tpv["mode"]?.number, 3)
        try c.send(Array("?WATCH={\"enable\":false};?POLL;?VERSION;\n".utf8))
        XCTAssertEqual(try c.expect(["WATCH"])["enable"]?.bool, false)
        let poll = try c.expect(["POLL"])
        XCTAssertEqual(poll["active"]?.number, 1)
        XCTAssertTrue([2, 3].contains(poll["tpv"]?.array?.first?["mode"]?.number ?? 0), "\(poll)")
        XCTAssertNotNil(poll["tpv"]?.array?.first?["lat"])
        XCTAssertNotNil(poll["sky"]?.array?.first?["uSat"])
        XCTAssertEqual(try c.expect(["VERSION"])["proto_minor"]?.number, 14)
        // Watching is off: nothing but replies to requests arrives any more.
        XCTAssertNil(try c.readLine(timeout: 1.5).flatMap { String(decoding: $0, as: UTF8.self) }.flatMap { $0.contains("TPV") ? $0 : nil })
    }

    // MARK: bad clients

    /// A good client's TPVs keep coming and the session keeps recording while `misbehave` runs.
    private func assertServingAndRecording(_ h: GPSDCompatHarness, while misbehave: () throws -> Void) throws {
        let control = try h.daemon.connect()
        try control.request(.watch(enable: true))
        let before = try control.waitForState(timeout: 30) { ($0.session?.elapsedSeconds ?? 0) >= 2 }
        let good = try h.connect()
        try good.send(Array("?WATCH={\"enable\":true,\"json\":true}\n".utf8))
        _ = try good.expect(["TPV"])
        try misbehave()
        var times: [String] = []
        while times.count < 10 { times.append(try XCTUnwrap(good.expect(["TPV"])["time"]?.string)) }
        XCTAssertEqual(Set(times).count, 10, "fresh fixes: \(times)")
        let after = try control.waitForState(timeout: 15) { ($0.session?.elapsedSeconds ?? 0) >= (before.session?.elapsedSeconds ?? 0) + 3 }
        XCTAssertEqual(after.session?.id, before.session?.id)
        XCTAssertGreaterThan(after.session?.distanceMeters ?? 0, before.session?.distanceMeters ?? 0)
        XCTAssertTrue(h.daemon.process.isRunning)
    }

    func testAClientSendingGarbageGetsErrorsAndHurtsNoOne() throws {
        let h = try GPSDCompatHarness()
        defer { h.stop() }
        let bad = try h.connect()
        try assertServingAndRecording(h) {
            var noise = [UInt8]()
            var seed: UInt32 = 12345
            for _ in 0..<20_000 { seed = seed &* 1_103_515_245 &+ 12345; noise.append(UInt8(truncatingIfNeeded: seed >> 16)) }
            for _ in 0..<20 { try bad.send(noise) }
            try bad.send(Array("\nhello\n?FOO;\n?WATCH={\"enable\":tru};\n".utf8))
            XCTAssertEqual(try bad.expect(["ERROR"])["class"]?.string, "ERROR")
        }
        // Still connected and understood after all that.
        try bad.send(Array("\n?POLL;\n".utf8))
        XCTAssertEqual(try bad.expect(["POLL"])["active"]?.number, 1)
    }

    func testAOneMegabyteLineIsRefusedOnce() throws {
        let h = try GPSDCompatHarness()
        defer { h.stop() }
        let big = try h.connect()
        try assertServingAndRecording(h) {
            let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 64 * 1024)
            try big.send(Array("?WATCH={\"device\":\"".utf8))
            for _ in 0..<16 { try big.send(chunk) }
            try big.send(Array("\"}\n?POLL;\n".utf8))
            XCTAssertEqual(try big.expect(["ERROR", "POLL"])["message"]?.string, "request too long (limit 4096 bytes)")
            XCTAssertEqual(try big.expect(["ERROR", "POLL"])["class"]?.string, "POLL")
        }
        XCTAssertTrue(h.daemon.process.isRunning)
    }

    func testAClientThatNeverReadsIsDropped() throws {
        let h = try GPSDCompatHarness()
        defer { h.stop() }
        let stalled = try h.connect(readGreeting: false)
        var small: Int32 = 4096
        setsockopt(stalled.fd, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        try assertServingAndRecording(h) {
            // Watching, and asking for a POLL thousands of times, without ever reading a byte.
            try stalled.send(Array("?WATCH={\"enable\":true}\n".utf8) + Array(String(repeating: "?POLL;", count: 500).utf8) + [0x0A])
            let deadline = Date().addingTimeInterval(20)
            while !h.daemon.log.contains("not reading"), Date() < deadline {
                try? stalled.send(Array(String(repeating: "?POLL;", count: 600).utf8) + [0x0A])
                usleep(50_000)
            }
        }
        XCTAssertTrue(h.daemon.log.contains("gpsd-compatible client") && h.daemon.log.contains("not reading"), h.daemon.log)
    }

    private func runTool(_ path: String, _ arguments: [String]) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = arguments
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw DaemonTestError("\(path) \(arguments.prefix(3)) exited \(p.terminationStatus): \(String(decoding: data, as: UTF8.self))") }
        return String(decoding: data, as: UTF8.self)
    }
}
