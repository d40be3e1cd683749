/// The receiver's Doppler speed noise in motion, measured from the velocities it reports.
///
/// |v| of a noisy velocity is biased up by about sigma²/2v by the noise across the track,
/// 0.4-0.8 % at walking pace; the filter removes that bias, and must remove this receiver's,
/// not one assumed from HDOP (a guessed sigma too large takes the excess off every slow walk).
///
/// Two estimates, each raised by something real that the other does not see:
/// - The reported speed's changes from one reading to the next: noise plus the athlete's
///   acceleration and a stride's surge (a walker's speed sampled once a second). Modelling the
///   noise as AR(1), their variance V and lag-one covariance C give its correlation
///   (1 - rho = -2 C / V) and variance (V / 2 (1 - rho)).
/// - The changes across the track (`CrossTrackDopplerNoise`): raised by turns, and by the
///   uncertainty of rho when the noise is large against the speed.
/// Either can only say that a receiver is better than assumed, so the lesser is taken: a
/// 0.2 m/s stride surge, read by the speed alone, took 0.74 % and 0.98 % off the simulated
/// walks on average (8 seeds of each receiver), as much as 1.7 % off one.
///
/// That a receiver is worse (a phone-grade chip, a body-worn patch antenna: 0.3-0.5 m/s)
/// takes a bound that neither turns nor strides can raise: the cross-track one.
struct MovingDopplerNoise: Sendable {
    private var variance = 0.0
    private var covariance = 0.0
    private var previousSpeed: Double?
    private var previousChange: Double?
    private var seconds = 0.0
    private var across = CrossTrackDopplerNoise()
    private static let horizon = 600.0
    /// Seconds of steady motion before the estimate is used.
    private static let warmUp = 60.0

    /// One reported speed (m/s) and the cross-track component of the velocity change since the
    /// previous reading (nil when there is no previous direction), `dt` seconds after it, while moving.
    mutating func add(speed: Double, acrossChange: Double?, dt: Double) {
        guard speed.isFinite, dt > 0, dt <= 1.5 else { return interrupt() }
        if let acrossChange { across.add(change: acrossChange, dt: dt) } else { across.interrupt() }
        defer { previousSpeed = speed }
        guard let before = previousSpeed else { return }
        var change = speed - before
        // Braking, a sprint's start: clip what noise cannot explain (once there is an estimate).
        if seconds >= Self.warmUp {
            let limit = 4 * variance.squareRoot()
            change = min(limit, max(-limit, change))
        }
        seconds = min(Self.horizon, seconds + dt)
        let w = min(1, dt / seconds)
        variance += w * (change * change - variance)
        if let p = previousChange { covariance += w * (change * p - covariance) }
        previousChange = change
    }

    /// The next speed does not follow this one in steady motion.
    mutating func interrupt() {
        previousSpeed = nil
        previousChange = nil
        across.interrupt()
    }

    /// Per-axis variance (m²/s²) that the Doppler noise is at least.
    var noiseVarianceAtLeast: Double? { across.noiseVarianceAtLeast }

    /// Per-axis variance (m²/s²) of the Doppler noise, once a minute of motion has been seen.
    var noiseVariance: Double? {
        guard seconds >= Self.warmUp, variance > 0 else { return nil }
        let rho = min(0.9, max(0, 1 + 2 * covariance / variance))
        let alongTrack = variance / (2 * (1 - rho))
        return across.noiseVariance.map { min($0, alongTrack) } ?? alongTrack
    }
}
