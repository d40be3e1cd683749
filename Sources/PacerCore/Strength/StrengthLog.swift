/// Every live set of a journal as compact rows (no strings per set), with the exercise names
/// once: what `strength` and `evaluate` read, and what the strength index file stores.
public struct StrengthLog: Sendable {
    public struct Row: Equatable, Sendable {
        public var time: Int64
        public var session: UInt64
        /// Index into `exercises`.
        public var exercise: Int32
        public var number: Int32
        public var reps: Int32
        /// Seconds; −1 when unknown.
        public var rest: Int32
        public var weight: Double
        /// `MuscleGroup.code`, 0 when none.
        public var muscle: UInt8
        /// bpm; 0 when unknown.
        public var heartRateAverage: UInt8
        public var heartRateMax: UInt8
    }

    public private(set) var rows: [Row] = []
    /// Display names (the first spelling seen, or the catalogue's).
    public private(set) var exercises: [String] = []
    private var exerciseIndex: [String: Int32] = [:]

    public init() {}

    /// Adds a set of session `session`.
    public mutating func append(_ set: StrengthSet, session: UInt64) {
        let e = exerciseNumber(set.exercise)
        let muscle = set.effectiveMuscle
        rows.append(Row(time: set.time.millisecondsSinceEpoch, session: session, exercise: e, number: Int32(clamping: set.number),
                        reps: Int32(clamping: set.reps), rest: Int32(clamping: set.restSeconds ?? -1), weight: set.weightKilograms,
                        muscle: muscle?.code ?? 0, heartRateAverage: UInt8(clamping: set.heartRateAverage ?? 0),
                        heartRateMax: UInt8(clamping: set.heartRateMax ?? 0)))
    }

    /// Applies a `set_undo` of session `session`.
    public mutating func undo(number: Int, session: UInt64) {
        if let k = rows.lastIndex(where: { $0.session == session && $0.number == number }) { rows.remove(at: k) }
    }

    /// Drops the sets of deleted sessions.
    public mutating func remove(sessions: Set<UInt64>) {
        guard !sessions.isEmpty else { return }
        rows.removeAll { sessions.contains($0.session) }
    }

    /// Puts the rows in time order (sets appended offline later may be earlier in time).
    public mutating func sortByTime() {
        guard !zip(rows, rows.dropFirst()).allSatisfy({ $0.time <= $1.time }) else { return }
        rows = rows.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }

    /// The number of an exercise name (case-insensitive), added when new.
    mutating func exerciseNumber(_ name: String) -> Int32 {
        let key = ExerciseCatalogue.key(name)
        if let e = exerciseIndex[key] { return e }
        let e = Int32(exercises.count)
        exercises.append(ExerciseCatalogue.lookup(name)?.name ?? name)
        exerciseIndex[key] = e
        return e
    }

    /// The number of an exercise if any set names it.
    public func exercise(named name: String) -> Int32? { exerciseIndex[ExerciseCatalogue.key(name)] }

    /// The set a row holds.
    public func set(_ r: Row) -> StrengthSet {
        StrengthSet(number: Int(r.number), time: UTCTime(millisecondsSinceEpoch: r.time), exercise: exercises[Int(r.exercise)],
                    muscle: MuscleGroup(code: r.muscle), weightKilograms: r.weight, reps: Int(r.reps),
                    heartRateAverage: r.heartRateAverage == 0 ? nil : Int(r.heartRateAverage),
                    heartRateMax: r.heartRateMax == 0 ? nil : Int(r.heartRateMax), restSeconds: r.rest < 0 ? nil : Int(r.rest))
    }

    /// The live sets of one session, in logging order.
    public func sets(session: UInt64) -> [StrengthSet] {
        rows.filter { $0.session == session }.sorted { $0.number < $1.number }.map(set)
    }

    // MARK: the index file

    public static let magic: [UInt8] = Array("PACERSET".utf8)
    public static let version: UInt32 = 1
    static let rowSize = 40

