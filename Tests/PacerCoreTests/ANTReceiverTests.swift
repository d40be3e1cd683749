import XCTest
@testable import PacerCore

/// The receiver's decisions, fed frames and time by hand: reset and set-up one message at a
/// time, pairing with the first device heard (or the configured one), a silent device searched
/// again with its number, a stick that does not answer or refuses reported and reset later.
final class ANTReceiverTests: XCTestCase {
    let t0 = MonotonicInstant(nanoseconds: 1_000_000_000_000)
    func at(_ s: Double) -> MonotonicInstant { t0.advanced(bySeconds: s) }

    /// What a stick answers to a message: startup to reset, a channel response to the rest.
    static func answer(_ m: ANTMessage, code: ANTEventCode = .responseNoError) -> ANTFrame? {
        switch m {
        case .resetSystem: return ANTMessage.startup(reason: 0x20).frame
        case .requestMessage: return nil
        case .setNetworkKey(let network, _): return ANTMessage.channelEvent(channel: network, messageID: m.frame.id, code: code).frame
        default: return ANTMessage.channelEvent(channel: m.channel ?? 0, messageID: m.frame.id, code: code).frame
        }
    }

    static func sent(_ out: [ANTReceiverOutput]) -> [ANTMessage] {
        out.compactMap { (o: ANTReceiverOutput) -> ANTMessage? in if case .send(let m) = o { return m } else { return nil } }
    }

    static func statuses(_ out: [ANTReceiverOutput]) -> [ANTSensorStatus] {
        out.compactMap { (o: ANTReceiverOutput) -> ANTSensorStatus? in if case .sensor(let s) = o { return s } else { return nil } }
    }

    /// Answers every message the receiver sends until it sends none; returns everything sent.
    func configure(_ r: inout ANTReceiver, at now: MonotonicInstant) -> [ANTMessage] {
        var all: [ANTMessage] = []
        var pending = Self.sent(r.start(at: now))
        while let m = pending.first {
            pending.removeFirst()
            all.append(m)
            if let reply = Self.answer(m) { pending += Self.sent(r.receive(reply, at: now)) }
        }
        return all
    }

    static func hrPage(_ count: UInt8, bpm: UInt8 = 150) -> [UInt8] {
        [0, 0xFF, 0xFF, 0xFF] + [UInt8(truncatingIfNeeded: Int(count) * 400), UInt8(truncatingIfNeeded: Int(count) * 400 >> 8), count, bpm]
    }

    static func broadcast(_ ch: UInt8, _ page: [UInt8], number: UInt16, type: UInt8 = 120) -> ANTFrame {
        ANTMessage.broadcastData(channel: ch, page: page, extended: ANTExtendedData(
            channelID: ANTChannelID(deviceNumber: number, deviceType: type, transmissionType: 1), rssi: -60, rssiThreshold: -96)).frame
    }

    func testSetsUpEveryChannelThenPairsWithTheFirstDeviceHeard() throws {
        var r = ANTReceiver(requests: [.init(deviceType: 120), .init(deviceType: 11)])
        let sent = configure(&r, at: at(0))
        XCTAssertEqual(sent.first, .resetSystem)
        XCTAssertEqual(sent.filter { if case .openChannel = $0 { return true } else { return false } }, [.openChannel(channel: 0), .openChannel(channel: 1)])
        XCTAssertEqual(sent.count, 1 + 8 + 8)
        XCTAssertNil(r.nextDeadline, "nothing awaited once every channel is open")
        XCTAssertEqual(r.statuses.map(\.state), [.searching, .searching])

        let out = r.receive(Self.broadcast(0, Self.hrPage(1), number: 12120), at: at(1))
        let status = try XCTUnwrap(Self.statuses(out).last)
        XCTAssertEqual(status.deviceNumber, 12120)
        XCTAssertEqual(status.transmissionType, 1)
        XCTAssertEqual(status.state, .tracking)
        XCTAssertEqual(status.kind, .heartRate)
        XCTAssertEqual(status.rssi, -60)
        let readings = out.compactMap { (o: ANTReceiverOutput) -> (ANTReading, SensorKind)? in if case .reading(let reading, let kind) = o { return (reading, kind) } else { return nil } }
        XCTAssertEqual(readings.count, 1)
        XCTAssertEqual(readings.first?.1, .heartRate)
        guard case .heartRate(let m)? = readings.first?.0.measurement else { return XCTFail("not a heart rate") }
        XCTAssertEqual(m.beatsPerMinute, 150)
        // The next page only changes the RSSI: no new status.
        let again = r.receive(Self.broadcast(0, Self.hrPage(2), number: 12120), at: at(2))
        XCTAssertEqual(Self.statuses(again), [])
        XCTAssertEqual(r.nextDeadline, at(2 + ANTReceiver.silenceSeconds))
    }

