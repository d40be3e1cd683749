/// The athlete's local calendar: which local day and minute a UTC instant falls on. The core
/// reads no time zone database; it gets the zone's UTC-offset changes as data (from a TZif
/// file, read by PacerSystem's `SystemTimeZone`), so days stay right across DST changes.
public struct LocalCalendar: Equatable, Sendable {
    /// Seconds since the epoch at which `offsets[i]` starts to apply, ascending.
    public private(set) var transitions: [Int64]
    /// Seconds east of UTC from `transitions[i]` on.
    public private(set) var offsets: [Int32]
    /// Offset before the first transition.
    public private(set) var initialOffset: Int32

    public static let utc = LocalCalendar(initialOffset: 0)

    public init(initialOffset: Int32, transitions: [(at: Int64, offset: Int32)] = []) {
        self.initialOffset = initialOffset
        let sorted = transitions.sorted { $0.at < $1.at }
        self.transitions = sorted.map(\.at)
        self.offsets = sorted.map(\.offset)
    }

    /// Seconds east of UTC in force at `seconds` since the epoch.
    public func offset(atSeconds seconds: Int64) -> Int32 {
        var lo = 0, hi = transitions.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if transitions[mid] <= seconds { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? initialOffset : offsets[lo - 1]
    }

    /// Local wall-clock seconds since 1970-01-01T00:00 local.
    public func localSeconds(milliseconds ms: Int64) -> Int64 {
        let s = ms >= 0 ? ms / 1000 : (ms - 999) / 1000
        return s + Int64(offset(atSeconds: s))
    }

    /// The local day (days since 1970-01-01) that holds the instant.
    public func day(milliseconds ms: Int64) -> Int {
        let l = localSeconds(milliseconds: ms)
        return Int(l >= 0 ? l / 86_400 : (l - 86_399) / 86_400)
    }

    public func day(_ t: UTCTime) -> Int { day(milliseconds: t.millisecondsSinceEpoch) }

    /// Minutes since local midnight (0...1439).
    public func minuteOfDay(milliseconds ms: Int64) -> Int {
        let l = localSeconds(milliseconds: ms)
        return Int(((l % 86_400) + 86_400) % 86_400 / 60)
    }

    /// Monday 0 ... Sunday 6 (1970-01-01 was a Thursday).
    public static func weekday(day: Int) -> Int { ((day + 3) % 7 + 7) % 7 }

    /// `YYYY-MM-DD` of a day number.
    public static func dateString(day: Int) -> String {
        let (y, m, d) = UTCTime.civil(fromDays: day)
        func two(_ v: Int) -> String { v < 10 ? "0" + v.description : v.description }
        return y.description + "-" + two(m) + "-" + two(d)
    }

    /// The day number of `YYYY-MM-DD`, nil for anything else.
    public static func day(parsing text: String) -> Int? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
              // Years a training day can fall in; year 0 printed back as "0-01-01".
              (1900...2199).contains(y), (1...12).contains(m), (1...UTCTime.daysIn(month: m, year: y)).contains(d) else { return nil }
        return UTCTime.daysSinceEpoch(year: y, month: m, day: d)
    }
}

/// Which weekday a week begins on (`[goals] week_starts`).
public enum WeekStart: String, Sendable, CaseIterable {
    case monday, sunday

    /// The first day of the week holding `day`.
    public func firstDay(ofWeekHolding day: Int) -> Int {
        let shift = self == .monday ? 0 : 1   // Sunday is weekday 6: shift so it becomes 0
        return day - (LocalCalendar.weekday(day: day) + shift) % 7
    }
}
