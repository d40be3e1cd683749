/// One ANT serial message: `A4 length id payload checksum`, the checksum the XOR of every byte
/// before it, sync byte included. The same shape both ways, host to stick and back.
public struct ANTFrame: Equatable, Sendable {
    public static let sync: UInt8 = 0xA4

    public var id: UInt8
    public var payload: [UInt8]

    public init(id: UInt8, payload: [UInt8]) {
        self.id = id
        self.payload = payload
    }

    /// The bytes on the wire; `padding` zero bytes follow the checksum. GoldenCheetah pads each
    /// write with 5 zeros (so a write is never shorter than 12 bytes, which some USB-serial
    /// bridges need before they forward it); the stick skips bytes between frames.
    public func bytes(padding: Int = 0) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(payload.count + 4 + max(0, padding))
        out.append(ANTFrame.sync)
        out.append(UInt8(truncatingIfNeeded: payload.count))
        out.append(id)
        out.append(contentsOf: payload)
        var sum: UInt8 = 0
        for b in out { sum ^= b }
        out.append(sum)
        if padding > 0 { out.append(contentsOf: repeatElement(0, count: padding)) }
        return out
    }

    /// What GoldenCheetah appends to every write.
    public static let hostPadding = 5
}
