/// Personal records over the whole history: the fastest 1 km, 5 km, 10 km, half and full
/// marathon found inside any session (from the index's best efforts), and the longest sessions.
public struct PersonalRecords: Sendable {
    public struct Record: Equatable, Sendable {
        public var name: String
        public var distanceMeters: Double?
        public var seconds: Double
        public var sessionID: UInt64
        public var start: UTCTime?
    }

    public var fastest: [Record] = []
    /// Longest by distance and longest by elapsed time.
    public var longestDistance: Record?
    public var longestDuration: Record?

    public init(_ index: HistoryIndexReader, activity: Activity? = nil) {
        var best = [Record?](repeating: nil, count: BestEfforts.distances.count)
        for i in 0..<index.count {
            let row = index.row(i)
            if let activity, row.activity != activity { continue }
            let start = row.start.map { UTCTime(millisecondsSinceEpoch: $0) }
            for (k, v) in row.bestEfforts.enumerated() {
                guard let v, k < best.count, v < (best[k]?.seconds ?? .infinity) else { continue }
                best[k] = Record(name: BestEfforts.names[k], distanceMeters: BestEfforts.distances[k], seconds: v, sessionID: row.id, start: start)
            }
            if row.distance > (longestDistance?.distanceMeters ?? 0) {
                longestDistance = Record(name: "longest distance", distanceMeters: row.distance, seconds: row.elapsed, sessionID: row.id, start: start)
            }
            if row.elapsed > (longestDuration?.seconds ?? 0) {
                longestDuration = Record(name: "longest duration", distanceMeters: row.distance, seconds: row.elapsed, sessionID: row.id, start: start)
            }
        }
        fastest = best.compactMap { $0 }
    }
}
