/// Elevation gain and loss from GPS altitude, which wanders by metres even standing still.
///
/// Three defences, because GPS altitude error is large (sigma 5-10 m), slow (minutes) and
/// sometimes wild (multipath pushes a fix tens of metres up or down for seconds):
/// 1. a vertical gate drops an altitude that jumps further from the last accepted one than
///    slow noise plus a plausible climb rate allow (a persisting disagreement is accepted after
///    `outlierResetSeconds`, so a wrong reference cannot lock the tracker out);
/// 2. a low-pass in time removes the fast part of the noise;
/// 3. a climb or descent counts only once it exceeds a dead band from the last turning point
///    (hysteresis) that scales with the receiver's vertical error (VDOP or GST), so worse skies
///    need bigger hills before they count.
public struct ElevationTracker: Sendable {
    /// The smallest dead band in metres, whatever the receiver claims about its vertical error.
    public var threshold: Double
    /// Seconds of the low-pass filter's time constant.
    public var timeConstant: Double
    /// The dead band in units of the (smoothed) vertical one-sigma error.
    public var sigmaMultiple: Double
    /// Seconds of continuous disagreement after which the gate accepts the receiver again.
    public var outlierResetSeconds: Double
    public var committedGain: Double { band.committedGain }
    public var committedLoss: Double { band.committedLoss }
    /// Altitudes the vertical gate dropped.
    public private(set) var rejectedOutliers = 0
    private var smoothed: Double?
    private var lastInstant: MonotonicInstant?
    /// The last altitude the gate accepted, and when.
    private var reference: (altitude: Double, instant: MonotonicInstant)?
    private var rejectingSince: MonotonicInstant?
    private var sigma: Double?
    /// The hysteresis from the last confirmed turning point.
    private var band = DeadBandCounter()
    /// Added to every altitude: the receiver error that built up while standing still, when the
    /// ground cannot have changed height (see `suspend`).
    private var offset = 0.0
    private var rebaseOnNextUpdate = false

    public init(threshold: Double = 5, timeConstant: Double = 20, sigmaMultiple: Double = 1.5, outlierResetSeconds: Double = 20) {
        self.threshold = threshold
        self.timeConstant = timeConstant
        self.sigmaMultiple = sigmaMultiple
        self.outlierResetSeconds = outlierResetSeconds
    }

    /// One-sigma vertical error of a fix: GST's altitude error, else VDOP (or 1.5 HDOP) times a
    /// typical range error; 7 m when the receiver says nothing.
    public static func verticalSigma(_ fix: GNSSFix) -> Double {
        if let e = fix.altitudeError, e.isFinite, e > 0 { return max(1, e) }
        if let v = fix.vdop, v.isFinite, v > 0 { return max(1, 3.5 * v) }
        if let h = fix.hdop, h.isFinite, h > 0 { return max(1, 3.5 * 1.5 * h) }
        return 7
    }

    /// Feeds one altitude; `verticalSigma` is the fix's one-sigma vertical error and `speed`
    /// the horizontal speed (m/s) that bounds how fast the altitude can really change. Returns
    /// whether the vertical gate accepted the altitude (the session-end map keeps only those).
    @discardableResult
    public mutating func update(altitude: Double, verticalSigma: Double = 7, speed: Double = 0, at instant: MonotonicInstant) -> Bool {
        guard altitude.isFinite else { return false }
        if let ref = reference {
            let dt = max(0, instant.seconds(since: ref.instant))
            // Slow noise grows like sigma * sqrt(dt / tau) up to its full size; a real climb at
            // most at a 25 % grade of the speed, plus half a metre per second for lifts and slack.
            let tolerance = 3 + verticalSigma * (min(dt, 120) / 60).squareRoot() + (0.25 * max(0, speed) + 0.5) * dt
            if abs(altitude - ref.altitude) > tolerance {
                let since = rejectingSince ?? instant
                rejectingSince = since
                if instant.seconds(since: since) < outlierResetSeconds {
                    rejectedOutliers += 1
                    return false
                }
            }
        }
        rejectingSince = nil
        reference = (altitude, instant)
        if rebaseOnNextUpdate, let s = smoothed {
            offset = s - altitude
            rebaseOnNextUpdate = false
        }
        let altitude = altitude + offset
        if let s = sigma, let last = lastInstant {
            let dt = max(0, instant.seconds(since: last))
            sigma = s + dt / (50 + dt) * (verticalSigma - s)
        } else if sigma == nil {
            sigma = verticalSigma
        }
        let deadBand = max(threshold, sigmaMultiple * (sigma ?? verticalSigma))
        guard let s = smoothed else {
            smoothed = altitude; lastInstant = instant; band.start(at: altitude)
            return true
        }
        guard let last = lastInstant else { lastInstant = instant; return true }
        let dt = instant.seconds(since: last)
        guard dt > 0 else { return true }
        // A long gap (tunnel, pause) restarts the filter at the new altitude rather than dragging it.
        let alpha = dt > 30 ? 1 : dt / (timeConstant + dt)
        let value = s + alpha * (altitude - s)
        smoothed = value
        lastInstant = instant
        band.update(value, deadBand: deadBand)
        return true
    }

    /// Marks a stop in the feed (standing still): the next altitude continues from the level
    /// reached before the stop, because the ground did not change height while the athlete
    /// stood; whatever the receiver's altitude did meanwhile (metres in a minute) is its error.
    public mutating func suspend() {
        lastInstant = nil
        rebaseOnNextUpdate = smoothed != nil
    }

    /// Gain including the climb in progress.
    public var gain: Double { band.gain }
    public var loss: Double { band.loss }
    public var hasData: Bool { smoothed != nil }
}
