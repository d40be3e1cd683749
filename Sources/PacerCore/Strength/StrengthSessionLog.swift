/// The set log of the strength session being recorded: numbers sets, keeps the recent heart
/// rate so each set gets its own, and knows which set an undo removes.
///
/// A set is logged when it ends. It is taken to have lasted `secondsPerRep` per rep (a 2-0-1
/// tempo), at most `maximumSetSeconds` and never before the previous set's log: its heart rate
/// is the average and maximum of the strap's values in that window, and its rest the time from
/// the previous set's log to the window's start. The first set of a session has no rest.
public struct StrengthSessionLog: Sendable {
    public static let secondsPerRep = 3.0
    public static let maximumSetSeconds = 120.0

    /// Live sets, in order (undone ones removed).
    public private(set) var sets: [StrengthSet] = []
    private var nextNumber = 1
    private var lastLogged: UTCTime?
    /// Accepted heart rates of the last `maximumSetSeconds`, oldest first.
    private var heartRates: [(time: UTCTime, bpm: Int)] = []
    private var firstKept = 0

    public init() {}

    /// The log of a resumed session, from its journal events.
    public init(events: [JournalEvent]) {
        for e in events {
            if let s = StrengthSet(e) {
                sets.append(s)
                nextNumber = max(nextNumber, s.number + 1)
                lastLogged = max(lastLogged ?? s.time, s.time)
            } else if let n = StrengthSet.undoneNumber(e) {
                sets.removeAll { $0.number == n }
            }
        }
    }

    /// A heart rate the session accepted at `time`.
    public mutating func observe(heartRate bpm: Int, at time: UTCTime) {
        heartRates.append((time, bpm))
        let horizon = time.subtracting(milliseconds: (StrengthSessionLog.maximumSetSeconds * 1000).clampedInt64(.towardZero)).millisecondsSinceEpoch
        while firstKept < heartRates.count, heartRates[firstKept].time.millisecondsSinceEpoch < horizon { firstKept += 1 }
        if firstKept > 256, firstKept * 2 > heartRates.count {
            heartRates.removeFirst(firstKept)
            firstKept = 0
        }
    }

    /// Numbers a checked entry logged at `time`, with its heart rate and rest; records it.
    /// A set entered afterwards (`pacerctl set --at`) rests from the latest set before it in time.
    public mutating func log(_ entry: StrengthSetEntry, at time: UTCTime) -> StrengthSet {
        let previous = lastLogged.flatMap { $0 <= time ? $0 : sets.lazy.map(\.time).filter { $0 <= time }.max() }
        var duration = min(StrengthSessionLog.maximumSetSeconds, Double(entry.reps) * StrengthSessionLog.secondsPerRep)
        if let last = previous { duration = min(duration, max(0, time.secondsSinceEpoch - last.secondsSinceEpoch)) }
        let startMs = time.subtracting(milliseconds: (duration * 1000).clampedInt64()).millisecondsSinceEpoch
        var sum = 0, count = 0, maximum: Int?
        for i in firstKept..<heartRates.count {
            let (t, bpm) = heartRates[i]
            guard t.millisecondsSinceEpoch >= startMs, t <= time else { continue }
            sum += bpm
            count += 1
            maximum = max(maximum ?? bpm, bpm)
        }
        let rest = previous.map { ((Double(startMs) - Double($0.millisecondsSinceEpoch)) / 1000).clampedInt() }
        let set = StrengthSet(number: nextNumber, time: time, exercise: entry.exercise, muscle: entry.muscle,
                              weightKilograms: entry.weightKilograms, reps: entry.reps,
                              heartRateAverage: count > 0 ? (Double(sum) / Double(count)).clampedInt() : nil,
                              heartRateMax: maximum, restSeconds: rest.map { max(0, $0) })
        nextNumber += 1
        lastLogged = max(lastLogged ?? time, time)
        sets.append(set)
        return set
    }

    /// Removes the last live set; returns its number, nil when there is none.
    public mutating func undo() -> Int? {
        sets.popLast()?.number
    }
}
