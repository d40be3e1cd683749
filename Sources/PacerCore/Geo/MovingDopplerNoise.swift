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
/// Modelling the noise as AR(1), the changes over one reading and over two have variances
/// D1 = 2 sigma² (1 - rho) and D2 = 2 sigma² (1 - rho²): their ratio gives the correlation
/// (rho = D2 / D1 - 1) and then D1 the variance: white noise (rho 0) and the wandering noise of
/// a receiver's tracking loops, or of one that smooths its own velocity, are both measured.
/// Both are running medians, not means: a walker's halts and shuffles, a runner's lights, are
/// a few seconds of large, steady changes a minute. In the means they outweighed the noise of
/// a receiver that smooths its velocity (0.05 m/s) and, being one-signed, read as correlation:
/// the estimate came out at the HDOP guess, and about 0.7 % came off every walk of such a
/// receiver (sim model c, steady walking). A median ignores them while they are a minority.
///
/// True acceleration can still add to that estimate, and so does a stride's surge (a walker's speed
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
    /// Natural logs of the running medians of the squared speed changes over one and two readings.
    private var logMedianChange: Double?
    private var logMedianChange2: Double?
    /// Changes seen since the last start, for the medians' step (large at first: they start anywhere).
    private var changes = 0.0
    private var previousSpeed: Double?
    /// The speed two readings ago (nil after an interruption or before two readings).
    private var earlierSpeed: Double?
    /// Natural log of the running median of the squared second differences across the track.
    private var logMedianBend: Double?
    private var previousAcross: Double?
    private var seconds = 0.0
    private var bendSeconds = 0.0
    /// Seconds of steady motion before the estimate is used.
    private static let warmUp = 60.0

    /// One reported speed (m/s) and the cross-track component of the velocity change since the
    /// previous reading (nil without a previous direction), `dt` seconds after it, while moving.
    mutating func add(speed: Double, acrossChange: Double?, dt: Double) {
        guard speed.isFinite, dt > 0, dt <= 1.5 else { return interrupt() }
        addAcross(acrossChange, dt: dt)
        defer { earlierSpeed = previousSpeed; previousSpeed = speed }
        guard let before = previousSpeed else { return }
        seconds += dt
        changes += 1
        // Robbins-Monro: 2/n settles from any start within a minute, then the fixed step tracks.
        let step = max(Self.medianStep, 2 / changes)
        Self.stepMedian(&logMedianChange, toward: (speed - before) * (speed - before), step: step)
        if let earlier = earlierSpeed {
            Self.stepMedian(&logMedianChange2, toward: (speed - earlier) * (speed - earlier), step: step)
        }
    }

    /// A step of fixed size in the log towards each new value: it settles where half lie either side.
    private static func stepMedian(_ median: inout Double?, toward squared: Double, step: Double = medianStep) {
        let value = log(max(squared, 1e-8))
        guard let m = median else { median = value; return }
        median = m + (value > m ? step : -step)
    }

    private mutating func addAcross(_ change: Double?, dt: Double) {
        guard let change, change.isFinite else { previousAcross = nil; return }
        defer { previousAcross = change }
        guard let before = previousAcross else { return }
        bendSeconds += dt
        Self.stepMedian(&logMedianBend, toward: max((change - before) * (change - before), 1e-6))
    }

    /// The next speed does not follow this one in steady motion.
    mutating func interrupt() {
        previousSpeed = nil
        earlierSpeed = nil
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
    /// Both medians are of squared Gaussians (the same 0.455 times their variances), so their
    /// ratio is that of the variances.
    /// A running median is a coarse estimate (its 0.03 step wanders some 20 % either side, and
    /// the correlation is a ratio of two of them): within 30 % or so. That is what matters little:
    /// the bias it sizes is sigma² / 2v², and 30 % of a 0.05 m/s receiver's is 0.02 % of a walk.
    /// What mattered was the factor of 5-10 that halts put into the means. (Changes over four
    /// readings, less dependent on the ratio, were more precise on steady noise but a median of
    /// them is moved twice as far by a halt's ramps: walks of model c lost 0.17 % more.)
    var noiseVariance: Double? {
        guard seconds >= Self.warmUp, let m1 = logMedianChange, let m2 = logMedianChange2 else { return nil }
        let rho = min(0.9, max(0, exp(m2 - m1) - 1))
        return exp(m1) / 0.455 / (2 * (1 - rho))
    }
}
