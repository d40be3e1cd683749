/// One field a format 3 sample can carry: the single table the sample encoder, decoder and
/// `docs/journal.md` read. Adding a field (say barometric altitude) is one row here and one
/// property on `SessionSample`.
///
/// An id's low two bits are its shape, so a reader skips an id it does not know:
/// 0 one zigzag varint, 1 two zigzag varints, 2 a list of at most 64 zigzag values (a head
/// varint holding the count in bits 0...2, 7 meaning the count − 7 follows as a varint, and the
/// first value's zigzag above them; then the other values), 3 reserved (a reader stops: the
/// sample is malformed).
public struct JournalSampleField: Sendable {
    public enum Shape: UInt64, Sendable { case scalar = 0, pair = 1, list = 2 }

    /// How the field maps onto `SessionSample`, quantized to integers (`scale` units per unit).
    public enum Value: Sendable {
        case number(scale: Double, get: @Sendable (SessionSample) -> Double?, set: @Sendable (inout SessionSample, Double) -> Void)
        /// A whole number that must lie in `range` (a decoded value outside it is damage).
        case integer(range: ClosedRange<Int64>, get: @Sendable (SessionSample) -> Int?, set: @Sendable (inout SessionSample, Int) -> Void)
        /// Latitude and longitude in 1e-7 degrees, present together.
        case position
        /// The RR intervals since the previous sample, 1/1024 s, each a delta from the previous RR.
        case rrIntervals
    }

    public let id: UInt64
    public let name: String
    /// Stored as the change of the previous step: monotone or steadily moving values
    /// (distance, position, steps) then take one byte.
    public let secondOrder: Bool
    public let value: Value

    public var shape: Shape {
        switch value {
        case .number, .integer: .scalar
        case .position: .pair
        case .rrIntervals: .list
        }
    }

    /// Every field, in encoding order. Ids are never reused; a retired field keeps its row's id.
    public static let table: [JournalSampleField] = [
        JournalSampleField(id: 0, name: "distance, cm", secondOrder: true,
                           value: .number(scale: 100, get: { $0.distanceMeters }, set: { $0.distanceMeters = $1 })),
        JournalSampleField(id: 5, name: "position, 1e-7 degrees", secondOrder: true, value: .position),
        JournalSampleField(id: 8, name: "altitude MSL, cm", secondOrder: false,
                           value: .number(scale: 100, get: { $0.altitudeMSL }, set: { $0.altitudeMSL = $1 })),
        JournalSampleField(id: 12, name: "speed, cm/s", secondOrder: false,
                           value: .number(scale: 100, get: { $0.speed }, set: { $0.speed = $1 })),
        JournalSampleField(id: 16, name: "heart rate, bpm", secondOrder: false,
                           value: .integer(range: 0...999, get: { $0.heartRate }, set: { $0.heartRate = $1 })),
        JournalSampleField(id: 22, name: "RR intervals, 1/1024 s", secondOrder: false, value: .rrIntervals),
        JournalSampleField(id: 24, name: "cadence, 0.1/min", secondOrder: false,
                           value: .number(scale: 10, get: { $0.cadence }, set: { $0.cadence = $1 })),
        JournalSampleField(id: 28, name: "steps", secondOrder: true,
                           value: .integer(range: -0x7FFF_FFFE...0x7FFF_FFFE, get: { $0.steps }, set: { $0.steps = $1 })),
        JournalSampleField(id: 32, name: "power, W", secondOrder: false,
                           value: .integer(range: 0...65535, get: { $0.power }, set: { $0.power = $1 })),
    ]

    /// What the decoder needs of each row, in table order, apart from its setter: the shape
    /// and quantization every value's walk reads (a walk that keeps nothing then copies no
    /// closure, and no row's name or getter is copied per value).
    enum Kind {
        case number(scale: Double, secondOrder: Bool)
        case integer(range: ClosedRange<Int64>, secondOrder: Bool)
        case position
        case rrIntervals
    }

    static let kinds: [Kind] = table.map { field in
        switch field.value {
        case let .number(scale, _, _): .number(scale: scale, secondOrder: field.secondOrder)
        case let .integer(range, _, _): .integer(range: range, secondOrder: field.secondOrder)
        case .position: .position
        case .rrIntervals: .rrIntervals
        }
    }

    /// Each row's setter, in table order, for a walk that keeps the values (position and RR
    /// intervals the decoder sets itself).
    enum Setter {
        case number(@Sendable (inout SessionSample, Double) -> Void)
        case integer(@Sendable (inout SessionSample, Int) -> Void)
        case none
    }

    static let setters: [Setter] = table.map { field in
        switch field.value {
        case let .number(_, _, set): .number(set)
        case let .integer(_, _, set): .integer(set)
        case .position, .rrIntervals: .none
        }
    }

    static let rows = FieldRows(ids: table.map(\.id))
}
