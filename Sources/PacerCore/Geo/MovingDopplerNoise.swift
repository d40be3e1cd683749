#if canImport(Glibc)
import Glibc
#endif

/// The receiver's Doppler speed noise in motion, measured from the velocities it reports.
///
/// |v| of a noisy velocity is biased up by about sigma²/2v (noise across the track adds to the
/// length in quadrature), 0.4-0.8 % at walking pace; the filter removes that bias, and must
/// remove this receiver's, not one assumed from HDOP (a guessed sigma too large takes the
/// excess off every slow walk). The reported speed's changes from one reading to the next are
/// noise plus the athlete's acceleration, which is small and smooth while moving steadily.
/// Modelling the noise as AR(1), the variance V of those changes and their lag-one covariance
/// C give both the noise's correlation (1 - rho = -2 C / V) and its variance (V / 2 (1 - rho)):
/// white noise (rho 0) and the slowly wandering noise of a receiver's tracking loops are both
/// measured.
///
/// True acceleration adds to that estimate, and so does a stride's surge (a walker's speed
/// sampled once a second), so it can only say a receiver is better than assumed. That it is
/// worse (a phone-grade chip, a body-worn patch antenna: 0.3-0.5 m/s) takes a bound that
/// neither can raise, from the changes across the track (|v| sin of the course change): the
/// median of their squared second differences. A steady turn's rate cancels in a second
/// difference, its start and end are too few to move a median, and a surge along the track is
/// not across it. For AR(1) noise that second difference has variance 2 sigma²(1-rho)(3-rho),
/// at most 6 sigma² (correlated noise changes less between readings). Read from the speed's
/// own changes, the bound took a 0.2 m/s surge for noise: 0.74 % and 0.98 % came off the
/// simulated walks on average (8 seeds of each receiver).
struct MovingDopplerNoise: Sendable {
    private var variance = 0.0
    private var covariance = 0.0
    private var previousSpeed: Double?
    private var previousChange: Double?
    /// Natural log of the running median of the squared second differences across the track.
    private var logMedianBend: Double?
    private var previousAcross: Double?
    private var seconds = 0.0
    private var bendSeconds = 0.0
    private static let horizon = 600.0
    /// Seconds of steady motion before the estimate is used.
    private static let warmUp = 60.0

    /// One reported speed (m/s) and the cross-track component of the velocity change since the
    /// previous reading (nil without a previous direction), `dt` seconds after it, while moving.
    mutating func add(speed: Double, acrossChange: Double?, dt: Double) {
        guard speed.isFinite, dt > 0, dt <= 1.5 else { return interrupt() }
        addAcross(acrossChange, dt: dt)
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

    private mutating func addAcross(_ change: Double?, dt: Double) {
        guard let change, change.isFinite else { previousAcross = nil; return }
        defer { previousAcross = change }
        guard let before = previousAcross else { return }
        bendSeconds += dt
        let squared = max((change - before) * (change - before), 1e-6)
        if let m = logMedianBend {
            // A step of fixed size towards each new value: it settles where half lie either side.
            logMedianBend = m + (log(squared) > m ? Self.medianStep : -Self.medianStep)
        } else {
            logMedianBend = log(squared)
        }
    }

    /// The next speed does not follow this one in steady motion.
    mutating func interrupt() {
        previousSpeed = nil
        previousChange = nil
        previousAcross = nil
    }

    /// Per-step move of the log median: about 1.5 % spread around it, settled in a few minutes.
    private static let medianStep = 0.03

    /// Per-axis variance (m²/s²) that the Doppler noise is at least, once a minute of motion has
    /// been seen: a squared Gaussian has its median at 0.455 times its variance.
    var noiseVarianceAtLeast: Double? {
        guard bendSeconds >= Self.warmUp, let m = logMedianBend else { return nil }
        return exp(m) / 0.455 / 6
    }

    /// Per-axis variance (m²/s²) of the Doppler noise, once a minute of motion has been seen.
    var noiseVariance: Double? {
        guard seconds >= Self.warmUp, variance > 0 else { return nil }
        let rho = min(0.9, max(0, 1 + 2 * covariance / variance))
        return variance / (2 * (1 - rho))
    }
}
