/// One number of a session's summary or of a lap/split: a row of `SessionSummary.metrics` or
/// `SegmentSummary.metrics`, which the summary JSON, the journal's summary codec, the human
/// summary, the FIT and TCX exporters, the report page and docs/journal.md all read.
/// Adding a metric is its property, its computation in `SessionEngine`, one row and its test.
public struct SessionMetric<Target>: Sendable {
    /// How the value is read and set, by the shape its journal field has (an id's low two bits):
    /// 0 a zigzag varint, 1 a float64 (bit-exact), 2 a count then that many float64, 3 a byte
    /// length then that many bytes (nested records: the laps and splits).
    public enum Value: Sendable {
        case double(get: @Sendable (Target) -> Double?, set: @Sendable (inout Target, Double) -> Void)
        case integer(get: @Sendable (Target) -> Int?, set: @Sendable (inout Target, Int) -> Void)
        case doubles(get: @Sendable (Target) -> [Double]?, set: @Sendable (inout Target, [Double]) -> Void)
        case segments(get: @Sendable (Target) -> [SegmentSummary], set: @Sendable (inout Target, [SegmentSummary]) -> Void)
        /// Milliseconds since 1970 as a zigzag varint (shape 0): outside `JournalFormat.recordedTimes`
        /// the record is damage.
        case time(get: @Sendable (Target) -> UTCTime?, set: @Sendable (inout Target, UTCTime) -> Void)
        /// UTF-8 text (shape 3: its byte length, then the bytes), at most `maximumTextBytes`.
        case text(get: @Sendable (Target) -> String?, set: @Sendable (inout Target, String) -> Void)

        var shape: UInt64 {
            switch self { case .integer, .time: 0; case .double: 1; case .doubles: 2; case .segments, .text: 3 }
        }
    }

    /// How the summary JSON writes it (`nil` values as null, never left out).
    public enum JSON: Sendable {
        /// A double with `decimals`, an integer as it is.
        case number(String, decimals: Int? = nil)
        case time(String)
        case numbers(String, decimals: Int)
        /// A ride's cadence is the crank's (`_rpm`), a run's or walk's the steps' (`_spm`): both keys, one null.
        case cadence(String, decimals: Int)
        /// An integer field that is 1 or absent, written true or false.
        case flag(String)
        case segments(String)
        case string(String)
        /// A workout's steps: an array of objects (`WorkoutStepSummary.writeJSON`).
        case workoutSteps(String)
        /// Left out, not null, while the value is nil: a field only some sessions have (a
        /// workout's), whose null would change what every other session has always printed.
        indirect case whenPresent(JSON)

        /// The keys this form writes, in order: one, or a cadence's two.
        public var keys: [String] {
            switch self {
            case let .number(key, _), let .time(key), let .numbers(key, _), let .flag(key), let .segments(key), let .string(key),
                 let .workoutSteps(key): [key]
            case let .cadence(key, _): [key + "_spm", key + "_rpm"]
            case let .whenPresent(inner): inner.keys
            }
        }
    }

    /// Its field in format 3 summaries: `id` says the shape in its low two bits and is never
    /// reused; `order` is where the encoder writes it among the others (as format 3 has always
    /// written them, so journals stay byte for byte what they were; a new field takes the next).
    public struct Journal: Sendable {
        public let id: UInt64
        public let order: Int
    }

    /// Lines of the human summary (`humanText`): a label and its value, nil to leave the line out.
    public struct Line: Sendable {
        public let label: String
        public let value: @Sendable (Target, UnitSystem) -> String?
    }

    /// Its field in a FIT message (the session message's for a `SessionSummary` row, the lap
    /// message's for a `SegmentSummary` row) with the base type and scale the FIT profile gives.
    /// FIT counts a run's cadence per leg (`perLeg`): a run's or walk's is halved.
    public struct FIT: Sendable {
        public let field: FITMessageWriter.Field
        public let scale: Double
        public let perLeg: Bool

