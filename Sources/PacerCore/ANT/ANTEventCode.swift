/// The code of a channel response or event (message 0x40). A struct over the byte, not an enum:
/// a stick may send codes newer than this list, and a receiver must still say which.
public struct ANTEventCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let responseNoError = ANTEventCode(rawValue: 0x00)
    /// The search found no device in the search timeout: the channel closes (an event 0x07 follows).
    public static let rxSearchTimeout = ANTEventCode(rawValue: 0x01)
    /// A channel period passed without the expected message: a drop-out, the channel stays tracking.
    public static let rxFail = ANTEventCode(rawValue: 0x02)
    public static let tx = ANTEventCode(rawValue: 0x03)
    public static let transferRxFailed = ANTEventCode(rawValue: 0x04)
    public static let transferTxCompleted = ANTEventCode(rawValue: 0x05)
    public static let transferTxFailed = ANTEventCode(rawValue: 0x06)
    /// The channel closed (asked for, or after a search timeout): it must be opened again.
    public static let channelClosed = ANTEventCode(rawValue: 0x07)
    /// Too many drop-outs: the channel went back to searching for the device.
    public static let rxFailGoToSearch = ANTEventCode(rawValue: 0x08)
    public static let channelCollision = ANTEventCode(rawValue: 0x09)
    public static let channelInWrongState = ANTEventCode(rawValue: 0x15)
    public static let channelNotOpened = ANTEventCode(rawValue: 0x16)
    public static let channelIDNotSet = ANTEventCode(rawValue: 0x18)
    public static let closeAllChannels = ANTEventCode(rawValue: 0x19)
    public static let messageSizeExceedsLimit = ANTEventCode(rawValue: 0x27)
    public static let invalidMessage = ANTEventCode(rawValue: 0x28)
    public static let invalidNetworkNumber = ANTEventCode(rawValue: 0x29)
    public static let invalidParameterProvided = ANTEventCode(rawValue: 0x33)
    public static let serialQueueOverflow = ANTEventCode(rawValue: 0x34)
    public static let queueOverflow = ANTEventCode(rawValue: 0x35)

    private static let names: [UInt8: String] = [
        0x00: "RESPONSE_NO_ERROR", 0x01: "EVENT_RX_SEARCH_TIMEOUT", 0x02: "EVENT_RX_FAIL", 0x03: "EVENT_TX",
        0x04: "EVENT_TRANSFER_RX_FAILED", 0x05: "EVENT_TRANSFER_TX_COMPLETED", 0x06: "EVENT_TRANSFER_TX_FAILED",
        0x07: "EVENT_CHANNEL_CLOSED", 0x08: "EVENT_RX_FAIL_GO_TO_SEARCH", 0x09: "EVENT_CHANNEL_COLLISION",
        0x15: "CHANNEL_IN_WRONG_STATE", 0x16: "CHANNEL_NOT_OPENED", 0x18: "CHANNEL_ID_NOT_SET",
        0x19: "CLOSE_ALL_CHANNELS", 0x27: "MESSAGE_SIZE_EXCEEDS_LIMIT", 0x28: "INVALID_MESSAGE",
        0x29: "INVALID_NETWORK_NUMBER", 0x33: "INVALID_PARAMETER_PROVIDED", 0x34: "EVENT_SERIAL_QUE_OVERFLOW",
        0x35: "EVENT_QUE_OVERFLOW",
    ]

    /// The name the ANT documents use, so a log line can be looked up; unknown codes in hex.
    public var description: String {
        Self.names[rawValue] ?? "code 0x" + GATTBytes.hex(rawValue)
    }

    /// Codes 0x10 and above are refusals and faults; below are a success and the RF events.
    public var isError: Bool { rawValue >= 0x10 }
}
