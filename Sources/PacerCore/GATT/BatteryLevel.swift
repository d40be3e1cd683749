/// A Battery Level value (characteristic 0x2A19, Battery Service): one byte, 0-100 %.
public struct BatteryLevel: Equatable, Sendable {
    public static let characteristic: UInt16 = 0x2A19

    public let percent: UInt8

    public init(bytes: [UInt8]) throws(GATTDecodingError) {
        guard !bytes.isEmpty else { throw .empty }
        guard bytes[0] <= 100 else { throw .outOfRange(field: "battery level", value: Int(bytes[0])) }
        guard bytes.count == 1 else { throw .unexpectedTrailingBytes(offset: 1, count: bytes.count - 1) }
        percent = bytes[0]
    }
}
