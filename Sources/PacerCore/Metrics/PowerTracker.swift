/// Power totals from a power meter's instantaneous readings, on the session's recording time.
///
/// Each reading holds until the next one for at most `holdSeconds`. Silence after that is
/// coasting (crank meters stop notifying when the crank stops): it counts as 0 W, so the
/// average includes zeros as Garmin's default does. Silence longer than `dropoutSeconds` is a
/// lost meter, not a rider at 0 W: that time counts in neither the average nor normalized power.
/// The average starts with the first reading (a meter paired late does not count as zeros before).
/// Normalized power and the maximum are kept for the session and for the lap and split in
/// progress (`restart`), each on 1 s resampled power (see `RollingFourthPower`).
public struct PowerTracker: Sendable {
    public static let holdSeconds = 3.0
    public static let dropoutSeconds = 10.0
    /// Above the highest peak power measured in track sprinters (about 2.5 kW), with margin: the
    /// field is a 16-bit integer, and a meter's glitch (or a hostile peripheral) sending 32767 W
    /// would otherwise become the session's maximum and dominate its normalized power.
    public static let plausibleMaximum = 4000
    /// Whether a meter's reading is power at all (`plausibleMaximum`): the tracker and the
    /// recorder's count of glitches ask the same question.
    public static func isPlausible(_ watts: Int) -> Bool { watts <= plausibleMaximum }

    /// Energy and counted time, cumulative: a lap's average is the difference of two.
    public struct Totals: Equatable, Sendable {
        public var joules = 0.0
        public var seconds = 0.0

        public init(joules: Double = 0, seconds: Double = 0) {
            self.joules = joules
            self.seconds = seconds
        }

        public var average: Double? { seconds > 0 ? joules / seconds : nil }

        public func since(_ start: Totals) -> Totals {
            Totals(joules: joules - start.joules, seconds: seconds - start.seconds)
        }
    }

    /// The stretches that keep their own normalized power and maximum.
    public enum Stretch: Int, Sendable, CaseIterable {
        case session, lap, split
    }

    public private(set) var totals = Totals()
    private var stretches = [RollingFourthPower](repeating: RollingFourthPower(), count: Stretch.allCases.count)
    private var latest: (watts: Double, at: MonotonicInstant)?
    private var creditedUntil: MonotonicInstant?
    private var binJoules = 0.0
    private var binSeconds = 0.0

    public init() {}

    public func normalized(_ stretch: Stretch = .session) -> Double? { stretches[stretch.rawValue].normalized }
    /// Largest reading accepted while recording in the stretch.
    public func maximum(_ stretch: Stretch = .session) -> Int? { stretches[stretch.rawValue].maximum }

    /// A new lap or split begins: its NP window and maximum start empty.
    public mutating func restart(_ stretch: Stretch) { stretches[stretch.rawValue] = RollingFourthPower() }

    /// A reading from the meter. `recording` says whether it counts towards the maximum.
    public mutating func accept(watts: Int, at instant: MonotonicInstant, recording: Bool) {
        advance(to: instant, recording: recording)
        // A glitch: the reading before holds (`RecorderCounters` counts it).
        guard Self.isPlausible(watts) else { return }
        let w = max(0, watts)
        latest = (Double(w), instant)
        if creditedUntil == nil { creditedUntil = instant }
        if recording {
            for i in stretches.indices { stretches[i].maximum = max(stretches[i].maximum ?? 0, w) }
        }
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
        guard let now = watts(at: instant) else { return nil }
        return stretches[Stretch.session.rawValue].recentMean(3) ?? now
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
            if binSeconds >= 1 - 1e-9 {
                for i in stretches.indices { stretches[i].add(second: binJoules) }
                binJoules = 0
                binSeconds = 0
            }
        }
    }
}
