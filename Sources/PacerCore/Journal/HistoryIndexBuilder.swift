extension HistoryIndex {
    /// Builds an index one session at a time, keeping each summary only as its encoded blob.
    ///
    /// Why: a rebuild from the journal used to hold every session's decoded `SessionSummary`
    /// (laps and splits as arrays of structs, about twice the blob's size) until the end, then
    /// the whole file's bytes on top, then a copy of them for the reader: on a board, once a
    /// year of sessions is in the journal, that rebuild was the daemon's peak memory. Here each
    /// blob is its own small array (no doubling buffer to copy), and `parts` hands the file out
    /// as the rows plus those blobs, so nobody has to join them.
    public struct Builder {
        private struct Row {
            var id: UInt64
            var segment: UInt32
            var offset: UInt64
            var bestEfforts: (Double, Double, Double, Double, Double)
            var start: Int64 = 0, elapsed = 0.0, moving = 0.0, distance = 0.0, calories = 0.0, steps: Int64 = 0
            var activity: UInt8 = 0, interrupted: UInt8 = 0
            var trimp = 0.0
            var blob: [UInt8] = []
        }

        private var rows: [Row] = []
        private var rowOfID: [UInt64: Int] = [:]

        public init() {}

        public var count: Int { rows.count }

        /// Appends a session's row.
        public mutating func add(_ entry: Entry) {
            let e = entry.bestEfforts
            func best(_ k: Int) -> Double { k < e.count ? (e[k] ?? .nan) : .nan }
            var row = Row(id: entry.id, segment: entry.segment, offset: entry.offset, bestEfforts: (best(0), best(1), best(2), best(3), best(4)))
            Builder.set(entry.summary, stored: entry.storedSummary, on: &row)
            rowOfID[entry.id] = rows.count
            rows.append(row)
        }

        /// A later summary for a session already added (records appended after its end): its row
        /// keeps its place, segment, offset and best efforts. False when no row has that id.
        public mutating func supersede(id: UInt64, with summary: SessionSummary) -> Bool {
            guard let i = rowOfID[id] else { return false }
            Builder.set(summary, stored: nil, on: &rows[i])
            return true
        }

        /// Takes in a session a journal scan completed (`JournalAssembler`): a new row, or, for
        /// records appended after its end, its later summary over its row. One that broke off
        /// before its own sessionEnd and carries no summary leaves the earlier one standing.
        /// False when a continuation has no row here (its session came before what was scanned).
        public mutating func fold(_ session: JournalSession) -> Bool {
            guard session.isContinuation else {
                let best = session.hasSamples ? BestEfforts.fastest(samples: session.samples) : BestEfforts.fastest(track: session.track)
                add(Entry(summary: session.effectiveSummary, id: session.id, segment: session.segment, offset: UInt64(session.offset),
                          bestEfforts: best, storedSummary: session.storedSummary))
                return true
            }
            guard session.summary != nil else { return rowOfID[session.id] != nil }
            return supersede(id: session.id, with: session.effectiveSummary)
        }

        /// Drops the rows of deleted sessions.
        public mutating func remove(_ ids: Set<UInt64>) {
            guard !ids.isEmpty else { return }
            rows.removeAll { ids.contains($0.id) }
            // The later row of an id wins, as in `add`: never a trap on a journal that repeats one.
            rowOfID = Dictionary(rows.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { _, later in later })
        }

        /// `stored`: the summary's bytes as the journal holds them, kept as the blob (encoding
        /// the decoded summary again was a sixth of a rebuild's work).
        private static func set(_ s: SessionSummary, stored: [UInt8]?, on row: inout Row) {
            row.start = s.start?.millisecondsSinceEpoch ?? Int64.min
            row.elapsed = s.elapsedSeconds
            row.moving = s.movingSeconds
            row.distance = s.distanceMeters
            row.calories = s.calories ?? .nan
            row.steps = s.steps.map { Int64($0) } ?? Int64.min
            row.activity = SessionSummaryCodec.activityCode(s.activity)
            row.interrupted = s.interrupted ? 1 : 0
            row.trimp = s.trimp ?? .nan
            if let stored {
                row.blob = stored
                return
            }
            var w = ByteWriter(capacity: 256)
            SessionSummaryCodec.encode(s, into: &w)
            row.blob = w.bytes
        }

        /// The index file for a journal whose segments had `segments` sizes, in order: the header,
        /// segments and rows (what `sessions` and `stats` read), then each row's summary blob.
        public func parts(segments: [SegmentSize]) -> [[UInt8]] {
            var w = HistoryIndex.beginFile(segments: segments, rows: rows.count, blobBytes: blobBytes)
            writeRows(into: &w, blobsFrom: 0)
            HistoryIndex.sealRows(&w)
            w.patchU32(rows.reduce(0) { crc, r in r.blob.withUnsafeBytes { CRC32C.update(crc, $0) } }, at: 28)
            return [w.bytes] + blobs
        }

        /// The summary blobs, in row order.
        var blobs: [[UInt8]] { rows.map(\.blob) }
        var blobBytes: Int { rows.reduce(0) { $0 + $1.blob.count } }

        /// Appends the rows, their blobs placed from byte `first` of the file's blobs on.
        func writeRows(into w: inout ByteWriter, blobsFrom first: Int) {
            var blobAt = first
            for r in rows {
                w.u64(r.id); w.i64(r.start)
                w.f64(r.elapsed); w.f64(r.moving); w.f64(r.distance); w.f64(r.calories); w.i64(r.steps)
                w.u8(r.activity); w.u8(r.interrupted); w.u16(0)
                w.u32(r.segment); w.u64(r.offset)
                w.u32(UInt32(blobAt)); w.u32(UInt32(r.blob.count))
                let b = r.bestEfforts
                w.f64(b.0); w.f64(b.1); w.f64(b.2); w.f64(b.3); w.f64(b.4)
                w.f64(r.trimp)
                blobAt += r.blob.count
            }
        }

        /// The index file as one array.
        public func encode(segments: [SegmentSize]) -> [UInt8] {
            Array(parts(segments: segments).joined())
        }
    }
}
