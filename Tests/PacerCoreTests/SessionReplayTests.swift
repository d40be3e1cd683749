import XCTest
@testable import PacerCore

final class SessionReplayTests: XCTestCase {
    private func fix(_ second: Int, dated: Bool) -> GNSSFix {
        let time = UTCTime(year: 2026, month: 5, day: 3, hour: 8, minute: 0, second: second)!
        return GNSSFix(time: dated ? time : nil, timeOfDayMilliseconds: (8 * 3600 + second) * 1000, mode: .threeD,
                       latitude: 48.0 + Double(second) * 2e-5, longitude: 11.0, altitudeMSL: 500, speed: 2.2, track: 0, hdop: 0.9)
    }

    /// GGA before RMC: the decoder's first report has no date; it must not start the session in 1970.
    func testEarlyUndatedFixIsSkippedNotPlacedInNineteenSeventy() {
        var replay = SessionReplay(config: PacerConfig(), activity: .run, notifications: [])
        replay.feed(fix(0, dated: false)) { _ in }
        for s in 0..<60 { replay.feed(fix(s, dated: true)) { _ in } }
        let summary = replay.finish { _ in }
        XCTAssertEqual(replay.counters.fixesWithoutTime, 1)
        XCTAssertEqual(summary.start, UTCTime(year: 2026, month: 5, day: 3, hour: 8, minute: 0, second: 0))
        XCTAssertEqual(summary.elapsedSeconds, 59, accuracy: 0.5)
    }

    /// A stream that never carries a date (GGA-only) is still replayed, on day 0.
    func testStreamWithoutAnyDateIsReplayedOnDayZero() {
        var replay = SessionReplay(config: PacerConfig(), activity: .run, notifications: [])
        for s in 0..<60 { replay.feed(fix(s, dated: false)) { _ in } }
        let summary = replay.finish { _ in }
        XCTAssertEqual(replay.counters.fixesWithoutTime, SessionRecorder.undatedFixesBeforeDayZero)
        XCTAssertEqual(summary.start?.components.year, 1970)
        XCTAssertGreaterThan(summary.distanceMeters, 100)
    }
}
