import Foundation
import PacerCore
import XCTest

/// The session-end altitude map: laps over the same ground average the wandering GPS altitude
/// away, while a route never repeated keeps exactly the live tracker's gain.
final class RouteAltitudeMapTests: XCTestCase {
    /// Runs `laps` laps of a `lap` metre circle at 4 m/s with GPS-like altitude error
    /// (Gauss-Markov, sigma 5 m, tau 120 s) over terrain `height(metres along the lap)`.
    private func laps(_ laps: Int, of lap: Double = 400, seed: UInt64, height: (Double) -> Double) -> (live: Double, map: Double) {
        var noise = SeededNoise(seed: seed)
        var live = ElevationTracker()
        var map = RouteAltitudeMap()
        let phi = exp(-1.0 / 120), q = 5 * (1 - phi * phi).squareRoot()
        var error = 5 * noise.gaussian()
        let radius = lap / (2 * Double.pi)
        let secondsPerLap = Int(lap / 4)
        for s in 0..<(laps * secondsPerLap) {
            error = phi * error + q * noise.gaussian()
            let along = Double(s % secondsPerLap) * 4
            let angle = along / radius
            let latitude = 51.5 + radius * sin(angle) / 110_574
            let longitude = -0.15 + radius * cos(angle) / (111_320 * cos(51.5 * .pi / 180))
            let altitude = 40 + height(along) + error
            let instant = MonotonicInstant(seconds: Double(s))
            if live.update(altitude: altitude, verticalSigma: 4.7, speed: 4, at: instant) {
                map.record(altitude: altitude, latitude: latitude, longitude: longitude, verticalSigma: 4.7, at: instant)
            }
        }
        return (live.gain, map.gainAndLoss(like: live).gain)
    }

    func testFlatTrackLapsAverageTheDriftAway() {
        for seed: UInt64 in 1...4 {
            let (live, map) = laps(18, seed: seed) { _ in 0 }
            print("flat track seed \(seed): live gain \(live), map gain \(map) (truth 0)")
            XCTAssertLessThan(map, 6, "seed \(seed)")
        }
    }

    func testHillyLoopKeepsItsClimbs() {
        // A 15 m climb and descent per 2 km lap, 6 laps (50 min): truth 90 m. Six visits leave
        // 5 m / sqrt(6) = 2 m of error per cell, and one spurious bump in the mean lap counts six
        // times, so single seeds stay 0-35 % off (measured); on average the map must beat live.
        var liveError = 0.0, mapError = 0.0
        for seed: UInt64 in 1...4 {
            let (live, map) = laps(6, of: 2000, seed: seed) { along in 7.5 - 7.5 * cos(along / 2000 * 2 * .pi) }
            print("hilly loop seed \(seed): live gain \(live), map gain \(map) (truth 90)")
            XCTAssertEqual(map, 90, accuracy: 90 * 0.40, "seed \(seed)")
            liveError += abs(live - 90)
            mapError += abs(map - 90)
        }
        XCTAssertLessThan(mapError, liveError)
    }

    func testARouteNeverRepeatedGivesTheLiveValue() {
        var noise = SeededNoise(seed: 3)
        var live = ElevationTracker()
        var map = RouteAltitudeMap()
        var error = 0.0
        for s in 0..<1800 {
            error = 0.99 * error + 0.7 * noise.gaussian()
            // Straight north at 3 m/s over 20 m hills 1.5 km apart.
            let north = Double(s) * 3
            let altitude = 200 + 10 - 10 * cos(north / 1500 * 2 * .pi) + error
            let instant = MonotonicInstant(seconds: Double(s))
            if live.update(altitude: altitude, verticalSigma: 4.7, speed: 3, at: instant) {
                map.record(altitude: altitude, latitude: 47 + north / 110_574, longitude: 8, verticalSigma: 4.7, at: instant)
            }
        }
        let (gain, loss) = map.gainAndLoss(like: live)
        // Equal but for the map storing altitudes as Float (1e-5 m at 200 m).
        XCTAssertEqual(gain, live.gain, accuracy: 0.01)
        XCTAssertEqual(loss, live.loss, accuracy: 0.01)
        XCTAssertGreaterThan(gain, 50)
    }
}
