/// An Environmental Sensing Temperature value (characteristic 0x2A6E): sint16 in 0.01 degC.
public struct EnvironmentalTemperature: Equatable, Sendable {
    public static let characteristic: UInt16 = 0x2A6E

    public let centidegrees: Int16

    public var celsius: Double { Double(centidegrees) / 100 }

    public init(bytes: [UInt8]) throws(GATTDecodingError) {
        var reader = try GATTBytes(value: bytes)
        centidegrees = try reader.int16("temperature")
        try reader.end()
        // 0x8000 is the specification's "value is not known".
        guard centidegrees != Int16.min else { throw .outOfRange(field: "temperature (0.01 degC)", value: Int(centidegrees)) }
    }

    public init(celsius: Double) {
        centidegrees = Int16(max(-32767, min(32767, (celsius * 100).clampedInt64())))
    }

    public var bytes: [UInt8] { [UInt8(truncatingIfNeeded: centidegrees), UInt8(truncatingIfNeeded: centidegrees >> 8)] }
}
