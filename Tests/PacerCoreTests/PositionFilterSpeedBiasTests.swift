import XCTest
@testable import PacerCore

/// The |v| bias correction at walking pace: noise across the track lengthens |v| by about
/// sigma²/2v, and the filter removes it. Removing the bias of a Doppler noise assumed from HDOP
/// (0.15 m/s x HDOP) from a receiver that is better than that took 0.7 % off every slow walk.
final class PositionFilterSpeedBiasTests: XCTestCase {
    /// 30 minutes at 1.4 m/s on a gently winding path, Doppler noise 0.05 m/s per axis (HDOP
    /// 1.1, so 0.17 m/s assumed): within 0.25 % (measured before: -0.6 % on every seed).
    func testWalkWithAGoodReceiverIsNotShortened() {
        for seed: UInt64 in 1...4 {
            var gen = SyntheticFixes(seed: seed)
            gen.dopplerSigma = 0.05
            let v = 1.4
            let (fixes, truth) = gen.make(duration: 1800) { t in (v * t, 15 * sin(v * t / 60)) }
            var filter = PositionFilter(activity: .walk)
            var distance = 0.0
            for (fix, at) in fixes {
                if case .success(let e) = filter.update(fix, at: at) { distance += e.distanceIncrement }
            }
            print("walk, Doppler noise 0.05 m/s, seed \(seed): truth \(truth) pacer \(distance) (\((distance - truth) / truth * 100) %)")
            XCTAssertEqual(distance, truth, accuracy: truth * 0.0025, "seed \(seed)")
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
