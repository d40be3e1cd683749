#if canImport(Glibc)
import Glibc
#endif

/// The receiver's Doppler noise measured while it stands still, and the speed that noise can fake.
///
/// A still receiver reports 0.1-0.5 m/s in random directions (more under a poor sky or without a
/// static hold). The position filter averages the Doppler vector to tell standing from moving;
/// that average still wanders, by how much depends on this receiver's noise and on how strongly
/// consecutive readings are correlated, so both are measured at rest rather than assumed.
///
/// What the filter took for a standstill can be slow travel (a steep hike at 0.7 m/s, or the
/// first steps after a stop). Counted as noise, it raised the standing threshold until the hike
/// never left its standstill. So a reading counts for good only once the `confirmSeconds` after
/// it average to no travel (noise averages out, travel does not); until then it counts
/// provisionally, so that a short stop still measures the noise at once.
struct RestingDopplerNoise: Sendable {
    /// Moments of the readings: per-axis variance and lag-one covariance (m²/s²).
    private struct Moments: Sendable {
        var variance = 0.0
        var covariance = 0.0
        var previous: (east: Double, north: Double)?
        /// Seconds of rest seen, up to the averaging horizon (a plain mean until then).
        var seconds = 0.0

        mutating func count(east: Double, north: Double, dt: Double) {
            seconds = min(RestingDopplerNoise.horizon, seconds + dt)
            let w = min(1, dt / seconds)
            variance += w * ((east * east + north * north) / 2 - variance)
            if let p = previous {
                covariance += w * ((east * p.east + north * p.north) / 2 - covariance)
            }
            previous = (east, north)
        }

        var rho: Double { variance > 0 ? min(0.95, max(0, covariance / variance)) : 0 }
    }

    private static let horizon = 60.0
    static let confirmSeconds = 10.0

    private var confirmed = Moments()
    /// `confirmed` with the pending readings counted: what the thresholds use.
    private var provisional = Moments()
    /// Readings at rest not yet confirmed, oldest first from `pendingStart`, and their seconds.
    private var pending: [(east: Double, north: Double, dt: Double)] = []
    private var pendingStart = 0
    private var pendingSeconds = 0.0
    /// The pending readings' sum of velocity times seconds (metres east and north).
    private var pendingEast = 0.0, pendingNorth = 0.0

    /// Per-axis variance (m²/s²) of the Doppler velocity at rest.
    var variance: Double { provisional.variance }

    /// One Doppler velocity (m/s) read `dt` seconds after the previous one, while standing;
    /// readings whose next `confirmSeconds` average to `travelSpeed` or more, or to more than
    /// the confirmed noise makes of such a mean, were travel.
    mutating func add(east: Double, north: Double, dt: Double, travelSpeed: Double) {
        guard east.isFinite, north.isFinite, dt > 0 else { return }
        pending.append((east, north, dt))
        pendingSeconds += dt
        pendingEast += east * dt
        pendingNorth += north * dt
        var travelled = false
        while pendingStart < pending.count, pendingSeconds - pending[pendingStart].dt >= Self.confirmSeconds {
            let r = pending[pendingStart]
            let mean = hypot(pendingEast, pendingNorth) / pendingSeconds
            let travelling = mean >= max(travelSpeed, Self.meanNoiseSpeed(confirmed, readings: Double(pending.count - pendingStart)))
            pendingStart += 1
            pendingSeconds -= r.dt
            pendingEast -= r.east * r.dt
            pendingNorth -= r.north * r.dt
            if travelling {
                confirmed.previous = nil
                travelled = true
            } else {
                confirmed.count(east: r.east, north: r.north, dt: r.dt)
            }
        }
        if pendingStart >= 64 {
            // Keeps the storage it has: no allocation at 1 or 10 Hz once it has grown.
            pending.removeFirst(pendingStart)
            pendingStart = 0
        }
        if travelled {
            // A reading left out: the confirmed ones and the pending ones are a new sequence.
            provisional = confirmed
            for r in pending[pendingStart...] { provisional.count(east: r.east, north: r.north, dt: r.dt) }
        } else {
            // Confirming a reading moves it from pending to confirmed in the same order: the
            // sequence `provisional` counted is unchanged, and only the new reading is added.
            provisional.count(east: east, north: north, dt: dt)
        }
    }

    /// The standstill ended (or the Doppler paused): the pending readings are dropped, as the
    /// start of the motion that ended it, or too few seconds to tell noise from travel.
    mutating func interrupt() {
        confirmed.previous = nil
        provisional = confirmed
        pending.removeAll(keepingCapacity: true)
        pendingStart = 0
        pendingSeconds = 0
        pendingEast = 0
        pendingNorth = 0
    }

    /// The speed (m/s) that a single resting reading stays below 99 % of the time (Rayleigh).
    var readingNoiseSpeed: Double {
        Self.speed99(perAxisVariance: provisional.variance)
    }

    /// The speed (m/s) that an exponential average (weight `alpha` per reading) of the resting
    /// noise stays below 99 % of the time: the noise as AR(1) with the measured lag-one correlation,
    /// the average's per-axis variance from that, and the Rayleigh quantile of its magnitude.
    /// `confirmedOnly`: of the noise before the pending readings, to judge those readings by.
    func noiseSpeed(alpha: Double, confirmedOnly: Bool = false) -> Double {
        let m = confirmedOnly ? confirmed : provisional
        guard m.variance > 0, alpha > 0, alpha <= 1 else { return 0 }
        let r = (1 - alpha) * m.rho
        return Self.speed99(perAxisVariance: m.variance * alpha / (2 - alpha) * (1 + r) / (1 - r))
    }

    /// The speed (m/s) that the mean of `readings` consecutive resting readings stays below 99 %
    /// of the time (AR(1) noise: the variance of a long mean grows by (1 + rho) / (1 - rho)).
    private static func meanNoiseSpeed(_ m: Moments, readings: Double) -> Double {
        guard m.variance > 0, readings >= 1 else { return 0 }
        return speed99(perAxisVariance: m.variance / readings * (1 + m.rho) / (1 - m.rho))
    }

    /// The speed that the magnitude of a velocity with this Gaussian noise per axis stays below
    /// 99 % of the time (Rayleigh: sigma x sqrt(2 ln 100)).
    private static func speed99(perAxisVariance: Double) -> Double {
        (2 * log(100.0) * perAxisVariance).squareRoot()
    }
}
