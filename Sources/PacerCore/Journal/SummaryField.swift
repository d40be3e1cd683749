/// One field of a format 3 session summary or lap/split (`SessionSummaryCodec`): each is a row
/// in `SessionSummaryCodec.sessionFields` or `segmentFields`, read by encoder, decoder and docs.
///
/// An id's low two bits are its shape, so a reader skips an id it does not know: 0 a zigzag
/// varint, 1 a float64 (bit-exact), 2 a count then that many float64, 3 a byte length then
/// that many bytes (nested records: the laps and splits).
public struct SummaryField<Target>: Sendable {
    public enum Value: Sendable {
        case double(get: @Sendable (Target) -> Double?, set: @Sendable (inout Target, Double) -> Void)
        case integer(get: @Sendable (Target) -> Int?, set: @Sendable (inout Target, Int) -> Void)
        case doubles(get: @Sendable (Target) -> [Double]?, set: @Sendable (inout Target, [Double]) -> Void)
        case segments(get: @Sendable (Target) -> [SegmentSummary], set: @Sendable (inout Target, [SegmentSummary]) -> Void)
        /// Milliseconds since 1970 as a zigzag varint (shape 0): outside `JournalFormat.recordedTimes`
        /// the record is damage.
        case time(get: @Sendable (Target) -> UTCTime?, set: @Sendable (inout Target, UTCTime) -> Void)

        var shape: UInt64 {
            switch self { case .integer, .time: 0; case .double: 1; case .doubles: 2; case .segments: 3 }
        }
    }

    public let id: UInt64
    public let name: String
    public let value: Value

    public init(_ id: UInt64, _ name: String, _ value: Value) {
        precondition(id & 3 == value.shape, "field \(name): an id's low two bits are its shape")
        self.id = id
        self.name = name
        self.value = value
    }
}
