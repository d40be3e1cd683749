/// Power totals from a power meter's instantaneous readings, on the session's recording time.
///
/// Each reading holds until the next one for at most `holdSeconds`. Silence after that is
/// coasting (crank meters stop notifying when the crank stops): it counts as 0 W, so the
/// average includes zeros as Garmin's default does. Silence longer than `dropoutSeconds` is a
/// lost meter, not a rider at 0 W: that time counts in neither the average nor normalized power.
/// The average starts with the first reading (a meter paired late does not count as zeros before).
///
/// Normalized power (Coggan): the held power is resampled to 1 s, the 30 s rolling mean taken
/// from the 30th second on, raised to the 4th power, averaged, and the 4th root taken.
public struct PowerTracker: Sendable {
    public static let holdSeconds = 3.0
    public static let dropoutSeconds = 10.0
    static let rollingSeconds = 30

    /// Cumulative sums from which a lap's or split's figures are differences.
    public struct Totals: Equatable, Sendable {
        public var joules = 0.0
        public var seconds = 0.0
        /// Sum and count of (30 s rolling mean)^4 over completed seconds.
        public var rolling4Sum = 0.0
        public var rolling4Count = 0.0

        public init() {}

        public var average: Double? { seconds > 0 ? joules / seconds : nil }
        public var normalized: Double? { rolling4Count > 0 ? (rolling4Sum / rolling4Count).squareRoot().squareRoot() : nil }

        /// The figures from `start` to `self`.
        public func since(_ start: Totals) -> Totals {
            var t = Totals()
            t.joules = joules - start.joules
            t.seconds = seconds - start.seconds
            t.rolling4Sum = rolling4Sum - start.rolling4Sum
            t.rolling4Count = rolling4Count - start.rolling4Count
            return t
        }
    }

    public private(set) var totals = Totals()
    /// Largest reading accepted while recording.
    public private(set) var maximum: Int?
    private var latest: (watts: Double, at: MonotonicInstant)?
    private var creditedUntil: MonotonicInstant?
    /// The last 30 whole seconds of power, a ring; `filled` counts completed seconds (capped at 30).
    private var window = [Double](repeating: 0, count: rollingSeconds)
    private var windowNext = 0
    private var windowFilled = 0
    private var windowSum = 0.0
    private var binJoules = 0.0
    private var binSeconds = 0.0

    public init() {}

    /// A reading from the meter. `recording` says whether it counts towards the maximum.
    public mutating func accept(watts: Int, at instant: MonotonicInstant, recording: Bool) {
        advance(to: instant, recording: recording)
        latest = (Double(max(0, watts)), instant)
        if creditedUntil == nil { creditedUntil = instant }
        if recording { maximum = max(maximum ?? 0, max(0, watts)) }
    }

    /// The power at `instant`: the held reading, 0 while coasting, nil when no meter is heard.
    public func watts(at instant: MonotonicInstant) -> Double? {
        guard let latest else { return nil }
        let age = instant.seconds(since: latest.at)
        if age <= PowerTracker.holdSeconds { return latest.watts }
        return age <= PowerTracker.dropoutSeconds ? 0 : nil
    }

    /// Mean of the last three whole seconds of recorded power (fewer at the start); nil when not heard.
    public func threeSecondWatts(at instant: MonotonicInstant) -> Double? {
        guard watts(at: instant) != nil else { return nil }
        let n = min(3, windowFilled)
        guard n > 0 else { return watts(at: instant) }
        var sum = 0.0
        for k in 1...n { sum += window[(windowNext - k + PowerTracker.rollingSeconds) % PowerTracker.rollingSeconds] }
        return sum / Double(n)
    }

    /// Credits the time up to `instant`; only `recording` time enters the average and NP.
    public mutating func advance(to instant: MonotonicInstant, recording: Bool) {
        guard let latest, let from = creditedUntil, instant > from else { return }
        creditedUntil = instant
        guard recording else { return }
        // Piecewise: the held value until the hold ends, then 0 until the dropout, then nothing.
        let holdEnd = latest.at.advanced(bySeconds: PowerTracker.holdSeconds)
        let dropoutEnd = latest.at.advanced(bySeconds: PowerTracker.dropoutSeconds)
        let heldUntil = min(instant, holdEnd)
        if heldUntil > from { add(watts: latest.watts, seconds: heldUntil.seconds(since: from)) }
        let coastFrom = max(from, holdEnd), coastUntil = min(instant, dropoutEnd)
        if coastUntil > coastFrom { add(watts: 0, seconds: coastUntil.seconds(since: coastFrom)) }
    }

    private mutating func add(watts: Double, seconds: Double) {
        totals.joules += watts * seconds
        totals.seconds += seconds
        var left = seconds
        while left > 1e-9 {
            let take = min(left, 1 - binSeconds)
            binJoules += watts * take
            binSeconds += take
            left -= take
            if binSeconds >= 1 - 1e-9 { completeSecond(binJoules) }
        }
    }

    private mutating func completeSecond(_ watts: Double) {
        binJoules = 0
        binSeconds = 0
        windowSum += watts - window[windowNext]
        window[windowNext] = watts
        windowNext = (windowNext + 1) % PowerTracker.rollingSeconds
        windowFilled = min(PowerTracker.rollingSeconds, windowFilled + 1)
        guard windowFilled == PowerTracker.rollingSeconds else { return }
        let mean = max(0, windowSum) / Double(PowerTracker.rollingSeconds)
        totals.rolling4Sum += mean * mean * mean * mean
        totals.rolling4Count += 1
    }
}
