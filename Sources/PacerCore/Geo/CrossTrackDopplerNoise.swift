#if canImport(Glibc)
import Glibc
#endif

/// The Doppler velocity noise across the track, measured in motion: the noise that biases |v|
/// (noise along the track adds to the speed as often as it takes away), from the cross-track
/// component of the change between consecutive velocities (|v| sin of the course change),
/// which a stride's surge and a receiver's along-track filtering leave alone.
///
/// A turn adds its rate times the speed to every change while it lasts. Modelling the noise
/// as AR(1) (sigma, rho), the running moments of the changes at lags 0, 1 and 2 give two
/// differences in which a slowly varying mean cancels: lag0 - lag1 = sigma²(1-rho)(3-rho) and
/// lag2 - lag1 = sigma²(1-rho)³. A turn's start and end do not cancel: a reading is left out
/// when three changes around it add up to more than noise can (a street corner, 90 degrees
/// in 6 s at 1.4 m/s, adds 1.1 m/s over three readings; the limit for 0.15 m/s of noise is
/// 0.7). What gentle turns leave still makes rho uncertain when the noise is large against
/// the speed (a slow hike), hence `MovingDopplerNoise` takes the lesser of this and the
/// speed's own estimate.
///
/// The lower bound, which turns cannot raise: the median of the squared second differences,
/// 2 sigma²(1-rho)(3-rho), at most 6 sigma² (correlated noise changes less between readings).
struct CrossTrackDopplerNoise: Sendable {
    /// Running means of d(k)², d(k) d(k-1) and d(k) d(k-2), d being the cross-track changes.
    private var lag0 = 0.0, lag1 = 0.0, lag2 = 0.0
    /// Natural log of the running median of the squared second differences.
    private var logMedianBend: Double?
    private var previous: Double?, beforePrevious: Double?
    /// The latest changes, the middle one waiting for its neighbours to tell noise from a turn.
    private var unjudged: [(change: Double, dt: Double)] = []
    private static let judgedSpan = 5
    private var seconds = 0.0
    private static let horizon = 600.0
    /// Seconds of steady motion before the estimate is used.
    private static let warmUp = 60.0

    /// The cross-track component of the velocity change (m/s) over the `dt` seconds since the
    /// previous reading, while moving.
    mutating func add(change: Double, dt: Double) {
        guard change.isFinite, dt > 0, dt <= 1.5 else { return interrupt() }
        if unjudged.capacity < Self.judgedSpan { unjudged.reserveCapacity(Self.judgedSpan) }
        unjudged.append((change, dt))
        guard unjudged.count == Self.judgedSpan else { return }
        // The middle reading is noise unless three changes around it add up to a turn. Three
        // changes of noise are x(k) - x(k-3), variance 2 sigma²(1-rho³): at most 3 lag0. Not
        // before lag0 is an average: judged by a first small change, every later one was a turn.
        let limit = 3 * (3 * lag0).squareRoot()
        let turning = seconds >= Self.warmUp
            && (0...2).contains { abs(unjudged[$0].change + unjudged[$0 + 1].change + unjudged[$0 + 2].change) > limit }
        let (d, readingDt) = unjudged[Self.judgedSpan / 2]
        unjudged.removeFirst()
        if turning {
            previous = nil
            beforePrevious = nil
            return
        }
        seconds = min(Self.horizon, seconds + readingDt)
        let w = min(1, readingDt / seconds)
        lag0 += w * (d * d - lag0)
        if let p = previous {
            lag1 += w * (d * p - lag1)
            if let q = beforePrevious { lag2 += w * (d * q - lag2) }
            let bend = max((d - p) * (d - p), 1e-6)
            if let m = logMedianBend {
                // A step of fixed size towards each new value: it settles where half lie either side.
                logMedianBend = m + (log(bend) > m ? Self.medianStep : -Self.medianStep)
            } else {
                logMedianBend = log(bend)
            }
        }
        beforePrevious = previous
        previous = d
    }

    /// The next reading does not follow this one in steady motion: the readings not yet judged
    /// are dropped with the chain.
    mutating func interrupt() {
        unjudged.removeAll(keepingCapacity: true)
        previous = nil
        beforePrevious = nil
    }

    /// Per-step move of the log median: about 1.5 % spread around it, settled in a few minutes.
    private static let medianStep = 0.03

    /// Per-axis variance (m²/s²) that the Doppler noise is at least, once a minute of motion has
    /// been seen: a squared Gaussian has its median at 0.455 times its variance, and the second
    /// difference's variance is at most 6 times the noise's (6 when readings are independent).
    var noiseVarianceAtLeast: Double? {
        guard seconds >= Self.warmUp, let m = logMedianBend else { return nil }
        return exp(m) / 0.455 / 6
    }

    /// Per-axis variance (m²/s²) of the Doppler noise, once a minute of motion has been seen.
    var noiseVariance: Double? {
        let spread = lag0 - lag1
        guard seconds >= Self.warmUp, spread > 0 else { return nil }
        // (1 - rho)² / (3 - rho) = r: u = 1 - rho solves u² - r u - 2 r = 0; rho within 0...0.9.
        let r = max(0, (lag2 - lag1) / spread)
        let u = min(1, max(0.1, (r + (r * r + 8 * r).squareRoot()) / 2))
        return spread / (u * (2 + u))
    }
}
