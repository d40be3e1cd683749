import XCTest
import PacerCore

final class PlaybackScheduleTests: XCTestCase {
    func at(_ s: Double) -> MonotonicInstant { MonotonicInstant(seconds: s) }

    func testOwnPaceAndFaster() {
        var own = PlaybackSchedule()
        XCTAssertEqual(own.releaseInstant(timeOfDayMilliseconds: 36_000_000, availableAt: at(100)), at(100))
        XCTAssertEqual(own.releaseInstant(timeOfDayMilliseconds: 36_000_100, availableAt: at(100)), at(100.1))
        XCTAssertEqual(own.releaseInstant(timeOfDayMilliseconds: 36_001_000, availableAt: at(100)), at(101))
        XCTAssertEqual(own.releaseInstant(timeOfDayMilliseconds: nil, availableAt: at(100)), at(101), "untimed fixes go with the previous one")
        var fast = PlaybackSchedule(speedup: 10)
        XCTAssertEqual(fast.releaseInstant(timeOfDayMilliseconds: 0, availableAt: at(5)), at(5))
        XCTAssertEqual(fast.releaseInstant(timeOfDayMilliseconds: 1000, availableAt: at(5)), at(5.1))
    }

    func testMidnightWrapBackwardsStepAndLongGap() {
        var s = PlaybackSchedule(maximumGapSeconds: 60)
        XCTAssertEqual(s.releaseInstant(timeOfDayMilliseconds: 86_399_000, availableAt: at(0)), at(0))
        XCTAssertEqual(s.releaseInstant(timeOfDayMilliseconds: 0, availableAt: at(0)), at(1), "23:59:59 -> 00:00:00 is one second")
        XCTAssertEqual(s.releaseInstant(timeOfDayMilliseconds: 1000, availableAt: at(0)), at(2))
        // A step back re-anchors at the last release instead of waiting for a day.
        XCTAssertEqual(s.releaseInstant(timeOfDayMilliseconds: 500, availableAt: at(0)), at(2))
        XCTAssertEqual(s.releaseInstant(timeOfDayMilliseconds: 1500, availableAt: at(0)), at(3))
        // A ten-minute hole in the recording plays as no wait.
        XCTAssertEqual(s.releaseInstant(timeOfDayMilliseconds: 601_500, availableAt: at(0)), at(3))
        XCTAssertEqual(s.releaseInstant(timeOfDayMilliseconds: 602_000, availableAt: at(0)), at(3.5))
    }
}
