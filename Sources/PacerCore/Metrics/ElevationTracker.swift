/// Elevation gain and loss from GPS altitude, which wanders by metres even standing still.
///
/// Altitude is low-pass filtered over time, fed only while moving, and a climb or descent is
/// counted only once it exceeds a threshold from the last turning point (hysteresis), so that
/// noise does not add up while real hills do.
public struct ElevationTracker: Sendable {
    /// Metres a climb or descent must exceed before it counts.
    public var threshold: Double
    /// Seconds of the low-pass filter's time constant.
    public var timeConstant: Double
    public private(set) var committedGain = 0.0
    public private(set) var committedLoss = 0.0
    private var smoothed: Double?
    private var lastInstant: MonotonicInstant?
    /// The last confirmed turning point and the extreme reached since it.
    private var base = 0.0
    private var extreme = 0.0
    private var climbing: Bool?

    public init(threshold: Double = 6, timeConstant: Double = 20) {
        self.threshold = threshold
        self.timeConstant = timeConstant
    }

    public mutating func update(altitude: Double, at instant: MonotonicInstant) {
        guard altitude.isFinite else { return }
        guard let s = smoothed else {
            smoothed = altitude; lastInstant = instant; base = altitude; extreme = altitude
            return
        }
        guard let last = lastInstant else { lastInstant = instant; return }
        let dt = instant.seconds(since: last)
        guard dt > 0 else { return }
        // A long gap (tunnel, pause) restarts the filter at the new altitude rather than dragging it.
        let alpha = dt > 30 ? 1 : dt / (timeConstant + dt)
        let value = s + alpha * (altitude - s)
        smoothed = value
        lastInstant = instant
        switch climbing {
        case nil:
            if value - base >= threshold { climbing = true; extreme = value }
            else if base - value >= threshold { climbing = false; extreme = value }
        case true?:
            if value > extreme { extreme = value }
            else if extreme - value >= threshold {
                committedGain += extreme - base
                base = extreme; extreme = value; climbing = false
            }
        case false?:
            if value < extreme { extreme = value }
            else if value - extreme >= threshold {
                committedLoss += base - extreme
                base = extreme; extreme = value; climbing = true
            }
        }
    }

    /// Marks a stop in the feed (standing still): the next altitude continues from here
    /// without bridging the time between as one smoothing step.
    public mutating func suspend() { lastInstant = nil }

    /// Gain including the climb in progress.
    public var gain: Double { committedGain + (climbing == true ? extreme - base : 0) }
    public var loss: Double { committedLoss + (climbing == false ? base - extreme : 0) }
    public var hasData: Bool { smoothed != nil }
}
