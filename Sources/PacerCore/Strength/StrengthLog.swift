/// Every live set of a journal as compact rows (no strings per set), with the exercise names
/// once: what `strength` and `evaluate` read, and what the strength index file stores.
public struct StrengthLog: Sendable {
    /// 32 bytes in memory and on disk: 100 000 sets load as one 3.2 MB read.
    public struct Row: Equatable, Sendable {
        public var time: Int64
        public var session: UInt64
        /// Weight in grams (entries are kept to the gram).
        public var grams: UInt32
        /// Index into `exercises`.
        public var exercise: UInt16
        public var number: UInt16
        public var reps: UInt16
        /// Seconds; `noRest` when unknown.
        public var rest: UInt16
        /// `MuscleGroup.code`, 0 when none.
        public var muscle: UInt8
        /// bpm; 0 when unknown.
        public var heartRateAverage: UInt8
        public var heartRateMax: UInt8

        public static let noRest: UInt16 = 0xFFFF
        public var weight: Double { Double(grams) / 1000 }
    }

    public private(set) var rows: [Row] = []
    /// Display names (the first spelling seen, or the catalogue's).
    public private(set) var exercises: [String] = []
    private var exerciseIndex: [String: UInt16] = [:]
    /// Names beyond this many share the last slot (a cap no gym log reaches).
    public static let maximumExercises = 65_535

    public init() {}

    /// Adds a set of session `session`.
    public mutating func append(_ set: StrengthSet, session: UInt64) {
        let e = exerciseNumber(set.exercise)
        let muscle = set.effectiveMuscle
        rows.append(Row(time: set.time.millisecondsSinceEpoch, session: session,
                        grams: UInt32(clamping: (set.weightKilograms * 1000).roundedInt() ?? 0), exercise: e,
                        number: UInt16(clamping: set.number), reps: UInt16(clamping: set.reps),
                        rest: set.restSeconds.map { UInt16(clamping: min($0, Int(Row.noRest) - 1)) } ?? Row.noRest,
                        muscle: muscle?.code ?? 0, heartRateAverage: UInt8(clamping: set.heartRateAverage ?? 0),
                        heartRateMax: UInt8(clamping: set.heartRateMax ?? 0)))
    }

    /// Applies a `set_undo` of session `session`.
    public mutating func undo(number: Int, session: UInt64) {
        if let k = rows.lastIndex(where: { $0.session == session && Int($0.number) == number }) { rows.remove(at: k) }
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
    mutating func exerciseNumber(_ name: String) -> UInt16 {
        let key = ExerciseCatalogue.key(name)
        if let e = exerciseIndex[key] { return e }
        guard exercises.count < StrengthLog.maximumExercises else { return UInt16(StrengthLog.maximumExercises - 1) }
        let e = UInt16(exercises.count)
        exercises.append(ExerciseCatalogue.lookup(name)?.name ?? name)
        exerciseIndex[key] = e
        return e
    }

    /// The number of an exercise if any set names it.
    public func exercise(named name: String) -> UInt16? { exerciseIndex[ExerciseCatalogue.key(name)] }

    /// The set a row holds.
    public func set(_ r: Row) -> StrengthSet {
        StrengthSet(number: Int(r.number), time: UTCTime(millisecondsSinceEpoch: r.time), exercise: exercises[Int(r.exercise)],
                    muscle: MuscleGroup(code: r.muscle), weightKilograms: r.weight, reps: Int(r.reps),
                    heartRateAverage: r.heartRateAverage == 0 ? nil : Int(r.heartRateAverage),
                    heartRateMax: r.heartRateMax == 0 ? nil : Int(r.heartRateMax), restSeconds: r.rest == Row.noRest ? nil : Int(r.rest))
    }

    /// The live sets of one session, in logging order.
    public func sets(session: UInt64) -> [StrengthSet] {
        rows.filter { $0.session == session }.sorted { $0.number < $1.number }.map(set)
    }

    // MARK: the index file

    public static let magic: [UInt8] = Array("PACERSET".utf8)
    public static let version: UInt32 = 3
    static let rowSize = 32

    /// The strength index (`strength.pjs`): magic, u32 version, u32 segment count, u32 row count,
    /// u32 name count, u32 CRC-32C of everything after these 28 bytes; per segment u32 number,
    /// u32 tail hash, u64 size (`HistoryIndex.SegmentSize`: a cache, rebuilt when they differ); 32-byte
    /// rows (i64 time ms, u64 session, u32 grams, u16 exercise, u16 set number, u16 reps, u16 rest
    /// s (0xFFFF none), u8 muscle, u8 HR avg, u8 HR max, u8 0); the names, length-prefixed UTF-8.
    public func encode(segments: [HistoryIndex.SegmentSize]) -> [UInt8] {
        var w = ByteWriter(capacity: 28 + segments.count * 16 + rows.count * StrengthLog.rowSize + exercises.count * 16)
        w.append(StrengthLog.magic); w.u32(StrengthLog.version); w.u32(UInt32(segments.count))
        w.u32(UInt32(rows.count)); w.u32(UInt32(exercises.count)); w.u32(0)
        for s in segments { w.u32(s.number); w.u32(s.tail); w.u64(s.size) }
        for r in rows {
            w.i64(r.time); w.u64(r.session); w.u32(r.grams); w.u16(r.exercise); w.u16(r.number); w.u16(r.reps); w.u16(r.rest)
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
        func u16(_ o: Int) -> UInt16 { bytes.loadUnaligned(fromByteOffset: o, as: UInt16.self).littleEndian }
        func u32(_ o: Int) -> UInt32 { bytes.loadUnaligned(fromByteOffset: o, as: UInt32.self).littleEndian }
        func u64(_ o: Int) -> UInt64 { bytes.loadUnaligned(fromByteOffset: o, as: UInt64.self).littleEndian }
        guard u32(8) == version else { return nil }
        let nseg = Int(u32(12)), nrows = Int(u32(16)), nnames = Int(u32(20))
        let rowsStart = 28 + nseg * 16
        guard rowsStart + nrows * rowSize <= bytes.count,
              CRC32C.checksum(UnsafeRawBufferPointer(rebasing: bytes[28...])) == u32(24) else { return nil }
        segments = (0..<nseg).map { HistoryIndex.SegmentSize(number: u32(28 + $0 * 16), size: u64(28 + $0 * 16 + 8), tail: u32(28 + $0 * 16 + 4)) }
        var log = StrengthLog()
        var r = ByteReader(UnsafeRawBufferPointer(rebasing: bytes[(rowsStart + nrows * rowSize)...]))
        for _ in 0..<nnames {
            guard let name = try? r.string() else { return nil }
            _ = log.exerciseNumber(name)
        }
        guard log.exercises.count == nnames else { return nil }
        var valid = true
        log.rows = [Row](unsafeUninitializedCapacity: nrows) { buffer, count in
            for i in 0..<nrows {
                let o = rowsStart + i * rowSize
                let exercise = u16(o + 20)
                if Int(exercise) >= nnames { valid = false }
                buffer[i] = Row(time: Int64(bitPattern: u64(o)), session: u64(o + 8), grams: u32(o + 16), exercise: exercise,
                                number: u16(o + 22), reps: u16(o + 24), rest: u16(o + 26), muscle: bytes[o + 28],
                                heartRateAverage: bytes[o + 29], heartRateMax: bytes[o + 30])
            }
            count = nrows
        }
        return valid ? log : nil
    }
}
