/// A session event as the journal keeps it (record types 3...6): what the engine's events
/// become on disk, and what exports read back for laps and pauses.
public enum JournalEvent: Equatable, Sendable {
    /// Lap `number` starts at `time`.
    case lap(time: UTCTime, number: Int)
    case pause(time: UTCTime, automatic: Bool)
    case resume(time: UTCTime)
    /// Any other event worth keeping (splits, zone changes, strength sets and undos, the
    /// weather), as kind and free text.
    case marker(time: UTCTime, kind: String, detail: String)

    public var time: UTCTime {
        switch self {
        case .lap(let t, _), .pause(let t, _), .resume(let t), .marker(let t, _, _): t
        }
    }
}
