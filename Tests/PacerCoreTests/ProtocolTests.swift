import XCTest
@testable import PacerCore

final class ProtocolTests: XCTestCase {
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    private func frame(_ framer: inout RequestLineFramer, _ chunks: [String]) -> [FramedRequestLine] {
        var out: [FramedRequestLine] = []
        for chunk in chunks { framer.push(Array(chunk.utf8)) { out.append($0) } }
        return out
    }

    func testVersionGreetingBytes() {
        XCTAssertEqual(text(ServerReply.version(release: "0.1.0", major: 1, minor: 0).line),
                       "{\"class\":\"VERSION\",\"release\":\"0.1.0\",\"proto_major\":1,\"proto_minor\":0}\n")
    }

    func testAckAndErrorBytes() {
        XCTAssertEqual(text(ServerReply.ack(command: "start", session: "20260301-070000").line),
                       "{\"class\":\"ACK\",\"cmd\":\"start\",\"session\":\"20260301-070000\"}\n")
        XCTAssertEqual(text(ServerReply.error(message: "say \"hi\"\n").line),
                       "{\"class\":\"ERROR\",\"message\":\"say \\\"hi\\\"\\n\"}\n")
    }

    func testFramerSplitsLinesAtAnyBoundary() {
        let stream = "{\"cmd\":\"status\"}\r\n\n{\"cmd\":\"lap\"}\n"
        var whole = RequestLineFramer()
        let expected: [FramedRequestLine] = [.line(Array("{\"cmd\":\"status\"}".utf8)), .line(Array("{\"cmd\":\"lap\"}".utf8))]
        XCTAssertEqual(frame(&whole, [stream]), expected)
        var bytewise = RequestLineFramer()
        XCTAssertEqual(frame(&bytewise, stream.map { String($0) }), expected)
    }

    func testOversizedLineIsReportedOnceAndTheRestDiscarded() {
        var framer = RequestLineFramer(maximumLength: 8)
        let out = frame(&framer, ["12345678\n", "123456789", "abcdefgh", "ij\n{\"a\"}\n", "123456789\n"])
        XCTAssertEqual(out, [.line(Array("12345678".utf8)), .oversized, .line(Array("{\"a\"}".utf8)), .oversized])
        // Exactly the limit plus a CR is fine.
        var crlf = RequestLineFramer(maximumLength: 8)
        XCTAssertEqual(frame(&crlf, ["1234", "5678\r", "\n"]), [.line(Array("12345678".utf8))])
        // Limit + 1 without a newline yet, then the newline: oversized.
        var edge = RequestLineFramer(maximumLength: 8)
        XCTAssertEqual(frame(&edge, ["123456789", "\n", "ok\n"]), [.oversized, .line(Array("ok".utf8))])
    }

    func testRequestsDecode() throws {
        func req(_ s: String) throws -> ClientRequest { try ClientRequest(line: Array(s.utf8)) }
        XCTAssertEqual(try req("{\"cmd\":\"status\"}"), .status)
        XCTAssertEqual(try req(" {\"cmd\":\"watch\",\"enable\":false} "), .watch(enable: false))
        XCTAssertEqual(try req("{\"cmd\":\"watch\"}"), .watch(enable: true))
        XCTAssertEqual(try req("{\"cmd\":\"start\",\"activity\":\"ride\"}"), .start(activity: .ride))
        XCTAssertEqual(try req("{\"cmd\":\"start\"}"), .start(activity: nil))
        for c in ["pause", "resume", "lap", "stop", "sessions", "counters"] {
            XCTAssertEqual(try req("{\"cmd\":\"\(c)\"}").command, c)
        }
        XCTAssertTrue(try req("{\"cmd\":\"stop\"}").isControl)
        XCTAssertFalse(try req("{\"cmd\":\"sessions\"}").isControl)
        XCTAssertFalse(try req("{\"cmd\":\"counters\"}").isControl)
    }