    func testAPinnedChannelIgnoresOtherDevices() {
        var r = ANTReceiver(requests: [.init(deviceType: 120, deviceNumber: 777)])
        let sent = configure(&r, at: at(0))
        XCTAssertTrue(sent.contains(.channelID(channel: 0, ANTChannelID(deviceNumber: 777, deviceType: 120))))
        XCTAssertEqual(r.receive(Self.broadcast(0, Self.hrPage(1), number: 12120), at: at(1)), [])
        XCTAssertEqual(r.counters[.otherDevices], 1)
        XCTAssertEqual(Self.statuses(r.receive(Self.broadcast(0, Self.hrPage(1), number: 777), at: at(1))).map(\.state), [.tracking])
    }

    func testASilentDeviceIsSearchedAgainWithItsNumber() {
        var r = ANTReceiver(requests: [.init(deviceType: 120)])
        _ = configure(&r, at: at(0))
        _ = r.receive(Self.broadcast(0, Self.hrPage(1), number: 4242), at: at(1))
        XCTAssertEqual(r.tick(at: at(5)), [])
        let out = r.tick(at: at(1 + ANTReceiver.silenceSeconds))
        XCTAssertEqual(Self.statuses(out).map(\.state), [.lost])
        XCTAssertEqual(Self.sent(out), [.closeChannel(channel: 0)])
        XCTAssertEqual(r.counters[.silences], 1)
        // The close's response, then the event: the channel opens again, for the same device.
        XCTAssertEqual(r.receive(ANTMessage.channelEvent(channel: 0, messageID: 0x4C, code: .responseNoError).frame, at: at(12)), [])
        let closed = r.receive(ANTMessage.channelEvent(channel: 0, messageID: 1, code: .channelClosed).frame, at: at(12))
        XCTAssertEqual(Self.sent(closed), [.channelID(channel: 0, ANTChannelID(deviceNumber: 4242, deviceType: 120, transmissionType: 1))])
        let open = r.receive(Self.answer(Self.sent(closed)[0])!, at: at(12))
        XCTAssertEqual(Self.sent(open), [.openChannel(channel: 0)])
        XCTAssertEqual(r.receive(Self.answer(.openChannel(channel: 0))!, at: at(12)), [])
        XCTAssertEqual(Self.statuses(r.receive(Self.broadcast(0, Self.hrPage(9), number: 4242), at: at(13))).map(\.state), [.tracking])
    }

    func testDropOutEventsMarkTheDeviceLostUntilItIsHeardAgain() {
        var r = ANTReceiver(requests: [.init(deviceType: 120)])
        _ = configure(&r, at: at(0))
        _ = r.receive(Self.broadcast(0, Self.hrPage(1), number: 4242), at: at(1))
        XCTAssertEqual(r.receive(ANTMessage.channelEvent(channel: 0, messageID: 1, code: .rxFail).frame, at: at(2)), [])
        let lost = r.receive(ANTMessage.channelEvent(channel: 0, messageID: 1, code: .rxFailGoToSearch).frame, at: at(3))
        XCTAssertEqual(Self.statuses(lost).map(\.state), [.lost])
        XCTAssertEqual(r.statuses.first?.deviceNumber, 4242, "the pairing is kept")
        XCTAssertEqual(Self.statuses(r.receive(Self.broadcast(0, Self.hrPage(5), number: 4242), at: at(9))).map(\.state), [.tracking])
    }

    func testAStickThatDoesNotAnswerIsReportedAndResetAgain() {
        var r = ANTReceiver(requests: [.init(deviceType: 120)])
        XCTAssertEqual(Self.sent(r.start(at: at(0))), [.resetSystem])
        XCTAssertEqual(r.nextDeadline, at(ANTReceiver.answerSeconds))
        let out = r.tick(at: at(2))
        XCTAssertEqual(out.last, .problem("no answer to resetSystem within 2 s", retrySeconds: 1))
        XCTAssertEqual(r.nextDeadline, at(3))
        XCTAssertEqual(Self.sent(r.tick(at: at(3))), [.resetSystem])
        // The second failure waits twice as long.
        XCTAssertEqual(r.tick(at: at(5)).last, .problem("no answer to resetSystem within 2 s", retrySeconds: 2))
        XCTAssertEqual(r.counters[.stickFailures], 2)
    }

    func testARefusalIsReportedByNameAndTheStickResetLater() {
        var r = ANTReceiver(requests: [.init(deviceType: 120)])
        var pending = Self.sent(r.start(at: at(0)))
        var out: [ANTReceiverOutput] = []
        while let m = pending.first {
            pending.removeFirst()
            let code: ANTEventCode = { if case .assignChannel = m { return .channelInWrongState } else { return .responseNoError } }()
            guard let reply = Self.answer(m, code: code) else { continue }
            out = r.receive(reply, at: at(0))
            pending += Self.sent(out)
        }
        XCTAssertEqual(out.last, .problem("assignChannel (channel 0) refused: CHANNEL_IN_WRONG_STATE", retrySeconds: 1))
        XCTAssertEqual(Self.sent(r.tick(at: at(1))), [.resetSystem])
    }

