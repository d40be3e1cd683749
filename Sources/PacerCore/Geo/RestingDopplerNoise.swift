#if canImport(Glibc)
import Glibc
#endif

/// The receiver's Doppler noise measured while it stands still, and the speed that noise can fake.
///
/// A still receiver reports 0.1-0.5 m/s in random directions (more under a poor sky or without a
/// static hold). The position filter averages the Doppler vector to tell standing from moving;
/// that average still wanders, by how much depends on this receiver's noise and on how strongly
/// consecutive readings are correlated, so both are measured at rest rather than assumed.
struct RestingDopplerNoise: Sendable {
    /// Per-axis variance (m²/s²) of the Doppler velocity at rest.
    private(set) var variance = 0.0
    /// Per-axis covariance of consecutive readings at rest.
    private var covariance = 0.0
    private var previous: (east: Double, north: Double)?
    /// Seconds of rest seen, up to the averaging horizon (a plain mean until then).
    private var seconds = 0.0
    private static let horizon = 60.0

    /// One Doppler velocity (m/s) read `dt` seconds after the previous one, while standing.
    mutating func add(east: Double, north: Double, dt: Double) {
        guard east.isFinite, north.isFinite, dt > 0 else { return }
        seconds = min(Self.horizon, seconds + dt)
        let w = min(1, dt / seconds)
        variance += w * ((east * east + north * north) / 2 - variance)
        if let p = previous {
            covariance += w * ((east * p.east + north * p.north) / 2 - covariance)
        }
        previous = (east, north)
    }

    /// The next reading does not follow the last one at rest (moving, or no Doppler in between).
    mutating func interrupt() {
        previous = nil
    }

    /// The speed (m/s) that a single resting reading stays below 99 % of the time (Rayleigh).
    var readingNoiseSpeed: Double {
        (2 * log(100.0) * variance).squareRoot()
    }

    /// The speed (m/s) that an exponential average (weight `alpha` per reading) of the resting
    /// noise stays below 99 % of the time: the noise as AR(1) with the measured lag-one correlation,
    /// the average's per-axis variance from that, and the Rayleigh quantile of its magnitude.
    func noiseSpeed(alpha: Double) -> Double {
        guard variance > 0, alpha > 0, alpha <= 1 else { return 0 }
        let rho = min(0.95, max(0, covariance / variance))
        let r = (1 - alpha) * rho
        let averaged = variance * alpha / (2 - alpha) * (1 + r) / (1 - r)
        return (2 * log(100.0) * averaged).squareRoot()
    }
}
