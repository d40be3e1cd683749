/// Power from a power meter, accounted over recording time.
///
/// A value holds until the next one for at most `holdSeconds`; after that (the meter stopped
/// sending: coasting with a meter that goes quiet, or a dropout) the power is 0 — recording time
/// with zeros included, Garmin's default for the average. Normalized power follows Coggan: the
/// power resampled at 1 s, its 30 s rolling mean, the mean of that to the 4th power, the 4th root.
public struct PowerTracker: Sendable {
    public static let holdSeconds = 3.0
    static let rollingSeconds = 30

    private var last: (watts: Int, at: MonotonicInstant)?
    /// Where the accounting stands, and whether that stretch was recording time.
    private var accountedTo: MonotonicInstant?
    /// 1 s resampling for the rolling means: the last 30 one-second values.
    private var window: [Double] = []
    private var windowSum = 0.0
    private var secondAccumulator = 0.0
    private var secondFilled = 0.0

    /// Joules (W·s) and seconds of recording time.
    public private(set) var energy = 0.0
    public private(set) var seconds = 0.0
    /// Sum of (30 s rolling mean)^4 over the 1 s steps after the first 30, and their count.
    public private(set) var fourthPowerSum = 0.0
    public private(set) var fourthPowerCount = 0.0
    public private(set) var maximum: Int?
    public private(set) var sawPower = false

    public init() {}

    /// A value from the meter at `instant`; `recording` says whether the time up to it counts.
    public mutating func accept(watts: Int, at instant: MonotonicInstant, recording: Bool) {
        advance(to: instant, recording: recording)
        let w = max(0, watts)
        last = (w, instant)
        sawPower = true
        if recording { maximum = max(maximum ?? 0, w) }
    }

    /// The power at `instant` (nil before the first value).
    public func power(at instant: MonotonicInstant) -> Int? {
        guard let last else { return nil }
        return instant.seconds(since: last.at) <= PowerTracker.holdSeconds ? last.watts : 0
    }

    /// Mean of the last three 1 s values (what a bike computer shows as 3 s power).
    public var threeSecondPower: Double? {
        guard sawPower else { return nil }
        let tail = window.suffix(3)
        return tail.isEmpty ? Double(last?.watts ?? 0) : tail.reduce(0, +) / Double(tail.count)
    }

    public var average: Double? { sawPower && seconds > 0 ? energy / seconds : nil }
    public var normalized: Double? { PowerTracker.normalized(fourthPowerSum, fourthPowerCount) }

    static func normalized(_ sum: Double, _ count: Double) -> Double? {
        count > 0 ? (sum / count).squareRoot().squareRoot() : nil
    }

    /// Accounts the time since the last call at the held power.
    public mutating func advance(to instant: MonotonicInstant, recording: Bool) {
        defer { accountedTo = max(accountedTo ?? instant, instant) }
        guard let from = accountedTo, instant > from, let last else { return }
        guard recording else { return }
        var t = from
        while t < instant {
            // Split at the end of the hold, so the held value and the zeros after it are exact.
            let holdEnd = last.at.advanced(bySeconds: PowerTracker.holdSeconds)
            let next = t < holdEnd ? min(instant, holdEnd) : instant
            let watts = t < holdEnd ? Double(last.watts) : 0
            let dt = next.seconds(since: t)
            energy += watts * dt
            seconds += dt
            resample(watts: watts, seconds: dt)
            t = next
        }
    }

    private mutating func resample(watts: Double, seconds dt: Double) {
        var remaining = dt
        while remaining > 0 {
            let take = min(remaining, 1 - secondFilled)
            secondAccumulator += watts * take
            secondFilled += take
            remaining -= take
            if secondFilled >= 1 - 1e-9 {
                push(secondAccumulator)
                secondAccumulator = 0
                secondFilled = 0
            }
        }
    }

    private mutating func push(_ second: Double) {
        window.append(second)
        windowSum += second
        if window.count > PowerTracker.rollingSeconds {
            windowSum -= window.removeFirst()
        }
        if window.count == PowerTracker.rollingSeconds {
            let mean = windowSum / Double(PowerTracker.rollingSeconds)
            fourthPowerSum += mean * mean * mean * mean
            fourthPowerCount += 1
        }
    }
}
