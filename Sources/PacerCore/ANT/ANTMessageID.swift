/// The ANT serial message ids a receiver sends or handles (ANT Message Protocol and Usage, 9.5).
public enum ANTMessageID: UInt8, Sendable, CaseIterable {
    /// Host to stick: configuration.
    case assignChannel = 0x42
    case channelPeriod = 0x43
    case searchTimeout = 0x44
    case rfFrequency = 0x45
    case setNetworkKey = 0x46
    case resetSystem = 0x4A
    case openChannel = 0x4B
    case closeChannel = 0x4C
    case requestMessage = 0x4D
    case channelID = 0x51
    case libConfig = 0x6E
    /// Stick to host.
    case channelEvent = 0x40
    case broadcastData = 0x4E
    case acknowledgedData = 0x4F
    case capabilities = 0x54
    case startup = 0x6F
    case serialError = 0xAE
}
