import XCTest
@testable import PacerCore

/// The Doppler noise measured in motion, which sizes the |v| bias correction: its estimate from
/// the speed's changes, and its lower bound from the changes across the track.
final class MovingDopplerNoiseTests: XCTestCase {
    /// AR(1) noise of `sigma` and `rho`, one reading a second.
    private struct ARNoise {
        var random: SeededNoise
        let sigma: Double, rho: Double
        var value: Double
        init(sigma: Double, rho: Double, seed: UInt64) {
            random = SeededNoise(seed: seed)
            self.sigma = sigma
            self.rho = rho
            value = sigma * random.gaussian()
        }
        mutating func next() -> Double {
            value = rho * value + (1 - rho * rho).squareRoot() * sigma * random.gaussian()
            return value
        }
    }

    /// Speeds around 1.4 m/s with `sigma`/`rho` noise, and the cross-track changes of the same
    /// noise on a winding path, 50 minutes: a 90 degree turn in 6 s every minute (0.37 m/s
    /// across the track each reading) and gentle curves between.
    private func winding(sigma: Double, rho: Double, seed: UInt64) -> MovingDopplerNoise {
        var estimator = MovingDopplerNoise()
        var along = ARNoise(sigma: sigma, rho: rho, seed: seed), across = ARNoise(sigma: sigma, rho: rho, seed: seed + 100)
        var before = across.value
        for k in 0..<3000 {
            let error = across.next()
            let turnRate = k % 60 < 6 ? Double.pi / 12 : 0.03 * sin(Double(k) / 40)
            estimator.add(speed: 1.4 + along.next(), acrossChange: error - before + 1.4 * turnRate, dt: 1)
            before = error
        }
        return estimator
    }

    /// The lower bound: the noise itself for white noise, below it for AR(1) noise (a
    /// correlated error changes less between readings), and not raised by the turns.
    func testLowerBoundHoldsThroughTurns() {
        for (sigma, rho) in [(0.35, 0.0), (0.15, 0.6)] {
            let bound = try! XCTUnwrap(winding(sigma: sigma, rho: rho, seed: 4).noiseVarianceAtLeast)
            print("noise sigma \(sigma) rho \(rho) on a winding path: lower bound \(bound), true \(sigma * sigma)")
            XCTAssertLessThanOrEqual(bound, sigma * sigma * 1.2, "sigma \(sigma) rho \(rho)")
            if rho == 0 { XCTAssertGreaterThan(bound, sigma * sigma * 0.8) }
        }
    }

    /// From the speed's changes, with a slow true speed change on top: white and AR(1) noise
    /// (a receiver's tracking loops make its error wander for seconds) within 35 %: running
    /// medians (robust to halts, below) are coarser than the means were (measured +31 %, -32 %).
    func testNoiseOfWhiteAndCorrelatedErrors() {
        for (sigma, rho) in [(0.12, 0.0), (0.15, 0.6)] {
            var estimator = MovingDopplerNoise()
            var noise = ARNoise(sigma: sigma, rho: rho, seed: 9)
            for k in 0..<3000 {
                estimator.add(speed: 1.4 + 0.1 * sin(Double(k) / 60) + noise.next(), acrossChange: nil, dt: 1)
            }
            let measured = try! XCTUnwrap(estimator.noiseVariance)
            print("speed noise sigma \(sigma) rho \(rho): measured variance \(measured), true \(sigma * sigma)")
            XCTAssertEqual(measured, sigma * sigma, accuracy: sigma * sigma * 0.35, "sigma \(sigma) rho \(rho)")
        }
    }

    /// A stride's surge (0.25 m/s, along the track only) on 0.1 m/s of noise, with braking and
    /// sprinting (speed steps of 1 m/s every minute): the speed's estimate takes the surge for
    /// noise, five times the truth; the bound, across the track, stays the noise's.
    func testStrideSurgeAndAccelerationDoNotRaiseTheBound() {
        var estimator = MovingDopplerNoise()
        var along = ARNoise(sigma: 0.1, rho: 0, seed: 5), across = ARNoise(sigma: 0.1, rho: 0, seed: 6)
        var surge = SeededNoise(seed: 7)
        var before = across.value
        for k in 0..<3000 {
            let pace = (k / 60) % 2 == 0 ? 2.5 : 3.5
            let error = across.next()
            estimator.add(speed: pace + along.next() + 0.25 * surge.gaussian(), acrossChange: error - before, dt: 1)
            before = error
        }
        let measured = try! XCTUnwrap(estimator.noiseVariance), bound = try! XCTUnwrap(estimator.noiseVarianceAtLeast)
        print("stride surge: estimate from the speed \(measured), bound across the track \(bound), true 0.01")
        XCTAssertGreaterThan(measured, 0.04)
        XCTAssertEqual(bound, 0.01, accuracy: 0.002)
    }

    /// A walker's halts and shuffles (the speed falling to 0.6 m/s and back at 1 m/s² for 10 s,
    /// every 90 s) on 0.05 m/s of noise that a receiver's own smoothing correlates (rho 0.7):
    /// the medians see the noise (within 40 %); the means took the halts for noise, several
    /// times the truth, and the walk lost the difference.
    func testHaltsDoNotRaiseTheEstimate() {
        var estimator = MovingDopplerNoise()
        var noise = ARNoise(sigma: 0.05, rho: 0.7, seed: 11)
        for k in 0..<1800 {
            let x = Double(k % 90)
            let dip = x < 10 ? min(0.8, x, 10 - x) : 0
            estimator.add(speed: 1.4 - dip + noise.next(), acrossChange: nil, dt: 1)
        }
        let measured = try! XCTUnwrap(estimator.noiseVariance)
        print("halts on smoothed noise: measured variance \(measured), true 0.0025")
        XCTAssertEqual(measured, 0.0025, accuracy: 0.001)
    }
}
