#if canImport(Glibc)
import Glibc
#endif

/// The receiver's Doppler speed noise in motion, measured from the speeds it reports.
///
/// |v| of a noisy velocity is biased up by about sigma²/2v (noise across the track adds to the
/// length in quadrature), 0.4-0.8 % at walking pace; the filter removes that bias, and must
/// remove this receiver's, not one assumed from HDOP (a guessed sigma too large takes the excess
/// off every slow walk). The reported speed's changes from one reading to the next are noise
/// plus the athlete's acceleration, which is small and smooth while moving steadily. Modelling
/// the noise as AR(1), the variance V of those changes and their lag-one covariance C give both
/// the noise's correlation (1 - rho = -2 C / V) and its variance (V / 2 (1 - rho)): white noise
/// (rho 0) and the slowly wandering noise of a receiver's tracking loops are both measured.
///
/// True acceleration adds to that estimate, and smooth acceleration raises rho, so it can only
/// say a receiver is better than assumed. That it is worse (a phone-grade chip, a body-worn
/// patch antenna: 0.3-0.5 m/s) takes a bound that acceleration cannot raise: the median of the
/// squared changes, which the occasional brake or turn leaves alone, and which without rho
/// is at most the noise (correlated noise changes less between readings than white).
struct MovingDopplerNoise: Sendable {
    private var variance = 0.0
    private var covariance = 0.0
    /// Natural log of the running median of the squared speed changes.
    private var logMedianChange: Double?
    private var previousSpeed: Double?
    private var previousChange: Double?
    private var seconds = 0.0
    private static let horizon = 600.0
    /// Seconds of steady motion before the estimate is used.
    private static let warmUp = 60.0

    /// One reported speed (m/s), `dt` seconds after the previous one, while moving.
    mutating func add(speed: Double, dt: Double) {
        guard speed.isFinite, dt > 0, dt <= 1.5 else { return interrupt() }
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
        let squared = max(change * change, 1e-6)
        if let m = logMedianChange {
            // A step of fixed size towards each new value: it settles where half lie either side.
            logMedianChange = m + (log(squared) > m ? Self.medianStep : -Self.medianStep)
        } else {
            logMedianChange = log(squared)
        }
        variance += w * (change * change - variance)
        if let p = previousChange { covariance += w * (change * p - covariance) }
        previousChange = change
    }

    /// The next speed does not follow this one in steady motion.
    mutating func interrupt() {
        previousSpeed = nil
        previousChange = nil
    }

    /// Per-step move of the log median: about 1.5 % spread around it, settled in a few minutes.
    private static let medianStep = 0.03

    /// Per-axis variance (m²/s²) that the Doppler noise is at least, once a minute of motion has
    /// been seen: a squared difference of two Gaussian readings has its median at 0.455 times
    /// its variance, and that variance is twice the noise's when readings are independent.
    var noiseVarianceAtLeast: Double? {
        guard seconds >= Self.warmUp, let m = logMedianChange else { return nil }
        return exp(m) / 0.455 / 2
    }

    /// Per-axis variance (m²/s²) of the Doppler noise, once a minute of motion has been seen.
    var noiseVariance: Double? {
        guard seconds >= Self.warmUp, variance > 0 else { return nil }
        let rho = min(0.9, max(0, 1 + 2 * covariance / variance))
        return variance / (2 * (1 - rho))
    }
}