    func testBadRequestsGiveMessages() {
        func message(_ s: String) -> String? {
            do { _ = try ClientRequest(line: Array(s.utf8)); return nil } catch { return error.message }
        }
        XCTAssertEqual(message("{\"cmd\":\"fly\"}"), "unknown command 'fly'")
        XCTAssertEqual(message("[1,2]"), "a request must be a JSON object")
        XCTAssertEqual(message("{\"enable\":true}"), "missing \"cmd\"")
        XCTAssertEqual(message("{\"cmd\":7}"), "\"cmd\" must be a string")
        XCTAssertEqual(message("{\"cmd\":\"watch\",\"enable\":\"yes\"}"), "\"enable\" must be true or false")
        XCTAssertEqual(message("{\"cmd\":\"start\",\"activity\":\"swim\"}"), "\"activity\" must be run, walk, ride, strength or other")
        XCTAssertEqual(message("{\"cmd\":"), "bad JSON: unexpected end at byte 7")
        XCTAssertEqual(message("\u{1}garbage"), "bad JSON: unexpected character at byte 0")
        XCTAssertEqual(message(String(repeating: "[", count: 100)), "bad JSON: nested too deeply at byte 64")
        // Year 0 was taken, and its week printed back as "-1-12-27".
        XCTAssertEqual(message("{\"cmd\":\"goals\",\"date\":\"0000-01-01\"}"), "\"date\" must be a date YYYY-MM-DD")
        XCTAssertNil(message("{\"cmd\":\"goals\",\"date\":\"2026-11-24\"}"))
        XCTAssertEqual(message("{\"cmd\":\"\(String(repeating: "x", count: 40))\"}"),
                       "unknown command '\(String(repeating: "x", count: 32))...'")
    }

    func testRequestLinesRoundTrip() throws {
        let all: [ClientRequest] = [.status, .watch(enable: true), .watch(enable: false), .start(activity: nil),
                                    .start(activity: .walk), .pause, .resume, .lap, .stop, .sessions, .counters]
        for r in all {
            let line = r.line
            XCTAssertEqual(line.last, 0x0A)
            XCTAssertEqual(try ClientRequest(line: line.dropLast()), r)
        }
        XCTAssertEqual(text(ClientRequest.start(activity: .run).line), "{\"cmd\":\"start\",\"activity\":\"run\"}\n")
    }

    /// Each counter of every family has a count of its own (no two keys share one, none lies
    /// outside the storage), an NMEA decoder's counts land in the GPS counters they name, and a
    /// group reads on one line for a command's stderr.
    func testEveryCounterCountsApartAndAGroupReadsOnOneLine() {
        func countsApart<Key: CounterKey>(_: Key.Type) {
            var counts = Counts<Key>()
            for (n, key) in Key.allCases.enumerated() { counts[key] = n + 1 }
            XCTAssertEqual(Key.allCases.map { counts[$0] }, Array(1...Key.allCases.count), "\(Key.self)")
            var sum = counts
            sum.add(counts)
            XCTAssertEqual(Key.allCases.map { sum[$0] }, (1...Key.allCases.count).map { 2 * $0 }, "\(Key.self)")
            XCTAssertNotEqual(sum, counts)
        }
        countsApart(GPSCounter.self)
        countsApart(NMEACounter.self)
        countsApart(RecorderCounter.self)
        countsApart(PositionFilterCounter.self)
        var nmea = NMEACounters()
        nmea[.malformed] = 2
        nmea[.truncated] = 3
        nmea[.missingChecksums] = 4
        var gps = GPSCounters()
        gps.add(nmea)
        var expected = GPSCounters()
        expected[.malformedSentences] = 5
        XCTAssertEqual(gps, expected)
        var recorder = RecorderCounters()
        recorder[.fixes] = 2401
        recorder[.timeJumps] = 2
        XCTAssertEqual(CountersReport.summary(recorder),
                       "fixes 2401, fixes without time 0, fixes out of order 0, time jumps 2, notifications 0, "
                       + "malformed notifications 0, implausible notifications 0, other characteristics 0")
    }

