/// Wheel speed and distance from cumulative wheel revolutions (a 32-bit counter) and the last
/// wheel event time (16 bits, in 1/1024 s from a CSC sensor or 1/2048 s from a power meter),
/// both rolling over. Distance comes from revolutions, not from speed times time, so it is exact
/// however irregularly notifications arrive.
public struct WheelSpeedCalculator: Sendable {
    /// Event-time ticks per second: 1024 for CSC (0x2A5B), 2048 for Cycling Power (0x2A63).
    public let ticksPerSecond: Double
    public let circumferenceMetres: Double
    /// After this long without a new wheel event the wheel has stopped: speed 0.
    public static let stoppedAfterSeconds = 3.0
    /// Faster than this (about 130 km/h) is a counter reset or glitch, not a bicycle.
    public static let maxSpeed = 36.0
    private var last: (revolutions: UInt32, eventTime: UInt16, instant: MonotonicInstant)?
    public private(set) var speed: Double?

    public init(ticksPerSecond: Double, circumferenceMillimetres: Double) {
        self.ticksPerSecond = ticksPerSecond
        circumferenceMetres = circumferenceMillimetres / 1000
    }

    /// True while the sensor reports wheel events (the wheel turns), for choosing between sources.
    public func isTurning(at instant: MonotonicInstant) -> Bool {
        guard let last else { return false }
        return instant.seconds(since: last.instant) <= WheelSpeedCalculator.stoppedAfterSeconds
    }

    /// Takes one reading; returns the metres travelled since the previous one (0 for the first,
    /// for a repeat, and for a glitch) and updates `speed`.
    public mutating func update(revolutions: UInt32, eventTime: UInt16, at instant: MonotonicInstant) -> Double {
        guard let previous = last else {
            last = (revolutions, eventTime, instant)
            return 0
        }
        let revs = revolutions &- previous.revolutions
        let ticks = eventTime &- previous.eventTime
        if revs == 0 || ticks == 0 {
            if instant.seconds(since: previous.instant) > WheelSpeedCalculator.stoppedAfterSeconds { speed = 0 }
            return 0
        }
        last = (revolutions, eventTime, instant)
        let metres = Double(revs) * circumferenceMetres
        let seconds = Double(ticks) / ticksPerSecond
        // A counter that jumped (sensor reset, glitch) is re-anchored without crediting distance.
        // The event time wraps every 32 or 64 s, so after a long silence the arrival times judge.
        let span = max(seconds, instant.seconds(since: previous.instant))
        guard metres <= WheelSpeedCalculator.maxSpeed * span else { return 0 }
        if metres / seconds <= WheelSpeedCalculator.maxSpeed { speed = metres / seconds }
        return metres
    }
}
