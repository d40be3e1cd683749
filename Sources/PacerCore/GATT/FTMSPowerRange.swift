/// Supported Power Range (characteristic 0x2AD8, FTMS 1.0, 4.14): the targets a trainer takes.
/// Minimum and maximum power sint16 W, minimum increment uint16 W. Pacer clamps what it asks for
/// into it: a trainer answers a target outside with "invalid parameter" and holds the old one.
public struct FTMSPowerRange: Equatable, Sendable {
    public static let characteristic: UInt16 = 0x2AD8

    public let minimum: Int16
    public let maximum: Int16
    public let increment: UInt16

    public init(minimum: Int16, maximum: Int16, increment: UInt16) {
        self.minimum = minimum
        self.maximum = maximum
        self.increment = increment
    }

    public init(bytes: [UInt8]) throws(GATTDecodingError) {
        var reader = try GATTBytes(value: bytes)
        minimum = try reader.int16("minimum power")
        maximum = try reader.int16("maximum power")
        increment = try reader.uint16("minimum increment")
        try reader.end()
        guard minimum <= maximum else { throw .outOfRange(field: "maximum power", value: Int(maximum)) }
    }

    /// `watts` inside the range, on its increment's grid (counted from the minimum).
    public func clamp(_ watts: Int) -> Int {
        let low = Int(minimum), high = Int(maximum)
        let inside = min(high, max(low, watts))
        guard increment > 1 else { return inside }
        let step = Int(increment)
        let snapped = low + (inside - low + step / 2) / step * step
        return snapped > high ? snapped - step : snapped
    }
}
