/// An Environmental Sensing Elevation value (characteristic 0x2A6C): sint24 in 0.01 m, the
/// sensor's own altitude. Decoded and logged; Pacer computes altitude from pressure itself.
public struct EnvironmentalElevation: Equatable, Sendable {
    public static let characteristic: UInt16 = 0x2A6C

    public let centimetres: Int32

    public var metres: Double { Double(centimetres) / 100 }

    public init(bytes: [UInt8]) throws(GATTDecodingError) {
        var reader = try GATTBytes(value: bytes)
        centimetres = try reader.int24("elevation")
        try reader.end()
    }
}
