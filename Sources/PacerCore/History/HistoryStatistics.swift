/// Totals per calendar week (ISO 8601, Monday first), month or year of session start (UTC),
/// straight from the index rows: `pacerctl stats`.
public enum HistoryStatistics {
    public enum Period: String, Sendable, CaseIterable { case week, month, year }

    public struct Bucket: Equatable, Sendable {
        /// `2026-W09`, `2026-03` or `2026`.
        public var label: String
        /// First day of the period, days since 1970-01-01 (sort key).
        public var firstDay: Int
        public var sessions = 0
        public var distanceMeters = 0.0
        public var movingSeconds = 0.0
        public var elapsedSeconds = 0.0
        /// nil when no session in the period counted steps (or calories).
        public var steps: Int?
        public var calories: Double?
    }

    /// First day of the period holding `day`, and the ISO week-year and week when by week.
    static func periodStart(day: Int, period: Period) -> (first: Int, label: String) {
        switch period {
        case .week:
            // 1970-01-01 was a Thursday; Monday-based weekday 0...6.
            let weekday = ((day + 3) % 7 + 7) % 7
            let monday = day - weekday
            let thursday = monday + 3
            let (year, _, _) = UTCTime.civil(fromDays: thursday)
            let jan1 = UTCTime.daysSinceEpoch(year: year, month: 1, day: 1)
            let week = (thursday - jan1) / 7 + 1
            return (monday, year.description + "-W" + (week < 10 ? "0" : "") + week.description)
        case .month:
            let (y, m, _) = UTCTime.civil(fromDays: day)
            return (UTCTime.daysSinceEpoch(year: y, month: m, day: 1), y.description + "-" + (m < 10 ? "0" : "") + m.description)
        case .year:
            let (y, _, _) = UTCTime.civil(fromDays: day)
            return (UTCTime.daysSinceEpoch(year: y, month: 1, day: 1), y.description)
        }
    }

    /// Buckets in chronological order; sessions with no start time are left out.
    public static func aggregate(_ index: HistoryIndexReader, by period: Period, activity: Activity? = nil) -> [Bucket] {
        var buckets: [Bucket] = []
        var slot: [Int: Int] = [:]
        var lastDay = Int.min, lastSlot = -1
        for i in 0..<index.count {
            let row = index.row(i)
            if let activity, row.activity != activity { continue }
            guard let start = row.start else { continue }
            // Floor division that cannot overflow, for a start anywhere in Int64.
            let day = Int(start >= 0 ? start / 86_400_000 : (start + 1) / 86_400_000 - 1)
            var k: Int
            if day == lastDay {
                k = lastSlot
            } else {
                let (first, label) = periodStart(day: day, period: period)
                if let existing = slot[first] { k = existing } else {
                    k = buckets.count
                    slot[first] = k
                    buckets.append(Bucket(label: label, firstDay: first))
                }
                lastDay = day
                lastSlot = k
            }
            buckets[k].sessions += 1
            buckets[k].distanceMeters += row.distance
            buckets[k].movingSeconds += row.moving
            buckets[k].elapsedSeconds += row.elapsed
            // A count no session reaches (a day at 5 steps a second is 432 000) is damage, not summed.
            if let s = row.steps, 0...1_000_000_000 ~= s { buckets[k].steps = (buckets[k].steps ?? 0) + Int(s) }
            if let c = row.calories { buckets[k].calories = (buckets[k].calories ?? 0) + c }
        }
        return buckets.sorted { $0.firstDay < $1.firstDay }
    }
}
