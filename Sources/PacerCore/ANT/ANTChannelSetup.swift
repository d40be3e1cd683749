/// The configuration sequence that opens a receive channel for one ANT+ profile, and the check
/// of each answer: pacerd sends a message, waits for its response, sends the next. Each command
/// is answered by a channel response (0x40) naming the command's id with RESPONSE_NO_ERROR or
/// an error code; a reset is answered by the startup message instead.
public struct ANTChannelSetup: Sendable {
    /// What an answer means for the message waiting for one.
    public enum Step: Equatable, Sendable {
        /// The awaited message was accepted: send `next`, or the channel is open (nil).
        case accepted(next: ANTMessage?)
        /// The stick refused the awaited message with `code`.
        case refused(ANTMessage, ANTEventCode)
        /// Not an answer to the awaited message (data, another channel's events).
        case unrelated
    }

    public let messages: [ANTMessage]
    /// Index in `messages` of the one awaiting its answer; `messages.count` once all were accepted.
    public private(set) var position = 0

    /// Search time in 2.5 s units: 30 s, then the stick reports a timeout and closes the channel.
    public static let defaultSearchTimeout: UInt8 = 12

    /// The sequence for `channel` listening for `profile`: the ANT+ network key on `network`, lib
    /// config (extended data with the sender's channel id and RSSI) when `extendedData`, assign as
    /// a receiver, channel id (device number 0 and transmission type 0 are wildcards), period,
    /// frequency 57, search timeout, open.
    public init(channel: UInt8, profile: ANTDeviceProfile, deviceNumber: UInt16 = 0, transmissionType: UInt8 = 0,
                network: UInt8 = 0, searchTimeout: UInt8 = defaultSearchTimeout, extendedData: Bool = true) {
        var m: [ANTMessage] = [.setNetworkKey(network: network, key: ANTMessage.antPlusNetworkKey)]
        if extendedData { m.append(.libConfig(flags: ANTExtendedData.channelIDFlag | ANTExtendedData.rssiFlag)) }
        m += [.assignChannel(channel: channel, type: ANTMessage.receiveChannelType, network: network),
              .channelID(channel: channel, ANTChannelID(deviceNumber: deviceNumber, deviceType: profile.deviceType,
                                                        transmissionType: transmissionType)),
              .channelPeriod(channel: channel, period: profile.period),
              .rfFrequency(channel: channel, offset: ANTMessage.antPlusFrequency),
              .searchTimeout(channel: channel, units: searchTimeout),
              .openChannel(channel: channel)]
        messages = m
    }

    /// The sequence that opens again a channel the stick closed (search timeout, or closed for a
    /// silence): still assigned and configured, it needs only whom to look for, and open.
    public init(reopening channel: UInt8, id: ANTChannelID) {
        messages = [.channelID(channel: channel, id), .openChannel(channel: channel)]
    }

    /// The message to send now; nil once the channel is open.
    public var current: ANTMessage? { position < messages.count ? messages[position] : nil }

    /// Takes a message from the stick.
    public mutating func handle(_ reply: ANTMessage) -> Step {
        guard let awaited = current, let code = Self.answer(to: awaited, in: reply) else { return .unrelated }
        if code != .responseNoError { return .refused(awaited, code) }
        position += 1
        return .accepted(next: current)
    }

    /// The code with which `reply` answers `request`, nil when it does not answer it. The
    /// response to a network key names the network in its channel byte, lib config channel 0.
    public static func answer(to request: ANTMessage, in reply: ANTMessage) -> ANTEventCode? {
        if case .resetSystem = request {
            if case .startup = reply { return .responseNoError }
            return nil
        }
        guard case .channelEvent(let channel, let id, let code) = reply, id == request.frame.id else { return nil }
        switch request {
        case .setNetworkKey(let network, _): return channel == network ? code : nil
        case .libConfig: return code
        default: return channel == request.channel ? code : nil
        }
    }
}
