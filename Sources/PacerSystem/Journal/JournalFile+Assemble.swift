import PacerCore

extension JournalFile {
    /// Feeds `assembler` this segment's records (`scanSegment`), passing damage and records that
    /// do not decode as it says (`skipped()`, `consumeOrSkip`): every reader of sessions takes
    /// both together, or a reader that forgets one stops a segment, losing what follows. A scan
    /// from `start` > 0 begins in the middle of the segment, which the assembler is told too.
    /// `completed` gets each session a record completed; returning false stops the scan.
    func assemble(into assembler: inout JournalAssembler, segment: UInt32, from start: Int = 0, limit: Int = .max,
                  completed: (JournalSession) -> Bool = { _ in true }) throws -> JournalScanner.Result {
        if start > 0 { assembler.skipped() }
        return try scanSegment(from: start, limit: limit, skipped: { _ in assembler.skipped() }) { type, payload, offset in
            guard let done = assembler.consumeOrSkip(type: type, payload: payload, segment: segment, offset: offset) else { return true }
            return completed(done)
        }
    }
}