    /// Every counter of the three groups is written, read back and printed; a group or a counter
    /// an older daemon does not send reads as 0.
    func testCountersBytesRoundTripAndText() throws {
        var report = CountersReport()
        report.gps[.bytesRead] = 123_456
        report.gps[.badChecksums] = 3
        report.gps[.rejectedBaudRates] = 2
        report.recorder[.fixes] = 3600
        report.recorder[.implausibleNotifications] = 1
        report.filter[.outliers] = 12
        report.filter[.resets] = 1
        let line = text(report.line)
        XCTAssertTrue(line.hasPrefix(#"{"class":"COUNTERS","gps":{"bytes_read":123456,"sentences":0,"accepted_sentences":0,"bad_checksums":3,"#), line)
        XCTAssertTrue(line.hasSuffix(#""filter":{"accepted":0,"outliers":12,"no_position":0,"duplicates":0,"gaps_bridged":0,"resets":1}}"# + "\n"), line)
        XCTAssertEqual(CountersReport(json: try JSONValue.parse(report.line)), report)
        let older = try JSONValue.parse(Array(#"{"class":"COUNTERS","gps":{"bad_checksums":2,"junk_bytes":-1}}"#.utf8))
        XCTAssertEqual(CountersReport(json: older)?.gps[.badChecksums], 2)
        XCTAssertEqual(CountersReport(json: older)?.gps[.junkBytes], 0)
        XCTAssertEqual(CountersReport(json: older)?.recorder, RecorderCounters())
        XCTAssertNil(CountersReport(json: try JSONValue.parse(Array(#"{"class":"STATE"}"#.utf8))))
        let lines = report.text.split(separator: "\n")
        XCTAssertEqual(lines.count, 3 + GPSCounter.allCases.count + RecorderCounter.allCases.count
                       + PositionFilterCounter.allCases.count)
        XCTAssertTrue(lines.contains("  implausible notifications        1"), report.text)
        XCTAssertTrue(lines.contains("  bytes read                  123456"), report.text)
    }

    func testStateBytesAndRoundTrip() throws {
        let t = UTCTime(year: 2026, month: 3, day: 1, hour: 7, minute: 0, second: 5)!
        let idle = LiveState(time: t, gps: LiveGPSState(source: "file:x.nmea"))
        XCTAssertEqual(text(idle.line),
                       "{\"class\":\"STATE\",\"time\":\"2026-03-01T07:00:05.000Z\",\"session\":null,"
                       + "\"gps\":{\"mode\":0,\"state\":\"no_device\",\"time\":null,\"lat\":null,\"lon\":null,"
                       + "\"alt_msl\":null,\"speed_mps\":null,\"sats_used\":null,\"hdop\":null,\"source\":\"file:x.nmea\"},"
                       + "\"sensors\":[]}\n")
        let busy = LiveState(
            time: t,
            session: LiveSession(id: "s1", state: .autopaused, activity: .run, start: t, elapsedSeconds: 65.5,
                                 movingSeconds: 60, distanceMeters: 201.25, speed: 3.3, paceSecondsPerKilometre: 303,
                                 averagePaceSecondsPerKilometre: 298, lap: 2, heartRate: 151, heartRateZone: 3,
                                 cadence: 172, steps: 180, calories: 12, elevationGain: 3.5),
            gps: LiveGPSState(mode: 3, state: .fix, latitude: 48.1234567, longitude: 11.5, altitudeMSL: 520.3,
                              speed: 3.3, satellitesUsed: 9, hdop: 0.9, time: t, source: "serial:/dev/ttyUSB0"),
            sensors: [LiveSensorState(kind: .heartRate, address: "AA:BB:CC:DD:EE:FF", name: "Polar H10",
                                      state: .connected, batteryPercent: 80)])
        let line = busy.line
        XCTAssertTrue(text(line).contains("\"session\":{\"id\":\"s1\",\"state\":\"autopaused\",\"activity\":\"run\","), text(line))
        XCTAssertTrue(text(line).contains("\"distance_m\":201.3,"), text(line))
        // Every byte of the session and gps objects (written in runs by JSONCursor).
        XCTAssertTrue(text(line).contains(
            "\"session\":{\"id\":\"s1\",\"state\":\"autopaused\",\"activity\":\"run\",\"start\":\"2026-03-01T07:00:05.000Z\","
            + "\"elapsed_s\":65.5,\"moving_s\":60,\"distance_m\":201.3,\"speed_mps\":3.3,\"pace_s_per_km\":303,"
            + "\"avg_pace_s_per_km\":298,\"lap\":2,\"hr\":151,\"hr_zone\":3,\"cadence_spm\":172,\"cadence_rpm\":null,"
            + "\"power_w\":null,\"power_3s_w\":null,\"steps\":180,\"calories_kcal\":12,\"elevation_gain_m\":3.5,"
            + "\"altitude_source\":null},"
            + "\"gps\":{\"mode\":3,\"state\":\"fix\",\"time\":\"2026-03-01T07:00:05.000Z\",\"lat\":48.1234567,\"lon\":11.5,"
            + "\"alt_msl\":520.3,\"speed_mps\":3.3,\"sats_used\":9,\"hdop\":0.9,\"source\":\"serial:/dev/ttyUSB0\"},"), text(line))
        let parsed = try JSONValue.parse(line)
        var expected = busy
        expected.session?.distanceMeters = 201.3
        XCTAssertEqual(LiveState(json: parsed), expected)
        XCTAssertNil(LiveState(json: try JSONValue.parse("{\"class\":\"ACK\"}")))
    }

    func testEventBytesAndRoundTrip() throws {
        let t = UTCTime(year: 2026, month: 3, day: 1, hour: 7, minute: 10, second: 0)!
        let event = LiveEvent(.zoneChanged, time: t, details: [("zone", .number(4)), ("previous", .number(3))])
        XCTAssertEqual(text(event.line),
                       "{\"class\":\"EVENT\",\"type\":\"zone_changed\",\"time\":\"2026-03-01T07:10:00.000Z\",\"zone\":4,\"previous\":3}\n")
        XCTAssertEqual(LiveEvent(json: try JSONValue.parse(event.line)), event)
    }

    func testJSONParserValues() throws {
        let v = try JSONValue.parse("{\"a\":[1,-2.5e1,true,false,null],\"b\":\"\\u00e9\\ud83d\\ude00\\t\"}")
        XCTAssertEqual(v["a"], .array([.number(1), .number(-25), .bool(true), .bool(false), .null]))
        XCTAssertEqual(v["b"]?.string, "é😀\t")
        for bad in ["", "{", "{\"a\" 1}", "[1,]", "01x", "\"\\x\"", "tru", "{\"a\":1}x", "-", "1.", "\"\u{0}\""] {
            XCTAssertThrowsError(try JSONValue.parse(bad), bad)
        }
    }
}

final class AccessPolicyTests: XCTestCase {
    func testControlOnlyForTrustedPeersAndReadingByConfig() {
        let closed = AccessPolicy(daemonUID: 990, controlGroupID: 991, controlGroupName: "pacer", watchPublic: false)
        let root = PeerIdentity(pid: 1, uid: 0, gid: 0)
        let daemonUser = PeerIdentity(pid: 2, uid: 990, gid: 990)
        let memberBySupplementary = PeerIdentity(pid: 3, uid: 1000, gid: 1000, groups: [27, 991])
        let memberByPrimary = PeerIdentity(pid: 4, uid: 1001, gid: 991)
        let stranger = PeerIdentity(pid: 5, uid: 65534, gid: 65534, groups: [65534])
        for peer in [root, daemonUser, memberBySupplementary, memberByPrimary] {
            XCTAssertNil(closed.denial(of: .stop, from: peer))
            XCTAssertNil(closed.denial(of: .watch(enable: true), from: peer))
        }
        XCTAssertEqual(closed.denial(of: .start(activity: nil), from: stranger),
                       "permission denied: control commands ('start') need root, the daemon's user or group pacer")
        XCTAssertEqual(closed.denial(of: .status, from: stranger),
                       "permission denied: reading ('status') need root, the daemon's user or group pacer")
        var open = closed
        open.watchPublic = true
        XCTAssertNil(open.denial(of: .watch(enable: true), from: stranger))
        XCTAssertNil(open.denial(of: .sessions, from: stranger))
        XCTAssertNotNil(open.denial(of: .lap, from: stranger))
        // No such group on the system: only root and the daemon's user control.
        let groupless = AccessPolicy(daemonUID: 990, controlGroupID: nil, controlGroupName: "pacer", watchPublic: false)
        XCTAssertNotNil(groupless.denial(of: .pause, from: memberByPrimary))
        XCTAssertNil(groupless.denial(of: .pause, from: daemonUser))
    }

    func testTheGroupDatabaseIsAskedOnlyWhenItCouldChangeTheAnswer() {
        let policy = AccessPolicy(daemonUID: 990, controlGroupID: 991, controlGroupName: "pacer", watchPublic: false)
        XCTAssertFalse(policy.needsDatabaseGroups(PeerIdentity(pid: 1, uid: 0, gid: 0)))
        XCTAssertFalse(policy.needsDatabaseGroups(PeerIdentity(pid: 2, uid: 990, gid: 990)))
        XCTAssertFalse(policy.needsDatabaseGroups(PeerIdentity(pid: 3, uid: 1000, gid: 1000, groups: [27, 991])))
        XCTAssertFalse(policy.needsDatabaseGroups(PeerIdentity(pid: 4, uid: 1001, gid: 991)))
        // A user added to the group after logging in: only the database knows.
        XCTAssertTrue(policy.needsDatabaseGroups(PeerIdentity(pid: 5, uid: 1002, gid: 1002, groups: [1002])))
        let groupless = AccessPolicy(daemonUID: 990, controlGroupID: nil, controlGroupName: "pacer", watchPublic: false)
        XCTAssertFalse(groupless.needsDatabaseGroups(PeerIdentity(pid: 5, uid: 1002, gid: 1002)))
    }
}
