import PacerCore

extension JournalHistory {
    /// The index entries of the journal as it is now, from the saved index of an earlier state
    /// of it plus a scan of only what came after: from the start of the last session the index
    /// holds in the last segment it knew (so a session that was still open when it was saved is
    /// read whole), then any newer segments. A journal that grew by one session costs a scan of
    /// one session, not of years.
    ///
    /// The result: the saved index, how many of its first rows stand as they are, and the
    /// rows that follow them. nil whenever the journal changed in another way — a segment
    /// the index knew shrank, vanished, changed size before the last or has other bytes before
    /// the size indexed (`SegmentSize.tail`: another file in its place), a record continues or
    /// deletes a session from before the scanned part (a set logged later into an old session)
    /// — and the caller rebuilds from scratch, which is always right.
    /// `sizes`: `segments` as indexed now (`JournalDirectory.Segment.indexed`), when known.
    static func appendedEntries(directory: JournalDirectory, segments: [JournalDirectory.Segment], sizes: [HistoryIndex.SegmentSize]? = nil)
        throws -> (base: HistoryIndexReader, keep: Int, rows: HistoryIndex.Builder)? {
        guard let saved = JournalHistory.load(directory.indexPath, summaries: true), saved.hasSummaries,
              let lastKnown = saved.segments.last, segments.count >= saved.segments.count else { return nil }
        let last = segments[saved.segments.count - 1]
        let sizes = try sizes ?? segments.map { try $0.indexed() }
        for (k, s) in saved.segments.dropLast().enumerated() where sizes[k] != s { return nil }
        guard last.number == lastKnown.number, UInt64(last.size) >= lastKnown.size,
              try last.indexed(upTo: Int(lastKnown.size)) == lastKnown else { return nil }
        var resume: UInt64 = 0
        for i in 0..<saved.count where saved.row(i).segment == lastKnown.number {
            // A row past the end of its segment (a valid CRC over nonsense) is an index to rebuild.
            guard saved.row(i).offset < lastKnown.size else { return nil }
            resume = max(resume, saved.row(i).offset)
        }
        // The rows read again are the last ones (a segment's sessions end in order).
        func rescanned(_ i: Int) -> Bool { saved.row(i).segment == lastKnown.number && saved.row(i).offset >= resume }
        let keep = (0..<saved.count).first(where: rescanned) ?? saved.count
        guard (keep..<saved.count).allSatisfy(rescanned) else { return nil }
        // The same folding as a full rebuild (`scanEntries`), over the tail only.
        var tail = HistoryIndex.Builder()
        var assembler = JournalAssembler()
        // Ids only grow: a start in the tail of an id the kept rows hold is a copy of frames
        // (the assembler refuses it, and the full rebuild decides).
        assembler.assumeSeen(through: (0..<keep).map { saved.id($0) }.max() ?? 0)
        var consistent = true
        func add(_ session: JournalSession) { if !tail.fold(session) { consistent = false } }
        let first = saved.segments.count - 1
        for k in first..<segments.count {
            let segment = segments[k]
            _ = try JournalFile(path: segment.path, writable: false).scanSegment(from: k == first ? Int(resume) : 0,
                                                                                skipped: { _ in consistent = false }) { type, payload, offset in
                // Past damage, records of sessions from before the tail are dropped here but may
                // continue one there: the full rebuild decides.
                guard consistent else { return false }
                let done: JournalSession?
                do { done = try assembler.consume(type: type, payload: payload, segment: segment.number, offset: offset) } catch {
                    // A record that does not decode ends a full rebuild's scan too, but here it may
                    // also be a record of a session from before the tail: let the full rebuild decide.
                    consistent = false
                    return false
                }
                if let done { add(done) }
                return true
            }
            guard consistent else { return nil }
            if let done = assembler.endOfSegment(isLast: k == segments.count - 1) { add(done) }
        }
        guard consistent else { return nil }
        let deleted = assembler.deleted
        guard !(0..<keep).contains(where: { deleted.contains(saved.id($0)) }) else { return nil }
        tail.remove(deleted)
        return (saved, keep, tail)
    }
}
