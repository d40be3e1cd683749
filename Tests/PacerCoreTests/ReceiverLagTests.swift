import XCTest
@testable import PacerCore

/// A receiver whose velocity trails its positions by a first-order lag: the lag is measured from
/// the stops and turns of a walk; auto-pause dates a stop where the athlete stood, not where the
/// lagging speed fell below the trigger; a receiver without a lag keeps its transitions.
final class ReceiverLagTests: XCTestCase {
    private func at(_ s: Double) -> MonotonicInstant { MonotonicInstant(seconds: 100 + s) }

    /// A walk on a square, 1.4 m/s, a 20 s halt at every corner, for `seconds`: true positions
    /// (metres east, north) and the velocity the receiver reports through a lag `tau` (0: none).
    private func walk(seconds: Int, tau: Double) -> [(e: Double, n: Double, ve: Double, vn: Double, speed: Double)] {
        var out: [(Double, Double, Double, Double, Double)] = []
        var e = 0.0, n = 0.0, heading = 0.0, re = 0.0, rn = 0.0
        var leg = 0.0, halt = 0, before = (e: 0.0, n: 0.0)
        for _ in 0..<seconds {
            var ve = 0.0, vn = 0.0
            if halt > 0 { halt -= 1 } else {
                ve = 1.4 * sin(heading); vn = 1.4 * cos(heading)
                leg += 1.4
                if leg >= 70 { leg = 0; heading += .pi / 2; halt = 20 }
            }
            // The speed changes at each second's middle: the position moves by the mean of the two.
            e += (before.e + ve) / 2; n += (before.n + vn) / 2
            before = (ve, vn)
            let alpha = tau > 0 ? 1 - exp(-1 / tau) : 1
            re += alpha * (ve - re); rn += alpha * (vn - rn)
            out.append((e, n, re, rn, hypot(re, rn)))
        }
        return out
    }

    private func lag(_ tau: Double) -> Double {
        var lag = ReceiverLag()
        let plane = LocalTangentPlane(latitude: 47.37, longitude: 8.54)
        for (i, p) in walk(seconds: 1500, tau: tau).enumerated() {
            let g = plane.unproject(east: p.e, north: p.n)
            lag.add(latitude: g.latitude, longitude: g.longitude, velocity: (p.ve, p.vn), at: at(Double(i)))
        }
        return lag.seconds
    }

    /// A smoothing of weight α each second delays the velocity by (1 - α) / α seconds on average.
    func testTheLagIsMeasuredFromStopsAndTurns() {
        func delay(_ tau: Double) -> Double { let alpha = 1 - exp(-1 / tau); return (1 - alpha) / alpha }
        XCTAssertEqual(lag(3), delay(3), accuracy: 0.15)
        XCTAssertEqual(lag(1.5), delay(1.5), accuracy: 0.15)
        XCTAssertEqual(lag(0), 0, accuracy: 0.1)
        XCTAssertEqual(ReceiverLag().seconds, 0, "no changes of velocity seen: no lag")
    }

    /// A runner decelerating at 1 m/s² from 3 m/s to a standstill at 13 s: with the rest speed
    /// (0.3 m/s) the pause is dated when the speed passed it, 12.7 s, not at the first reading
    /// below the 0.7 m/s trigger (13 s); through a 3 s lag, near the same instant.
    func testAPauseIsDatedWhereTheAthleteStood() throws {
        func paused(tau: Double, lag: Double) -> Double? {
            var d = AutoPauseDetector(settings: RecordingSettings().autoPause(for: .run))
            var reported = 3.0
            for t in 0...30 {
                let truth = t < 10 ? 3.0 : max(0, 3.0 - Double(t - 10))
                reported += (tau > 0 ? 1 - exp(-1 / tau) : 1) * (truth - reported)
                if case .pause(let since)? = d.update(speed: reported, at: at(Double(t)), lag: lag, restSpeed: 0.3) {
                    return since.seconds(since: at(0))
                }
            }
            return nil
        }
        XCTAssertEqual(try XCTUnwrap(paused(tau: 0, lag: 0)), 12.7, accuracy: 0.15)
        // Undone of a 3 s lag: within a second of it; left lagging: more than 4 s late.
        XCTAssertEqual(try XCTUnwrap(paused(tau: 3, lag: 3)), 12.7, accuracy: 1)
        XCTAssertGreaterThan(try XCTUnwrap(paused(tau: 3, lag: 0)), 16.5)
    }

    /// A still receiver's noise reads 0.71 m/s once, in the band between the triggers: it restarts
    /// the 3 s confirmation but does not move the pause from where the runner stopped (seen on
    /// receiver model b: 3.4 s late at every such stop).
    func testASpikeAtRestDoesNotMoveThePause() throws {
        var d = AutoPauseDetector(settings: RecordingSettings().autoPause(for: .run))
        var dated: Double?
        for (t, v) in [3.2, 3.1, 1.46, 0.33, 0.34, 0.71, 0.30, 0, 0, 0, 0].enumerated() {
            if case .pause(let since)? = d.update(speed: v, at: at(Double(t)), restSpeed: 0.3) { dated = since.seconds(since: at(0)) }
        }
        // Below 0.7 between 2 s and 3 s (2.67 s), then 0.4 m/s more at the rate it fell: 3.0 s.
        XCTAssertEqual(try XCTUnwrap(dated), 3.02, accuracy: 0.02)
        // Without the rest speed, the first reading below the trigger after the spike, as before.
        var plain = AutoPauseDetector(settings: RecordingSettings().autoPause(for: .run))
        var first: Double?
        for (t, v) in [3.2, 3.1, 1.46, 0.33, 0.34, 0.71, 0.30, 0, 0, 0, 0].enumerated() {
            if case .pause(let since)? = plain.update(speed: v, at: at(Double(t))) { first = since.seconds(since: at(0)) }
        }
        XCTAssertEqual(try XCTUnwrap(first), 6, accuracy: 1e-9)
    }
}
