/// What a stick adds after a received data message's 8 bytes when lib config (0x6E) asked for
/// it: a flag byte, then the sender's channel id (flag 0x80), the signal strength (0x40: a
/// measurement type, RSSI and threshold in dBm) and the stick's receive time (0x20: 1/32768 s),
/// in that order. A wildcard channel learns whom it hears from the channel id.
public struct ANTExtendedData: Equatable, Sendable {
    public static let channelIDFlag: UInt8 = 0x80
    public static let rssiFlag: UInt8 = 0x40
    public static let timestampFlag: UInt8 = 0x20

    public var channelID: ANTChannelID?
    /// Received signal strength in dBm.
    public var rssi: Int8?
    /// The search threshold in dBm that came with the RSSI.
    public var rssiThreshold: Int8?
    /// Receive time in 1/32768 s, wrapping every 2 s.
    public var timestamp: UInt16?

    /// The RSSI measurement type a stick sends before the value.
    static let rssiMeasurementType: UInt8 = 0x20

    var bytes: [UInt8] {
        var flags: UInt8 = 0
        var out: [UInt8] = [0]
        if let id = channelID { flags |= Self.channelIDFlag; out += id.bytes }
        if let rssi {
            flags |= Self.rssiFlag
            out += [Self.rssiMeasurementType, UInt8(bitPattern: rssi), UInt8(bitPattern: rssiThreshold ?? 0)]
        }
        if let t = timestamp { flags |= Self.timestampFlag; out += [UInt8(t & 0xFF), UInt8(t >> 8)] }
        out[0] = flags
        return out
    }

}

extension ANTExtendedData {
    /// Reads the flag byte and the fields it announces; nil when the bytes do not hold them.
    init?(bytes b: ArraySlice<UInt8>) {
        self.init()
        guard let flags = b.first else { return nil }
        var i = b.startIndex + 1
        func take(_ n: Int) -> ArraySlice<UInt8>? {
            guard b.endIndex - i >= n else { return nil }
            defer { i += n }
            return b[i..<(i + n)]
        }
        if flags & Self.channelIDFlag != 0 {
            guard let id = take(4) else { return nil }
            channelID = ANTChannelID(bytes: id)
        }
        if flags & Self.rssiFlag != 0 {
            guard let r = take(3) else { return nil }
            rssi = Int8(bitPattern: r[r.startIndex + 1])
            rssiThreshold = Int8(bitPattern: r[r.startIndex + 2])
        }
        if flags & Self.timestampFlag != 0 {
            guard let t = take(2) else { return nil }
            timestamp = UInt16(t[t.startIndex]) | UInt16(t[t.startIndex + 1]) << 8
        }
    }
}
