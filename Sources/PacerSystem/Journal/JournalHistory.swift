#if canImport(Glibc)
import Glibc
#endif
import PacerCore

/// Read side of the journal for history commands: the index, loaded when it matches the
/// segment files and rebuilt from them (then saved) when it is missing or disagrees.
public final class JournalHistory {
    public let directory: JournalDirectory
    /// The index's rows and summaries; it owns the bytes it reads, so it may outlive this object.
    public let index: HistoryIndexReader
    /// True when this open had to rebuild the index from the segments.
    public let rebuilt: Bool
    /// Damage a full rebuild passed (`JournalScanner`: regions it skipped, records that verified
    /// but did not decode) and the bytes of those regions; the sessions around it were kept.
    /// 0 when the index was loaded or brought up to date from an undamaged tail.
    public private(set) var damagedRegions = 0, damagedBytes = 0

    /// - Parameter summaries: also load the full summaries (`--json`, `show`); list and stats
    ///   need only the rows, a tenth of the file.
    public init(directory path: String, summaries: Bool = true) throws {
        directory = JournalDirectory(path: path)
        let segments = try directory.segments()
        let sizes = try segments.map { try $0.indexed() }
        if let reader = JournalHistory.load(directory.indexPath, summaries: summaries), reader.segments == sizes {
            index = reader
            rebuilt = false
            return
        }
        // A journal that only grew since the index was saved: scan just what was appended.
        var damage = (regions: 0, bytes: 0)
        let parts = if let appended = try JournalHistory.appendedEntries(directory: directory, segments: segments, sizes: sizes) {
            [HistoryIndex.encode(segments: sizes, keeping: appended.keep, of: appended.base, appending: appended.rows)]
        } else {
            try JournalHistory.scanEntries(segments, damage: &damage).parts(segments: sizes)
        }
        (damagedRegions, damagedBytes) = damage
        JournalHistory.save(parts, directory: directory)
        // Kept as a load would keep it: the rows alone unless the summaries were asked for.
        let total = parts.reduce(0) { $0 + $1.count }
        let length = summaries ? total : parts[0].withUnsafeBytes { HistoryIndexReader.rowsLength(header: $0) } ?? total
        let storage = IndexBytes(count: length)
        var copied = 0
        for part in parts where copied < length {
            let n = min(part.count, length - copied)
            part.withUnsafeBytes { UnsafeMutableRawBufferPointer(rebasing: storage.buffer[copied..<(copied + n)]).copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
            copied += n
        }
        guard var reader = HistoryIndexReader(UnsafeRawBufferPointer(rebasing: storage.buffer[0..<length])) else {
            throw JournalStateError("history index failed to verify after rebuilding")
        }
        reader.owner = storage
        index = reader
        rebuilt = true
    }

    /// Reads the saved index (its rows only unless `summaries`); nil when missing or damaged.
    static func load(_ path: String, summaries: Bool) -> HistoryIndexReader? {
        guard let file = try? JournalFile(path: path, writable: false), let size = try? file.size() else { return nil }
        var header = [UInt8](repeating: 0, count: HistoryIndex.headerSize)
        guard (try? header.withUnsafeMutableBytes { try file.read(into: $0, at: 0) }) == header.count,
              let rowsLength = header.withUnsafeBytes({ HistoryIndexReader.rowsLength(header: $0) }), rowsLength <= size else { return nil }
        let length = summaries ? size : rowsLength
        let storage = IndexBytes(count: length)
        guard (try? file.read(into: UnsafeMutableRawBufferPointer(rebasing: storage.buffer[0..<length]), at: 0)) == length,
              var reader = HistoryIndexReader(UnsafeRawBufferPointer(rebasing: storage.buffer[0..<length])) else { return nil }
        reader.owner = storage
        return reader
    }

    /// The bytes a `HistoryIndexReader` reads, freed with the last reader that holds them.
    private final class IndexBytes {
        let buffer: UnsafeMutableRawBufferPointer
        init(count: Int) { buffer = .allocate(byteCount: max(count, 1), alignment: 8) }
        deinit { buffer.deallocate() }
    }

    /// Row number of session `id`, or nil.
    public func row(id: UInt64) -> Int? {
        for i in 0..<index.count where index.id(i) == id { return i }
        return nil
    }

    /// One session with its samples and events, read from where the index says it starts.
    public func session(id: UInt64) throws -> JournalSession? {
        guard let i = row(id: id) else { return nil }
        let row = index.row(i)
        // An offset that finds nothing, or that no file can have (damage that kept its CRC), costs a
        // read of the whole segment.
        let path = directory.segmentPath(row.segment), offset = Int(exactly: row.offset) ?? 0
        var found = try Self.read(id, path: path, segment: row.segment, offset: offset)
        if found == nil, offset != 0 { found = try Self.read(id, path: path, segment: row.segment, offset: 0) }
        found?.summary = index.summary(i)
        return found
    }

    /// Session `id` with its samples, read from `offset` of its segment (the header too, for
    /// the layout; a session whose start damage took starts at its sessionEnd): one still open
    /// at the segment's end comes with the summary its samples give.
    static func read(_ id: UInt64, path: String, segment: UInt32, offset: Int) throws -> JournalSession? {
        var assembler = JournalAssembler(wantSamples: { $0 == id })
        var found: JournalSession?
        _ = try JournalFile(path: path, writable: false).assemble(into: &assembler, segment: segment, from: offset) { done in
            guard done.id == id else { return true }
            found = done
            return false
        }
        if found == nil, var open = assembler.open, open.id == id {
            open.summary = open.effectiveSummary
            found = open
        }
        return found
    }

    /// Every finished, undeleted session of the journal with its best efforts (the index rows),
    /// each summary kept only as its encoded blob from the moment its session is read.
    static func scanEntries(_ segments: [JournalDirectory.Segment], damage: inout (regions: Int, bytes: Int)) throws -> HistoryIndex.Builder {
        var builder = HistoryIndex.Builder()
        // Samples as tracks (times and distances, for best efforts): a session that ended with
        // its summary needs nothing else of them.
        var assembler = JournalAssembler(wantSamples: { _ in false }, tracks: true, keepsEndedSummaries: false)
        // A continuation always finds its row: the assembler continues only sessions it saw end.
        func add(_ session: JournalSession) throws {
            guard session.summary == nil, !session.isContinuation else { _ = builder.fold(session); return }
            // Interrupted: its summary comes from its samples, read again from its start.
            let path = segments.first { $0.number == session.segment }?.path
            _ = builder.fold(try path.flatMap { try read(session.id, path: $0, segment: session.segment, offset: session.offset) } ?? session)
        }
        for (k, segment) in segments.enumerated() {
            var failure: Error?
            let result = try JournalFile(path: segment.path, writable: false).assemble(into: &assembler, segment: segment.number) { done in
                do { try add(done) } catch { failure = error }
                return failure == nil
            }
            if let failure { throw failure }
            // Not a damaged tail: the last segment's may be a crash's (recovery cuts it) or a
            // commit being written right now.
            damage.regions += result.gaps
            damage.bytes += result.skippedBytes
            if let done = assembler.endOfSegment(isLast: k == segments.count - 1) { try add(done) }
        }
        damage.regions += assembler.undecodableRecords
        damage.bytes += assembler.undecodableBytes
        builder.remove(assembler.deleted)
        return builder
    }

    /// Writes the index atomically (temp file, fdatasync, rename); a read-only journal just
    /// goes without a saved index. `parts` are written one after another, a batch of them per
    /// write (a rebuilt index comes as its rows and one small blob per session).
    static func save(_ parts: [[UInt8]], directory: JournalDirectory, path: String? = nil) {
        let target = path ?? directory.indexPath
        let temp = target + ".tmp." + String(getpid())   // concurrent readers each rebuild alone
        do {
            let file = try JournalFile(path: temp, writable: true, create: true)
            try file.truncate(to: 0)
            var batch: [UInt8] = []
            var written = 0
            func write(_ bytes: [UInt8]) throws {
                try file.writeAll(bytes, at: written)
                written += bytes.count
            }
            for part in parts {
                if batch.count + part.count > 1 << 16 {
                    try write(batch)
                    batch.removeAll(keepingCapacity: true)
                }
                if part.count > 1 << 16 { try write(part) } else { batch.append(contentsOf: part) }
            }
            try write(batch)
            try file.syncData()
            try directory.rename(temp, to: target)
            try directory.syncEntries()
        } catch {
            unlink(temp)
        }
    }
}
