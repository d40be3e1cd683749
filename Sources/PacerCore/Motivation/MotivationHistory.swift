/// The sessions motivation reads, in start order, with their totals per local day. Built once
/// per command (or once per daemon start, then appended to at each stop).
public struct MotivationHistory: Sendable {
    public let calendar: LocalCalendar
    /// Sorted by start, then id.
    public private(set) var sessions: [SessionFacts] = []
    /// Local day of each session.
    public private(set) var days: [Int] = []
    /// Day of `totals[0]`.
    public private(set) var firstDay = 0
    private var totals: [DayTotals] = []

    /// Whether motivation counts a session: one dated where the recorder never records (before
    /// 1970 or after 2199, `UTCTime.recordable`) is damage, and would make the day table span
    /// millions of days.
    static func isDated(_ s: SessionFacts) -> Bool {
        UTCTime.recordable.contains(UTCTime(millisecondsSinceEpoch: s.start))
    }

    public init(calendar: LocalCalendar, sessions: [SessionFacts] = []) {
        self.calendar = calendar
        let sorted = sessions.filter(Self.isDated).sorted { ($0.start, $0.id) < ($1.start, $1.id) }
        self.sessions = sorted
        days = sorted.map { calendar.day(milliseconds: $0.start) }
        guard let first = days.first, let last = days.last else { return }
        firstDay = first
        totals = [DayTotals](repeating: DayTotals(), count: last - first + 1)
        for (k, s) in sorted.enumerated() { totals[days[k] - first].add(s) }
    }

    public var isEmpty: Bool { sessions.isEmpty }
    public var lastDay: Int { firstDay + totals.count - 1 }

    /// Adds a session (a stop in the daemon), keeping the order.
    public mutating func append(_ s: SessionFacts) {
        guard Self.isDated(s) else { return }
        let day = calendar.day(milliseconds: s.start)
        var k = sessions.count
        while k > 0, (sessions[k - 1].start, sessions[k - 1].id) > (s.start, s.id) { k -= 1 }
        sessions.insert(s, at: k)
        days.insert(day, at: k)
        if totals.isEmpty {
            firstDay = day
            totals = [DayTotals()]
        } else if day < firstDay {
            totals.insert(contentsOf: [DayTotals](repeating: DayTotals(), count: firstDay - day), at: 0)
            firstDay = day
        } else if day > lastDay {
            totals.append(contentsOf: [DayTotals](repeating: DayTotals(), count: day - lastDay))
        }
        totals[day - firstDay].add(s)
    }

    /// The totals of one local day (empty outside the history).
    public func totals(day: Int) -> DayTotals {
        let k = day - firstDay
        return k >= 0 && k < totals.count ? totals[k] : DayTotals()
    }

    /// The totals of `from...through`.
    public func totals(from: Int, through: Int) -> DayTotals {
        var sum = DayTotals()
        let lo = max(from, firstDay), hi = min(through, lastDay)
        guard !totals.isEmpty, lo <= hi else { return sum }
        for d in lo...hi { sum.merge(totals[d - firstDay]) }
        return sum
    }

    /// How many sessions fall on days up to and including `day` (they come first).
    public func sessionCount(through day: Int) -> Int {
        var lo = 0, hi = days.count
        while lo < hi { let m = (lo + hi) / 2; if days[m] <= day { lo = m + 1 } else { hi = m } }
        return lo
    }
}
