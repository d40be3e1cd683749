extension ANTMessage {
    /// Decodes a verified frame; nil when the payload is too short for its id (a corrupted or
    /// foreign frame: the caller counts it). Bytes past the fields a message defines are ignored,
    /// as newer sticks append some (a channel event's extra bytes, capabilities' later options).
    public init?(_ frame: ANTFrame) {
        let p = frame.payload
        guard let id = ANTMessageID(rawValue: frame.id) else { self = .other(frame); return }
        func need(_ n: Int) -> Bool { p.count >= n }
        switch id {
        case .resetSystem: self = .resetSystem
        case .startup:
            guard need(1) else { return nil }
            self = .startup(reason: p[0])
        case .setNetworkKey:
            guard need(9) else { return nil }
            self = .setNetworkKey(network: p[0], key: Array(p[1..<9]))
        case .assignChannel:
            guard need(3) else { return nil }
            self = .assignChannel(channel: p[0], type: p[1], network: p[2])
        case .channelID:
            guard need(5) else { return nil }
            self = .channelID(channel: p[0], ANTChannelID(bytes: p[1..<5]))
        case .channelPeriod:
            guard need(3) else { return nil }
            self = .channelPeriod(channel: p[0], period: UInt16(p[1]) | UInt16(p[2]) << 8)
        case .rfFrequency:
            guard need(2) else { return nil }
            self = .rfFrequency(channel: p[0], offset: p[1])
        case .searchTimeout:
            guard need(2) else { return nil }
            self = .searchTimeout(channel: p[0], units: p[1])
        case .openChannel, .closeChannel:
            guard need(1) else { return nil }
            self = id == .openChannel ? .openChannel(channel: p[0]) : .closeChannel(channel: p[0])
        case .libConfig:
            guard need(2) else { return nil }
            self = .libConfig(flags: p[1])
        case .requestMessage:
            guard need(2) else { return nil }
            self = .requestMessage(channel: p[0], id: p[1])
        case .capabilities:
            guard need(2) else { return nil }
            self = .capabilities(maxChannels: p[0], maxNetworks: p[1], options: Array(p[2...]))
        case .channelEvent:
            guard need(3) else { return nil }
            self = .channelEvent(channel: p[0], messageID: p[1], code: ANTEventCode(rawValue: p[2]))
        case .broadcastData, .acknowledgedData:
            // Acknowledged data carries a page as broadcast does; a receiver reads both alike.
            guard need(9) else { return nil }
            var extended: ANTExtendedData?
            if p.count > 9 {
                guard let e = ANTExtendedData(bytes: p[9...]) else { return nil }
                extended = e
            }
            self = .broadcastData(channel: p[0], page: Array(p[1..<9]), extended: extended)
        case .serialError:
            guard need(1) else { return nil }
            self = .serialError(code: p[0])
        }
    }
}