    /// The strength index (`strength.pjs`): magic, u32 version, u32 segment count, u32 row count,
    /// u32 name count, u32 CRC-32C of everything after the header; per segment u32 number, u32 0,
    /// u64 size (the sizes it was built from: a cache, rebuilt when they differ); 40-byte rows
    /// (i64 time ms, u64 session, f64 kg, i32 exercise, i32 number, u16 reps, i16 rest s (−1
    /// none), u8 muscle, u8 HR avg, u8 HR max, u8 0); the names as length-prefixed UTF-8.
    public func encode(segments: [HistoryIndex.SegmentSize]) -> [UInt8] {
        var w = ByteWriter(capacity: 32 + segments.count * 16 + rows.count * StrengthLog.rowSize + exercises.count * 16)
        w.append(StrengthLog.magic); w.u32(StrengthLog.version); w.u32(UInt32(segments.count))
        w.u32(UInt32(rows.count)); w.u32(UInt32(exercises.count)); w.u32(0)
        for s in segments { w.u32(s.number); w.u32(0); w.u64(s.size) }
        for r in rows {
            w.i64(r.time); w.u64(r.session); w.f64(r.weight); w.u32(UInt32(bitPattern: r.exercise)); w.u32(UInt32(bitPattern: r.number))
            w.u16(UInt16(clamping: r.reps)); w.u16(UInt16(bitPattern: Int16(clamping: r.rest)))
            w.u8(r.muscle); w.u8(r.heartRateAverage); w.u8(r.heartRateMax); w.u8(0)
        }
        for name in exercises { w.string(name) }
        var bytes = w.bytes
        let crc = bytes.withUnsafeBytes { CRC32C.checksum(UnsafeRawBufferPointer(rebasing: $0[28...])) }
        withUnsafeBytes(of: crc.littleEndian) { bytes.replaceSubrange(24..<28, with: $0) }
        return bytes
    }

    /// Reads an index file; nil when damaged or of another version. `segments` gets the sizes
    /// it was built from.
    public static func decode(_ bytes: UnsafeRawBufferPointer, segments: inout [HistoryIndex.SegmentSize]) -> StrengthLog? {
        guard bytes.count >= 28, Array(bytes[0..<8]) == magic else { return nil }
        func u32(_ o: Int) -> UInt32 { bytes.loadUnaligned(fromByteOffset: o, as: UInt32.self).littleEndian }
        func u64(_ o: Int) -> UInt64 { bytes.loadUnaligned(fromByteOffset: o, as: UInt64.self).littleEndian }
        guard u32(8) == version else { return nil }
        let nseg = Int(u32(12)), nrows = Int(u32(16)), nnames = Int(u32(20))
        let rowsStart = 28 + nseg * 16
        guard rowsStart + nrows * rowSize <= bytes.count,
              CRC32C.checksum(UnsafeRawBufferPointer(rebasing: bytes[28...])) == u32(24) else { return nil }
        segments = (0..<nseg).map { HistoryIndex.SegmentSize(number: u32(28 + $0 * 16), size: u64(28 + $0 * 16 + 8)) }
        var log = StrengthLog()
        log.rows = [Row](unsafeUninitializedCapacity: nrows) { buffer, count in
            for i in 0..<nrows {
                let o = rowsStart + i * rowSize
                buffer[i] = Row(time: Int64(bitPattern: u64(o)), session: u64(o + 8),
                                exercise: Int32(bitPattern: u32(o + 24)), number: Int32(bitPattern: u32(o + 28)),
                                reps: Int32(bytes.loadUnaligned(fromByteOffset: o + 32, as: UInt16.self).littleEndian),
                                rest: Int32(Int16(bitPattern: bytes.loadUnaligned(fromByteOffset: o + 34, as: UInt16.self).littleEndian)),
                                weight: Double(bitPattern: u64(o + 16)), muscle: bytes[o + 36],
                                heartRateAverage: bytes[o + 37], heartRateMax: bytes[o + 38])
            }
            count = nrows
        }
        var r = ByteReader(UnsafeRawBufferPointer(rebasing: bytes[(rowsStart + nrows * rowSize)...]))
        for _ in 0..<nnames {
            guard let name = try? r.string() else { return nil }
            _ = log.exerciseNumber(name)
        }
        guard log.exercises.count == nnames, log.rows.allSatisfy({ $0.exercise >= 0 && Int($0.exercise) < nnames }) else { return nil }
        return log
    }
}
