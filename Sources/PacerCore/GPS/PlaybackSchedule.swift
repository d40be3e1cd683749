/// When to release each fix of a recording so that it plays at its own pace
/// (or `speedup` times faster): fix times are mapped onto the monotonic clock
/// from the first timed fix. A backwards step or a gap longer than `maximumGapSeconds`
/// (a glitch or a receiver restart) re-anchors instead of stalling the playback.
public struct PlaybackSchedule: Sendable {
    public let speedup: Double
    public let maximumGapSeconds: Double
    private var anchorRecorded: Int64?
    private var anchorInstant = MonotonicInstant(nanoseconds: 0)
    private var lastRecorded: Int64 = 0
    private var lastRelease = MonotonicInstant(nanoseconds: 0)

    public init(speedup: Double = 1, maximumGapSeconds: Double = 60) {
        precondition(speedup > 0, "speedup must be positive")
        self.speedup = speedup
        self.maximumGapSeconds = maximumGapSeconds
    }

    /// The instant to release a fix recorded at `timeOfDayMilliseconds` (nil: released with the
    /// previous one), given that it became available at `now`.
    public mutating func releaseInstant(timeOfDayMilliseconds recorded: Int?, availableAt now: MonotonicInstant) -> MonotonicInstant {
        guard let recorded else { return max(lastRelease, now) }
        var t = Int64(recorded)
        if anchorRecorded == nil {
            anchorRecorded = t
            anchorInstant = now
        } else {
            // Crossing UTC midnight: the time of day wraps to 0.
            while t < lastRecorded - 43_200_000 { t += 86_400_000 }
            let step = Double(t - lastRecorded) / 1000
            if step < 0 || step > maximumGapSeconds {
                anchorRecorded = t
                anchorInstant = max(lastRelease, now)
            }
        }
        lastRecorded = t
        let offset = Double(t - anchorRecorded!) / 1000 / speedup
        lastRelease = anchorInstant.advanced(bySeconds: offset)
        return lastRelease
    }
}
