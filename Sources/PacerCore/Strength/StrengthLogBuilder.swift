/// Folds journal records, in journal order, into a `StrengthLog`: sets go to the session whose
/// start (or `reopened`) came last, undos and tombstones remove. Samples are not needed.
public struct StrengthLogBuilder: Sendable {
    public private(set) var log = StrengthLog()
    private var current: UInt64?
    private var deleted: Set<UInt64> = []

    public init() {}

    public mutating func consume(_ record: JournalRecord) {
        switch record {
        case let .sessionStart(id, _, _, _): current = id
        case let .reopened(id, _): current = id
        case .sessionEnd: current = nil
        case let .tombstone(id, _): deleted.insert(id)
        case let .event(e):
            guard let session = current else { return }
            if let set = StrengthSet(e) { log.append(set, session: session) }
            else if let n = StrengthSet.undoneNumber(e) { log.undo(number: n, session: session) }
        }
    }

    /// The end of a segment: a session open there cannot continue in the next one.
    public mutating func endOfSegment() { current = nil }

    /// The finished log: deleted sessions dropped, rows in time order.
    public func finish() -> StrengthLog {
        var result = log
        result.remove(sessions: deleted)
        result.sortByTime()
        return result
    }
}
