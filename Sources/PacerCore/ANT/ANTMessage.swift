/// The ANT messages a receiver exchanges with its stick, as values: `frame` encodes one,
/// `init?(_ frame:)` decodes one (ANT Message Protocol and Usage, section 9).
public enum ANTMessage: Equatable, Sendable {
    /// The ANT+ managed network key: the one key every ANT+ device listens with.
    public static let antPlusNetworkKey: [UInt8] = [0xB9, 0xA5, 0x21, 0xFB, 0xBD, 0x72, 0xC3, 0x45]
    /// 2457 MHz, the ANT+ frequency (2400 + 57).
    public static let antPlusFrequency: UInt8 = 57
    /// Channel type 0x00: a bidirectional slave, the receiver's side of an ANT+ channel.
    public static let receiveChannelType: UInt8 = 0x00
    /// The message id of a channel event (rather than a response to a command) in 0x40.
    public static let rfEventMessageID: UInt8 = 0x01

    case resetSystem
    /// The stick (re)started; bits of `reason` say why (0: power on, 0x20 a reset command).
    case startup(reason: UInt8)
    case setNetworkKey(network: UInt8, key: [UInt8])
    case assignChannel(channel: UInt8, type: UInt8, network: UInt8)
    case channelID(channel: UInt8, ANTChannelID)
    /// Messages per 32768 s: 8070 is 4.06 Hz, the heart-rate profile's rate.
    case channelPeriod(channel: UInt8, period: UInt16)
    /// Offset from 2400 MHz.
    case rfFrequency(channel: UInt8, offset: UInt8)
    /// Search time in units of 2.5 s (255: never time out).
    case searchTimeout(channel: UInt8, units: UInt8)
    case openChannel(channel: UInt8)
    case closeChannel(channel: UInt8)
    /// Which extended data the stick appends to received data (`ANTExtendedData` flags).
    case libConfig(flags: UInt8)
    case requestMessage(channel: UInt8, id: UInt8)
    /// The stick's answer to a request for 0x54: channels and networks it has, option bytes.
    case capabilities(maxChannels: UInt8, maxNetworks: UInt8, options: [UInt8])
    /// A response to the command `messageID` or, when `messageID` is 1, an RF event.
    case channelEvent(channel: UInt8, messageID: UInt8, code: ANTEventCode)
    /// 8 data bytes (an ANT+ data page) and, when lib config asked for it, the extended data.
    case broadcastData(channel: UInt8, page: [UInt8], extended: ANTExtendedData?)
    case serialError(code: UInt8)
    /// Any other message, kept whole.
    case other(ANTFrame)

    /// The frame for this message.
    public var frame: ANTFrame {
        switch self {
        case .resetSystem: ANTFrame(id: ANTMessageID.resetSystem.rawValue, payload: [0])
        case .startup(let r): ANTFrame(id: ANTMessageID.startup.rawValue, payload: [r])
        case .setNetworkKey(let n, let key): ANTFrame(id: ANTMessageID.setNetworkKey.rawValue, payload: [n] + key)
        case .assignChannel(let c, let t, let n): ANTFrame(id: ANTMessageID.assignChannel.rawValue, payload: [c, t, n])
        case .channelID(let c, let id): ANTFrame(id: ANTMessageID.channelID.rawValue, payload: [c] + id.bytes)
        case .channelPeriod(let c, let p):
            ANTFrame(id: ANTMessageID.channelPeriod.rawValue, payload: [c, UInt8(p & 0xFF), UInt8(p >> 8)])
        case .rfFrequency(let c, let f): ANTFrame(id: ANTMessageID.rfFrequency.rawValue, payload: [c, f])
        case .searchTimeout(let c, let u): ANTFrame(id: ANTMessageID.searchTimeout.rawValue, payload: [c, u])
        case .openChannel(let c): ANTFrame(id: ANTMessageID.openChannel.rawValue, payload: [c])
        case .closeChannel(let c): ANTFrame(id: ANTMessageID.closeChannel.rawValue, payload: [c])
        case .libConfig(let f): ANTFrame(id: ANTMessageID.libConfig.rawValue, payload: [0, f])
        case .requestMessage(let c, let id): ANTFrame(id: ANTMessageID.requestMessage.rawValue, payload: [c, id])
        case .capabilities(let ch, let nw, let options):
            ANTFrame(id: ANTMessageID.capabilities.rawValue, payload: [ch, nw] + options)
        case .channelEvent(let c, let m, let code): ANTFrame(id: ANTMessageID.channelEvent.rawValue, payload: [c, m, code.rawValue])
        case .broadcastData(let c, let page, let ext):
            ANTFrame(id: ANTMessageID.broadcastData.rawValue, payload: [c] + page + (ext?.bytes ?? []))
        case .serialError(let code): ANTFrame(id: ANTMessageID.serialError.rawValue, payload: [code])
        case .other(let f): f
        }
    }

    /// The bytes to write to a stick: the frame and GoldenCheetah's padding.
    public var bytesToWrite: [UInt8] { frame.bytes(padding: ANTFrame.hostPadding) }

    /// The channel a channel message concerns; nil for system messages.
    public var channel: UInt8? {
        switch self {
        case .assignChannel(let c, _, _), .channelID(let c, _), .channelPeriod(let c, _), .rfFrequency(let c, _),
             .searchTimeout(let c, _), .openChannel(let c), .closeChannel(let c), .requestMessage(let c, _),
             .channelEvent(let c, _, _), .broadcastData(let c, _, _): c
        default: nil
        }
    }
}
