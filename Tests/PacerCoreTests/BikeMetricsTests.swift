import XCTest
@testable import PacerCore

/// Power, normalized power, wheel speed and distance with hand-computed values.
final class BikeMetricsTests: XCTestCase {
    private func at(_ s: Double) -> MonotonicInstant { MonotonicInstant(seconds: s) }

    private func ride(_ watts: [Int], from start: Double = 0, into tracker: inout PowerTracker) {
        for (i, w) in watts.enumerated() { tracker.accept(watts: w, at: at(start + Double(i)), recording: true) }
    }

    func testConstantPowerHasEqualAverageAndNormalized() throws {
        var p = PowerTracker()
        ride(Array(repeating: 200, count: 60), into: &p)
        p.advance(to: at(60), recording: true)
        XCTAssertEqual(p.totals.seconds, 60, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(p.totals.average), 200, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(p.normalized()), 200, accuracy: 1e-9)
        XCTAssertEqual(p.maximum(), 200)
    }

    /// A glitch of 32767 W (the field's largest value) among 200 W readings is passed over (the
    /// recorder counts it, `SessionRecorderTests`): the reading before it holds, and the maximum, average and NP stay 200 W.
    func testAnImplausibleReadingIsPassedOver() throws {
        var p = PowerTracker()
        ride(Array(repeating: 200, count: 30), into: &p)
        p.accept(watts: 32767, at: at(29.5), recording: true)
        XCTAssertEqual(p.watts(at: at(29.6)), 200)
        ride(Array(repeating: 200, count: 30), from: 30, into: &p)
        p.advance(to: at(60), recording: true)
        XCTAssertEqual(p.maximum(), 200)
        XCTAssertEqual(try XCTUnwrap(p.totals.average), 200, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(p.normalized()), 200, accuracy: 1e-9)
        p.accept(watts: PowerTracker.plausibleMaximum, at: at(60.5), recording: true)
        XCTAssertEqual(p.maximum(), PowerTracker.plausibleMaximum, "the bound itself is a reading")
    }

    /// 30 s at 100 W then 30 s at 300 W: the 31 rolling means are 100 + 200 j / 30 (j = 0...30);
    /// NP = (mean of their 4th powers)^(1/4) = 223.0694887793096 (computed in Python), average 200.
    func testNormalizedPowerOfAStep() throws {
        var p = PowerTracker()
        ride(Array(repeating: 100, count: 30) + Array(repeating: 300, count: 30), into: &p)
        p.advance(to: at(60), recording: true)
        XCTAssertEqual(try XCTUnwrap(p.totals.average), 200, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(p.normalized()), 223.0694887793096, accuracy: 1e-9)
        XCTAssertEqual(p.maximum(), 300)
        XCTAssertEqual(try XCTUnwrap(p.threeSecondWatts(at: at(60))), 300, accuracy: 1e-9)
    }

    /// 200 W at 0...9 s, silence until 30 s, 200 W at 30...39 s. The last reading holds to 12 s,
    /// 12-19 s is coasting at 0 W, 19-30 s is a dropout counted nowhere: 4400 J over 29 s.
    func testCoastingCountsAsZeroAndDropoutNotAtAll() throws {
        var p = PowerTracker()
        ride(Array(repeating: 200, count: 10), into: &p)
        XCTAssertEqual(p.watts(at: at(11)), 200)
        XCTAssertEqual(p.watts(at: at(15)), 0)
        XCTAssertNil(p.watts(at: at(25)))
        ride(Array(repeating: 200, count: 10), from: 30, into: &p)
        p.advance(to: at(40), recording: true)
        XCTAssertEqual(p.totals.seconds, 29, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(p.totals.average), 4400.0 / 29, accuracy: 1e-9)
    }

    func testPausedTimeIsNotCountedAndLapsAreDifferences() throws {
        var p = PowerTracker()
        ride(Array(repeating: 100, count: 40), into: &p)
        p.advance(to: at(40), recording: true)
        let lapStart = p.totals
        // A pause: readings keep arriving but neither time nor maximum counts.
        for s in 40..<50 { p.accept(watts: 900, at: at(Double(s)), recording: false) }
        p.advance(to: at(50), recording: false)
        ride(Array(repeating: 300, count: 40), from: 50, into: &p)
        p.advance(to: at(90), recording: true)
        XCTAssertEqual(p.totals.seconds, 80, accuracy: 1e-9)
        XCTAssertEqual(p.maximum(), 300)
        let lap = p.totals.since(lapStart)
        XCTAssertEqual(lap.seconds, 40, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(lap.average), 300, accuracy: 1e-9)
        XCTAssertNil(PowerTracker().totals.average)
        XCTAssertNil(PowerTracker().normalized())
    }

    /// CSC: 0xFFFFFFFE -> 3 is 5 revolutions, event time 64512 -> 1024 is 2048 ticks = 2 s at 1/1024 s.
    func testWheelRolloverInBothTimeUnits() {
        var csc = WheelSpeedCalculator(ticksPerSecond: 1024, circumferenceMillimetres: 2105)
        XCTAssertEqual(csc.update(revolutions: 0xFFFF_FFFE, eventTime: 64512, at: at(0)), 0)
        XCTAssertEqual(csc.update(revolutions: 3, eventTime: 1024, at: at(2)), 5 * 2.105, accuracy: 1e-9)
        XCTAssertEqual(csc.speed!, 5 * 2.105 / 2, accuracy: 1e-9)
        // A power meter counts the same ticks at 1/2048 s: the same 5 revolutions took 1 s.
        var cps = WheelSpeedCalculator(ticksPerSecond: 2048, circumferenceMillimetres: 2105)
        _ = cps.update(revolutions: 0xFFFF_FFFE, eventTime: 64512, at: at(0))
        XCTAssertEqual(cps.update(revolutions: 3, eventTime: 1024, at: at(1)), 5 * 2.105, accuracy: 1e-9)
        XCTAssertEqual(cps.speed!, 5 * 2.105, accuracy: 1e-9)
    }

    func testStoppedWheelAndCounterJump() {
        var w = WheelSpeedCalculator(ticksPerSecond: 1024, circumferenceMillimetres: 2000)
        _ = w.update(revolutions: 100, eventTime: 1000, at: at(0))
        XCTAssertEqual(w.update(revolutions: 104, eventTime: 3048, at: at(2)), 8, accuracy: 1e-9)
        XCTAssertEqual(w.speed!, 4, accuracy: 1e-9)
        // The sensor repeats its last event: no distance; after 3 s without an event, speed 0.
        XCTAssertEqual(w.update(revolutions: 104, eventTime: 3048, at: at(3)), 0)
        XCTAssertEqual(w.speed!, 4, accuracy: 1e-9)
        XCTAssertEqual(w.update(revolutions: 104, eventTime: 3048, at: at(6)), 0)
        XCTAssertEqual(w.speed, 0)
        XCTAssertFalse(w.isTurning(at: at(6)))
        // A sensor reset (counter jumps by a million in a second): re-anchored, no distance.
        XCTAssertEqual(w.update(revolutions: 1_000_104, eventTime: 4072, at: at(7)), 0)
        XCTAssertEqual(w.update(revolutions: 1_000_105, eventTime: 5096, at: at(8)), 2, accuracy: 1e-9)
    }
}