    func testAnUnplugLosesEveryChannelAndKeepsThePairing() {
        var r = ANTReceiver(requests: [.init(deviceType: 120), .init(deviceType: 11)])
        _ = configure(&r, at: at(0))
        _ = r.receive(Self.broadcast(0, Self.hrPage(1), number: 4242), at: at(1))
        XCTAssertEqual(Self.statuses(r.stickLost()).map(\.state), [.lost, .lost])
        XCTAssertNil(r.nextDeadline)
        let again = configure(&r, at: at(5))
        XCTAssertTrue(again.contains(.channelID(channel: 0, ANTChannelID(deviceNumber: 4242, deviceType: 120, transmissionType: 1))))
        XCTAssertTrue(again.contains(.channelID(channel: 1, ANTChannelID(deviceType: 11))))
    }

    func testAStickWithoutExtendedDataIsAskedWhomItHears() {
        var r = ANTReceiver(requests: [.init(deviceType: 120)])
        _ = configure(&r, at: at(0))
        let out = r.receive(ANTMessage.broadcastData(channel: 0, page: Self.hrPage(1), extended: nil).frame, at: at(1))
        XCTAssertEqual(Self.sent(out), [.requestMessage(channel: 0, id: 0x51)])
        XCTAssertEqual(Self.sent(r.receive(ANTMessage.broadcastData(channel: 0, page: Self.hrPage(2), extended: nil).frame, at: at(2))), [])
        let id = r.receive(ANTMessage.channelID(channel: 0, ANTChannelID(deviceNumber: 321, deviceType: 120, transmissionType: 1)).frame, at: at(2))
        XCTAssertEqual(Self.statuses(id).map(\.deviceNumber), [321])
    }

    func testJunkMessagesAreCountedNeverFatal() {
        var r = ANTReceiver(requests: [.init(deviceType: 120)])
        _ = configure(&r, at: at(0))
        XCTAssertEqual(r.receive(ANTFrame(id: 0x4E, payload: [0, 1]), at: at(1)), [])
        XCTAssertEqual(r.receive(ANTMessage.broadcastData(channel: 7, page: Self.hrPage(1), extended: nil).frame, at: at(1)), [])
        XCTAssertEqual(r.receive(ANTMessage.serialError(code: 0).frame, at: at(1)), [])
        XCTAssertEqual(r.counters[.undecodableMessages], 1)
        XCTAssertEqual(r.counters[.serialErrors], 1)
    }

    func testRequestsFollowTheConfig() throws {
        let config = try PacerConfig(parsing: "[sensors]\nheart_rate = ant:12345\npower = 00:22:D0:AA:BB:01\nant = auto\n", file: "t")
        XCTAssertEqual(config.antStick, "auto")
        XCTAssertEqual(ANTReceiver.requests(config: config), [
            .init(deviceType: 120, deviceNumber: 12345), .init(deviceType: 121), .init(deviceType: 122), .init(deviceType: 123),
            .init(deviceType: 124),
        ])
        XCTAssertThrowsError(try PacerConfig(parsing: "[sensors]\nheart_rate = ant:0\n", file: "t"))
        XCTAssertThrowsError(try PacerConfig(parsing: "[sensors]\nant = ttyUSB0\n", file: "t"))
    }
}

/// STATE's sensor entry: `transport` and `device_number` written, and an entry from an older
/// pacerd (neither field) read as a BLE sensor.
final class LiveSensorStateTransportTests: XCTestCase {
    func testTransportAndDeviceNumberRoundTripAndDefaultToBLE() throws {
        var ant = LiveSensorState(kind: .power, address: "ant:12011", name: "ANT+ bike power", state: .connected)
        ant.transport = .ant
        ant.deviceNumber = 12011
        var w = JSONWriter()
        ant.write(into: &w)
        let text = String(decoding: w.bytes, as: UTF8.self)
        XCTAssertTrue(text.contains("\"transport\":\"ant\",\"device_number\":12011"), text)
        XCTAssertEqual(LiveSensorState(json: try JSONValue.parse(text)), ant)
        let old = try JSONValue.parse("{\"kind\":\"heart_rate\",\"address\":\"00:22:D0:AA:BB:01\",\"name\":null,\"state\":\"connected\",\"battery_pct\":80}")
        let read = try XCTUnwrap(LiveSensorState(json: old))
        XCTAssertEqual(read.transport, .ble)
        XCTAssertNil(read.deviceNumber)
    }
}
