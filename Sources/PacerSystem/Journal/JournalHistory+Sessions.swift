import PacerCore

extension JournalHistory {
    /// Reads many sessions with their samples in one pass per segment (from the first wanted
    /// session's offset on) and hands each to `body` as it completes, so that memory holds one
    /// session at a time: `pacerctl report` over 10 000 sessions. Records appended after a
    /// session ended (a continuation) are not passed again: their summary is the index's.
    public func forEachSession(ids: Set<UInt64>, _ body: (JournalSession, SessionSummary) throws -> Void) throws {
        guard !ids.isEmpty else { return }
        var rowOf: [UInt64: Int] = [:]
        var firstOffset: [UInt32: UInt64] = [:]
        for i in 0..<index.count where ids.contains(index.id(i)) {
            let row = index.row(i)
            rowOf[row.id] = i
            firstOffset[row.segment] = min(firstOffset[row.segment] ?? .max, row.offset)
        }
        let lastSegment = index.segments.map(\.number).max()
        var seen = Set<UInt64>()
        func deliver(_ session: JournalSession) throws {
            guard !session.isContinuation, let i = rowOf[session.id], seen.insert(session.id).inserted else { return }
            var s = session
            s.summary = index.summary(i) ?? session.effectiveSummary
            try body(s, s.summary!)
        }
        for segment in firstOffset.keys.sorted() {
            var assembler = JournalAssembler(wantSamples: { rowOf[$0] != nil })
            var failure: Error?
            let file = try JournalFile(path: directory.segmentPath(segment), writable: false)
            _ = try file.assemble(into: &assembler, segment: segment, from: Int(firstOffset[segment]!)) { done in
                do { try deliver(done) } catch {
                    failure = error
                    return false
                }
                return true
            }
            if let failure { throw failure }
            if let done = assembler.endOfSegment(isLast: segment == lastSegment) { try deliver(done) }
        }
    }
}
