import XCTest
@testable import PacerCore

/// Wheel speed and distance from cumulative wheel revolutions, with hand-computed values.
final class WheelSpeedCalculatorTests: XCTestCase {
    private func at(_ s: Double) -> MonotonicInstant { MonotonicInstant(seconds: s) }

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
