#if canImport(Glibc)
import Glibc
#endif
@testable import PacerCore

/// Deterministic pseudo-random numbers (SplitMix64) and Gaussian noise for synthetic tracks.
struct SeededNoise {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func uniform() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return (Double(z >> 11) + 0.5) / 9_007_199_254_740_992
    }

    mutating func gaussian() -> Double {
        (-2 * log(uniform())).squareRoot() * cos(2 * .pi * uniform())
    }
}

/// Builds fixes along a true path with receiver-like errors: Gauss-Markov (correlated) position
/// noise, Doppler speed noise, occasional multipath jumps and dropouts.
struct SyntheticFixes {
    var origin = (latitude: 47.3769, longitude: 8.5417)
    var positionSigma = 3.0
    var correlationSeconds = 60.0
    /// Uncorrelated noise on top (m, per axis): a receiver's fast jitter.
    var whiteSigma = 0.0
    var dopplerSigma = 0.1
    /// Doppler noise while the true path stands still, when it differs (a receiver without a
    /// static hold reports more at rest than in motion).
    var restingDopplerSigma: Double?
    /// Speed noise along the track only (m/s): a stride's surge sampled once a second, or a
    /// receiver whose filter smooths the course more than the speed. It does not lengthen |v|.
    var alongTrackSigma = 0.0
    var withDoppler = true
    var outlierProbability = 0.0
    var noise: SeededNoise

    init(seed: UInt64) { noise = SeededNoise(seed: seed) }

    /// `path(t)` gives the true east/north metres at t seconds; returns fixes and the true length.
    mutating func make(duration: Double, rate: Double = 1, dropouts: [ClosedRange<Double>] = [],
                       path: (Double) -> (east: Double, north: Double)) -> (fixes: [(GNSSFix, MonotonicInstant)], truth: Double) {
        let plane = LocalTangentPlane(latitude: origin.latitude, longitude: origin.longitude)
        var result: [(GNSSFix, MonotonicInstant)] = []
        var ne = 0.0, nn = 0.0
        let dt = 1 / rate
        let phi = exp(-dt / correlationSeconds)
        var truth = 0.0
        var previous = path(0)
        var t = 0.0
        let start = UTCTime(year: 2026, month: 3, day: 1, hour: 7, minute: 0, second: 0)!
        while t <= duration + 1e-9 {
            let p = path(t)
            truth += hypot(p.east - previous.east, p.north - previous.north)
            let ahead = path(t + 0.05)
            let ve = (ahead.east - p.east) / 0.05, vn = (ahead.north - p.north) / 0.05
            previous = p
            ne = phi * ne + (1 - phi * phi).squareRoot() * positionSigma * noise.gaussian()
            nn = phi * nn + (1 - phi * phi).squareRoot() * positionSigma * noise.gaussian()
            var e = p.east + ne + whiteSigma * noise.gaussian(), n = p.north + nn + whiteSigma * noise.gaussian()
            if noise.uniform() < outlierProbability {
                e += 80 + 100 * noise.uniform()
                n -= 60 + 100 * noise.uniform()
            }
            if !dropouts.contains(where: { $0.contains(t) }) {
                let g = plane.unproject(east: e, north: n)
                var fix = GNSSFix(time: UTCTime(millisecondsSinceEpoch: start.millisecondsSinceEpoch + Int64((t * 1000).rounded())),
                                  mode: .threeD, latitude: g.latitude, longitude: g.longitude, altitudeMSL: 400, hdop: 1.1)
                if withDoppler {
                    let sigma = hypot(ve, vn) < 0.05 ? restingDopplerSigma ?? dopplerSigma : dopplerSigma
                    // Drawn only when asked for, so that every other test's noise stays as it was.
                    let speed = hypot(ve, vn), surge = alongTrackSigma > 0 && speed >= 0.05 ? alongTrackSigma * noise.gaussian() / speed : 0
                    let de = ve * (1 + surge) + sigma * noise.gaussian(), dn = vn * (1 + surge) + sigma * noise.gaussian()
                    fix.speed = hypot(de, dn)
                    fix.track = (atan2(de, dn) * 180 / .pi + 360).truncatingRemainder(dividingBy: 360)
                }
                result.append((fix, MonotonicInstant(seconds: 1000 + t)))
            }
            t += dt
        }
        return (result, truth)
    }

    /// Sum of haversine distances between consecutive raw fixes: the naive tracker.
    static func naiveDistance(_ fixes: [(GNSSFix, MonotonicInstant)]) -> Double {
        var total = 0.0
        for i in 1..<max(1, fixes.count) {
            let a = fixes[i - 1].0, b = fixes[i].0
            total += Geodesy.haversine(latitude1: a.latitude!, longitude1: a.longitude!, latitude2: b.latitude!, longitude2: b.longitude!)
        }
        return total
    }
}
