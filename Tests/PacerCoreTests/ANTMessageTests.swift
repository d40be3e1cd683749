import XCTest
@testable import PacerCore

/// Every ANT message encodes to a frame that decodes to itself, and the channel setup sequence
/// checks each answer as a stick gives it.
final class ANTMessageTests: XCTestCase {
    static let all: [ANTMessage] = [
        .resetSystem, .startup(reason: 0x20), .setNetworkKey(network: 0, key: ANTMessage.antPlusNetworkKey),
        .assignChannel(channel: 1, type: 0, network: 0),
        .channelID(channel: 1, ANTChannelID(deviceNumber: 0x3039, deviceType: 120, transmissionType: 0x51, pairing: true)),
        .channelPeriod(channel: 1, period: 8182), .rfFrequency(channel: 1, offset: 57), .searchTimeout(channel: 1, units: 12),
        .openChannel(channel: 1), .closeChannel(channel: 1), .libConfig(flags: 0xC0), .requestMessage(channel: 0, id: 0x54),
        .capabilities(maxChannels: 8, maxNetworks: 8, options: [0, 0xBA, 0x36, 0]),
        .channelEvent(channel: 1, messageID: 0x4B, code: .responseNoError),
        .channelEvent(channel: 1, messageID: 1, code: .rxFail), .channelEvent(channel: 2, messageID: 0x4B, code: .channelInWrongState),
        .broadcastData(channel: 0, page: [4, 1, 2, 3, 4, 5, 6, 7], extended: nil),
        .broadcastData(channel: 0, page: [4, 1, 2, 3, 4, 5, 6, 7],
                       extended: ANTExtendedData(channelID: ANTChannelID(deviceNumber: 1234, deviceType: 120, transmissionType: 1))),
        .broadcastData(channel: 3, page: [0x10, 1, 2, 3, 4, 5, 6, 7],
                       extended: ANTExtendedData(channelID: ANTChannelID(deviceNumber: 99, deviceType: 11, transmissionType: 5),
                                                 rssi: -62, rssiThreshold: -96, timestamp: 0xBEEF)),
        .serialError(code: 0), .other(ANTFrame(id: 0x3E, payload: [1, 2, 3])),
    ]

    func testEveryMessageRoundTrips() {
        for m in Self.all {
            var framer = ANTFramer()
            let frames = framer.frames(m.bytesToWrite)
            XCTAssertEqual(frames, [m.frame], "\(m)")
            XCTAssertEqual(ANTMessage(m.frame), m, "\(m)")
        }
    }

    /// Extended data as a stick sends it: flag 0x80, device number 0x04D2 little-endian, type, transmission type.
    func testExtendedBroadcastBytes() throws {
        let payload: [UInt8] = [0, 4, 1, 2, 3, 4, 5, 6, 7, 0x80, 0xD2, 0x04, 0x78, 0x01]
        guard case .broadcastData(let channel, let page, let ext)? = ANTMessage(ANTFrame(id: 0x4E, payload: payload)) else {
            return XCTFail("not broadcast data")
        }
        XCTAssertEqual(channel, 0)
        XCTAssertEqual(page, [4, 1, 2, 3, 4, 5, 6, 7])
        let id = try XCTUnwrap(ext?.channelID)
        XCTAssertEqual(id.deviceNumber, 1234)
        XCTAssertEqual(id.deviceType, 120)
        XCTAssertEqual(id.transmissionType, 1)
        XCTAssertNil(ext?.rssi)
        // Flags announcing RSSI without its bytes: not a message.
        XCTAssertNil(ANTMessage(ANTFrame(id: 0x4E, payload: [0, 4, 1, 2, 3, 4, 5, 6, 7, 0x40, 0x20])))
        XCTAssertNil(ANTMessage(ANTFrame(id: 0x40, payload: [0, 1])))
        XCTAssertEqual(ANTChannelID(deviceNumber: 0x1234, deviceType: 11, transmissionType: 0x25).extendedDeviceNumber, 0x21234)
    }

    func testTheSetupSequenceChecksEachAnswer() {
        let hr = ANTDeviceProfile.forDeviceType(120)!
        var setup = ANTChannelSetup(channel: 2, profile: hr)
        XCTAssertEqual(setup.messages.map { $0.frame.id }, [0x46, 0x6E, 0x42, 0x51, 0x43, 0x45, 0x44, 0x4B])
        XCTAssertEqual(setup.messages[3], .channelID(channel: 2, ANTChannelID(deviceType: 120)))
        XCTAssertEqual(setup.messages[4], .channelPeriod(channel: 2, period: 8070))
        XCTAssertEqual(setup.messages[5], .rfFrequency(channel: 2, offset: 57))
        // The network key's answer names the network (0), lib config's channel 0.
        XCTAssertEqual(setup.handle(.broadcastData(channel: 0, page: Array(repeating: 0, count: 8), extended: nil)), .unrelated)
        XCTAssertEqual(setup.handle(.channelEvent(channel: 0, messageID: 0x46, code: .responseNoError)), .accepted(next: setup.messages[1]))
        XCTAssertEqual(setup.handle(.channelEvent(channel: 0, messageID: 0x6E, code: .responseNoError)), .accepted(next: setup.messages[2]))
        // Another channel's answer to the same command is not ours.
        XCTAssertEqual(setup.handle(.channelEvent(channel: 1, messageID: 0x42, code: .responseNoError)), .unrelated)
        XCTAssertEqual(setup.handle(.channelEvent(channel: 2, messageID: 0x42, code: .channelInWrongState)),
                       .refused(setup.messages[2], .channelInWrongState))
        XCTAssertEqual(ANTEventCode.channelInWrongState.description, "CHANNEL_IN_WRONG_STATE")
        XCTAssertEqual(ANTEventCode(rawValue: 0x77).description, "code 0x77")
        XCTAssertTrue(ANTEventCode.channelInWrongState.isError)
        XCTAssertFalse(ANTEventCode.rxFailGoToSearch.isError)
        for m in setup.messages[2...] {
            XCTAssertEqual(setup.handle(.channelEvent(channel: 2, messageID: m.frame.id, code: .responseNoError)), .accepted(next: setup.current))
        }
        XCTAssertNil(setup.current)
        XCTAssertEqual(ANTChannelSetup.answer(to: .resetSystem, in: .startup(reason: 0x20)), .responseNoError)
        XCTAssertNil(ANTChannelSetup.answer(to: .resetSystem, in: .channelEvent(channel: 0, messageID: 0x4A, code: .responseNoError)))
    }
}