        public init(_ number: UInt8, _ type: FITMessageWriter.BaseType, scale: Double = 1, perLeg: Bool = false) {
            field = (number, type)
            self.scale = scale
            self.perLeg = perLeg
        }
    }

    /// Its element in a TCX lap (`SegmentSummary` rows): plain with `decimals`, a heart rate
    /// (`<X><Value>bpm</Value></X>`, 1-255), a ride's crank cadence (0-254; a run's has no lap
    /// element), or whole watts in the lap's `ns3:LX` extension.
    public struct TCX: Sendable {
        public enum Form: Sendable { case decimals(Int), heartRate, rideCadence, watts }
        public let element: String
        public let form: Form
        public init(_ element: String, _ form: Form) {
            self.element = element
            self.form = form
        }
    }

    /// Its place on the report page: a tile for a `SessionSummary` row, a column of the laps and
    /// splits tables for a `SegmentSummary` row. A nil value leaves the tile out (a cell shows `--`).
    public struct Column: Sendable {
        /// Where it stands among the tiles or the table's columns.
        public let place: Int
        public let label: @Sendable (Activity) -> String
        public let value: @Sendable (Target, Activity, MeasurementFormatter) -> String?

        public init(_ place: Int, _ label: String, value: @escaping @Sendable (Target, Activity, MeasurementFormatter) -> String?) {
            self.init(place, label: { _ in label }, value: value)
        }

        public init(_ place: Int, label: @escaping @Sendable (Activity) -> String,
                    value: @escaping @Sendable (Target, Activity, MeasurementFormatter) -> String?) {
            self.place = place
            self.label = label
            self.value = value
        }

        /// The columns of `table`'s rows, in their places.
        public static func of(_ table: [SessionMetric]) -> [Column] { table.compactMap(\.column).sorted { $0.place < $1.place } }
    }

    /// The longest text a row stores: a name is a label (a course's is at most 100 characters).
    public static var maximumTextBytes: Int { 1024 }

    /// Its name in docs/journal.md's field tables.
    public let name: String
    public let value: Value
    public let json: JSON?
    public let journal: Journal?
    public let lines: [Line]
    public let fit: FIT?
    public let tcx: TCX?
    public let column: Column?

    public init(_ name: String, _ value: Value, json: JSON?, journal: (id: UInt64, order: Int)? = nil, lines: [Line] = [],
                fit: FIT? = nil, tcx: TCX? = nil, column: Column? = nil) {
        precondition(journal.map { $0.id & 3 == value.shape } ?? true, "metric \(name): a journal id's low two bits are its shape")
        self.name = name
        self.value = value
        self.json = json
        self.journal = journal.map { Journal(id: $0.id, order: $0.order) }
        self.lines = lines
        self.fit = fit
        self.tcx = tcx
        self.column = column
    }

    /// Copies into `target` every value `source` has under the same name (the rows a session and
    /// a lap share): a session seen as its one lap.
    static func copy<Source>(_ source: Source, _ sourceTable: [SessionMetric<Source>], into target: inout Target, _ table: [SessionMetric]) {
        for row in table {
            guard let from = sourceTable.first(where: { $0.name == row.name }) else { continue }
            switch (from.value, row.value) {
            case let (.double(get, _), .double(_, set)): if let v = get(source) { set(&target, v) }
            case let (.integer(get, _), .integer(_, set)): if let v = get(source) { set(&target, v) }
            case let (.time(get, _), .time(_, set)): if let v = get(source) { set(&target, v) }
            case let (.text(get, _), .text(_, set)): if let v = get(source) { set(&target, v) }
            default: continue
            }
        }
    }

    /// The JSON keys the row writes (none without a JSON form).
    public var keys: [String] { json?.keys ?? [] }

    /// The rows of `table` the journal stores, in the order the encoder writes them.
    static func journalFields(_ table: [SessionMetric]) -> [SessionMetric] {
        table.filter { $0.journal != nil }.sorted { $0.journal!.order < $1.journal!.order }
    }
}
