/// An Environmental Sensing Pressure value (characteristic 0x2A6D, service 0x181A): uint32 in
/// 0.1 Pa. Every pressure reading travels in this form, also one from a Linux IIO sensor, so
/// replay and the journal see one input whatever the source.
public struct EnvironmentalPressure: Equatable, Sendable {
    public static let characteristic: UInt16 = 0x2A6D

    /// Pressure in tenths of a pascal, as sent.
    public let decipascals: UInt32

    public var pascals: Double { Double(decipascals) / 10 }

    public init(bytes: [UInt8]) throws(GATTDecodingError) {
        var reader = try GATTBytes(value: bytes)
        decipascals = try reader.uint32("pressure")
        try reader.end()
        // Below 100 hPa (16 km up) or above 1200 hPa no athlete breathes: a broken sensor.
        guard (100_000...1_200_000 as ClosedRange<UInt32>).contains(decipascals) else {
            throw .outOfRange(field: "pressure (0.1 Pa)", value: Int(decipascals))
        }
    }

    public init(pascals: Double) {
        decipascals = UInt32(clamping: (pascals * 10).clampedInt64())
    }

    /// The payload a sensor sends for this value.
    public var bytes: [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: decipascals >> (8 * $0)) } }
}
