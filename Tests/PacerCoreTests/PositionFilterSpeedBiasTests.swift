import XCTest
@testable import PacerCore

/// The |v| bias correction at walking pace: noise across the track lengthens |v| by about
/// sigma²/2v, and the filter removes it. Removing the bias of a Doppler noise assumed from HDOP
/// (0.15 m/s x HDOP) from a receiver that is better than that took 0.7 % off every slow walk.
final class PositionFilterSpeedBiasTests: XCTestCase {
    /// 30 minutes at 1.4 m/s on a gently winding path with `dopplerSigma` of Doppler noise per
    /// axis (HDOP 1.1, so 0.17 m/s assumed), seeds 1-4: each within `tolerance` of the truth.
    private func checkWalk(dopplerSigma: Double, tolerance: Double) {
        for seed: UInt64 in 1...4 {
            var gen = SyntheticFixes(seed: seed)
            gen.dopplerSigma = dopplerSigma
            let v = 1.4
            let (fixes, truth) = gen.make(duration: 1800) { t in (v * t, 15 * sin(v * t / 60)) }
            var filter = PositionFilter(activity: .walk)
            var distance = 0.0
            for (fix, at) in fixes {
                if case .success(let e) = filter.update(fix, at: at) { distance += e.distanceIncrement }
            }
            print("walk, Doppler noise \(dopplerSigma) m/s, seed \(seed): truth \(truth) pacer \(distance) (\((distance - truth) / truth * 100) %)")
            XCTAssertEqual(distance, truth, accuracy: truth * tolerance, "seed \(seed)")
        }
    }

    /// A receiver better than HDOP assumes (0.05 m/s): within 0.25 % (measured before: -0.6 %
    /// on every seed).
    func testWalkWithAGoodReceiverIsNotShortened() {
        checkWalk(dopplerSigma: 0.05, tolerance: 0.0025)
    }

    /// A phone-grade receiver, 0.35 m/s: the bias of the noise left uncorrected lengthened the
    /// walk (measured before: +1.3 to +2.1 %); the lower bound of the noise measured in motion
    /// removes most of it, a little more than all (-0.03 to -1.1 %: the filter's own variance,
    /// scaled, is an upper bound of what its velocity keeps of the noise).
    func testWalkWithANoisyReceiverIsNotLengthened() {
        checkWalk(dopplerSigma: 0.35, tolerance: 0.0125)
    }

    /// The lower bound of the noise in motion: the noise itself for white noise, below it for
    /// AR(1) noise (a correlated error changes less between readings), and unmoved by braking
    /// and sprinting (speed steps of 1 m/s every minute) that raise the variance estimate.
    func testMovingNoiseLowerBoundHoldsUnderAcceleration() {
        for (sigma, rho) in [(0.35, 0.0), (0.15, 0.6)] {
            var noise = MovingDopplerNoise()
            var random = SeededNoise(seed: 4)
            var error = sigma * random.gaussian()
            for k in 0..<3000 {
                error = rho * error + (1 - rho * rho).squareRoot() * sigma * random.gaussian()
                let pace = (k / 60) % 2 == 0 ? 2.5 : 3.5
                noise.add(speed: pace + error, dt: 1)
            }
            let bound = try! XCTUnwrap(noise.noiseVarianceAtLeast)
            print("moving noise sigma \(sigma) rho \(rho): lower bound \(bound), variance estimate \(noise.noiseVariance ?? -1), true \(sigma * sigma)")
            XCTAssertLessThanOrEqual(bound, sigma * sigma * 1.2, "sigma \(sigma) rho \(rho)")
            if rho == 0 { XCTAssertGreaterThan(bound, sigma * sigma * 0.8) }
        }
    }

    /// The estimate recovers white noise and AR(1) noise (a receiver's tracking loops make its
    /// speed error wander for seconds) alike, from speeds with a slow true speed change on top.
    func testMovingNoiseOfWhiteAndCorrelatedSpeedErrors() {
        for (sigma, rho) in [(0.12, 0.0), (0.15, 0.6)] {
            var noise = MovingDopplerNoise()
            var random = SeededNoise(seed: 9)
            var error = sigma * random.gaussian()
            for k in 0..<3000 {
                error = rho * error + (1 - rho * rho).squareRoot() * sigma * random.gaussian()
                noise.add(speed: 1.4 + 0.1 * sin(Double(k) / 60) + error, dt: 1)
            }
            let measured = try! XCTUnwrap(noise.noiseVariance)
            print("moving noise sigma \(sigma) rho \(rho): measured variance \(measured), true \(sigma * sigma)")
            XCTAssertEqual(measured, sigma * sigma, accuracy: sigma * sigma * 0.3, "sigma \(sigma) rho \(rho)")
        }
    }
}
