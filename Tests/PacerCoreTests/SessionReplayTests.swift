import XCTest
@testable import PacerCore

final class SessionReplayTests: XCTestCase {
    private func fix(_ second: Int, dated: Bool) -> GNSSFix {
        let time = UTCTime(millisecondsSinceEpoch: UTCTime(year: 2026, month: 5, day: 3, hour: 8, minute: 0, second: 0)!.millisecondsSinceEpoch + Int64(second) * 1000)
        return GNSSFix(time: dated ? time : nil, timeOfDayMilliseconds: (8 * 3600 + second) * 1000, mode: .threeD,
                       latitude: 48.0 + Double(second) * 2e-5, longitude: 11.0, altitudeMSL: 500, speed: 2.2, track: 0, hdop: 0.9)
    }

    /// GGA before RMC: the decoder's first report has no date; it must not start the session in 1970.
    func testEarlyUndatedFixIsSkippedNotPlacedInNineteenSeventy() {
        var replay = SessionReplay(config: PacerConfig(), activity: .run, notifications: [])
        replay.feed(fix(0, dated: false)) { _ in }
        for s in 0..<60 { replay.feed(fix(s, dated: true)) { _ in } }
        let summary = replay.finish { _ in }
        XCTAssertEqual(replay.counters[.fixesWithoutTime], 1)
        XCTAssertEqual(summary.start, UTCTime(year: 2026, month: 5, day: 3, hour: 8, minute: 0, second: 0))
        XCTAssertEqual(summary.elapsedSeconds, 59, accuracy: 0.5)
    }

    private func heartRate(_ time: UTCTime, _ bpm: Int) -> BLENotification {
        BLENotification(time: time, characteristic: 0x2A37, payload: HeartRateMeasurement.encode(beatsPerMinute: bpm))
    }

    private func replayed(_ fixes: [GNSSFix], _ log: [BLENotification]) -> (SessionSummary, [JournalEntry], gaps: Int, off: Int, jumps: Int) {
        var replay = SessionReplay(config: PacerConfig(), activity: .run, notifications: log)
        var journal: [JournalEntry] = []
        let sink: (RecorderOutput) -> Void = { if case .journal(let e) = $0 { journal.append(e) } }
        for f in fixes { replay.feed(f, emit: sink) }
        let summary = replay.finish(emit: sink)
        return (summary, journal, replay.gapsClosed, replay.notificationsOffTimeline, replay.counters[.timeJumps])
    }

    /// Heart-rate alerts are the recorder's, on the receiver's timeline: a replay of the strap's
    /// log decides each one at the time of the value that crossed, through the public API pacerd
    /// calls, as it returns outputs (pacerd decided them from arrival times before, and replay
    /// could not reproduce them).
    func testHeartRateAlertsAreDecidedOnTheTimelineAndReturnedByReplay() throws {
        var config = PacerConfig()
        config.alerts.heartRateHigh = 160
        let t0 = fix(0, dated: true).time!
        let bpm = [150, 150, 155, 158, 161, 165, 166, 164, 159, 156, 150, 148] + Array(repeating: 150, count: 48)
        let log = bpm.enumerated().map { heartRate(t0.adding(milliseconds: Int64($0.offset) * 1000 + 400), $0.element) }
        var replay = SessionReplay(config: config, activity: .run, notifications: log)
        var outputs: [RecorderOutput] = []
        for s in 0..<60 { outputs += replay.feed(fix(s, dated: true)) }
        let (summary, last) = replay.finish()
        outputs += last
        let alerts = outputs.compactMap { output -> LiveEvent? in if case .alert(let e) = output { e } else { nil } }
        let high = try XCTUnwrap(alerts.first { $0.kind == .heartRateHigh })
        XCTAssertEqual(high.time, t0.adding(milliseconds: 4400), "at the value that crossed, on the timeline")
        // Back under the band less its hysteresis (160 - 3): at 156.
        XCTAssertEqual(alerts.first { $0.kind == .heartRateInRange }?.time, t0.adding(milliseconds: 9400))
        XCTAssertEqual(alerts.filter { $0.kind == .heartRateHigh }.count, 1, "once per crossing")
        XCTAssertEqual(summary.heartRateMax, 166)
    }

    /// A strap logged by a board whose clock stood in 1970 never meets the receiver's 2026: its
    /// notifications are counted and skipped, and the session is the fixes' alone (replay used to
    /// run for every second of the 56 years between them).
    func testABLELogOnAnotherClockIsSkippedNotMergedAcrossTheYears() {
        let fixes = (0..<60).map { fix($0, dated: true) }
        let log = (0..<60).map { heartRate(UTCTime(millisecondsSinceEpoch: 10_000 + Int64($0) * 1000), 150) }
        let alone = replayed(fixes, [])
        let merged = replayed(fixes, log)
        XCTAssertEqual(merged.off, 60)
        XCTAssertEqual(merged.gaps, 0)
        XCTAssertEqual(merged.1, alone.1, "the same journal as without the log")
        XCTAssertNil(merged.0.heartRateAverage)
        // The same log on the receiver's clock is merged.
        let onTime = log.map { heartRate(UTCTime(millisecondsSinceEpoch: fixes[0].time!.millisecondsSinceEpoch + $0.time.millisecondsSinceEpoch - 10_000), 150) }
        let good = replayed(fixes, onTime)
        XCTAssertEqual(good.off, 0)
        XCTAssertEqual(good.0.heartRateAverage ?? 0, 150, accuracy: 0.5)
    }

    /// A receiver whose date jumps a day (or decades) between two fixes: the gap is closed and
    /// the recorder re-anchors, as live where the monotonic clock shows the jump; the session
    /// does not last the day.
    func testAGapOfDaysBetweenFixesIsAJumpNotADayOfSession() {
        var fixes = (0..<30).map { fix($0, dated: true) }
        for s in 30..<60 {
            var f = fix(s, dated: true)
            f.time = UTCTime(millisecondsSinceEpoch: f.time!.millisecondsSinceEpoch + 86_400_000)
            fixes.append(f)
        }
        let (summary, journal, gaps, _, jumps) = replayed(fixes, [])
        XCTAssertEqual(gaps, 1)
        XCTAssertEqual(jumps, 1)
        XCTAssertEqual(summary.elapsedSeconds, 59, accuracy: 1.5)
        let samples = journal.filter { if case .sample = $0 { return true } else { return false } }
        XCTAssertLessThan(samples.count, 70)
        XCTAssertGreaterThan(summary.distanceMeters, 100)
    }

    /// Two receivers' clocks in one stream, ten minutes apart, alternating: every return of the
    /// time re-anchored the timeline ten minutes further (60 epochs made a session of ten hours).
    /// Arrivals never go back, so each step is a jump and the session stays within its minute.
    func testAlternatingClocksDoNotWalkTheTimelineForward() {
        var fixes: [GNSSFix] = []
        for s in 0..<60 {
            fixes.append(fix(s, dated: true))
            var behind = fix(s, dated: true)
            behind.time = UTCTime(millisecondsSinceEpoch: behind.time!.millisecondsSinceEpoch - 600_000)
            fixes.append(behind)
        }
        let (summary, journal, gaps, _, jumps) = replayed(fixes, [])
        XCTAssertEqual(gaps, 0)
        XCTAssertGreaterThan(jumps, 50)
        XCTAssertLessThanOrEqual(summary.elapsedSeconds, 60)
        XCTAssertLessThan(journal.count, 100)
    }

    /// A date two days ahead for one epoch (a receiver's rollover glitch): bridged at the
    /// receiver's pace. It closed a gap and then held every later input at one arrival instant,
    /// so the strap's notifications after it all landed on the same moment.
    func testAGlitchThatComesBackIsBridgedAndTheLogStillMerges() {
        var fixes = (0..<60).map { fix($0, dated: true) }
        fixes[20] = fixes[20].shifted(by: 2 * 86_400_000)
        let log = (0..<59).map { heartRate(UTCTime(millisecondsSinceEpoch: fixes[0].time!.millisecondsSinceEpoch + Int64($0) * 1000 + 500), 100 + $0) }
        var replay = SessionReplay(config: PacerConfig(), activity: .run, notifications: log)
        var journal: [JournalEntry] = []
        let sink: (RecorderOutput) -> Void = { if case .journal(let e) = $0 { journal.append(e) } }
        for f in fixes { replay.feed(f, emit: sink) }
        let summary = replay.finish(emit: sink)
        XCTAssertEqual(replay.glitchesBridged, 1)
        XCTAssertEqual(replay.gapsClosed, 0)
        XCTAssertEqual(replay.counters[.timeJumps], 2)
        XCTAssertEqual(summary.elapsedSeconds, 59, accuracy: 0.5)
        XCTAssertEqual(summary.heartRateAverage ?? 0, 129, accuracy: 0.5)
        let clean = replayed((0..<60).map { fix($0, dated: true) }, log)
        XCTAssertEqual(summary.heartRateAverage, clean.0.heartRateAverage)
        XCTAssertEqual(summary.distanceMeters, clean.0.distanceMeters, accuracy: 5)
    }

    /// A glitch whose fixes disagree among themselves (an hour ahead, and a time of day that
    /// went back an hour and was taken for the next day's) is still one glitch: a fix on a
    /// third timeline decides nothing. It was taken as a gap that stayed, and the session ran an hour longer.
    func testAGlitchOnTwoWrongTimelinesIsStillBridged() {
        var fixes = (0..<120).map { fix($0, dated: true) }
        for i in 60..<64 { fixes[i] = fixes[i].shifted(by: 3_600_000) }
        fixes[64] = fixes[64].shifted(by: 23 * 3_600_000)
        var replay = SessionReplay(config: PacerConfig(), activity: .run, notifications: [])
        for f in fixes { replay.feed(f) { _ in } }
        let summary = replay.finish { _ in }
        XCTAssertEqual(replay.glitchesBridged, 1)
        XCTAssertEqual(replay.gapsClosed, 0)
        XCTAssertEqual(summary.elapsedSeconds, 119, accuracy: 1.5)
    }

    /// Up to four glitches of one to six epochs each, anywhere, from 15 s to 1024 weeks either
    /// way, in 60 seeded draws: every session is as long as the clean one, and as far. (With
    /// glitches taken as time passing, 113 of 150 such draws on a recorded run were off by
    /// more than 3 s, up to five hours.)
    func testRandomGlitchesNeverLengthenOrShortenTheSession() {
        let clean = (0..<600).map { fix($0, dated: true) }
        let expected = replayed(clean, []).0
        var draws = ReceiverTimeGlitches(seed: 0x9E37_79B9_7F4A_7C15)
        for round in 0..<60 {
            var fixes = clean
            let glitches = draws.apply(to: &fixes, most: 4)
            let summary = replayed(fixes, []).0
            XCTAssertEqual(summary.elapsedSeconds, expected.elapsedSeconds, accuracy: 3, "round \(round): \(glitches)")
            XCTAssertEqual(summary.distanceMeters, expected.distanceMeters, accuracy: 3, "round \(round): \(glitches)")
        }
    }

    /// Time that stays where it jumped is no glitch: ahead, the receiver was silent that long
    /// (a gap of the session); back, its clock was reset (the session goes on at its pace).
    func testAJumpThatStaysIsAGapAheadAndAResetBack() {
        let ahead = (0..<120).map { $0 < 60 ? fix($0, dated: true) : fix($0, dated: true).shifted(by: 300_000) }
        let gap = replayed(ahead, [])
        XCTAssertEqual(gap.0.elapsedSeconds, 119 + 300, accuracy: 0.5)
        let back = (0..<120).map { $0 < 60 ? fix($0, dated: true) : fix($0, dated: true).shifted(by: -3_600_000) }
        var replay = SessionReplay(config: PacerConfig(), activity: .run, notifications: [])
        for f in back { replay.feed(f) { _ in } }
        let reset = replay.finish { _ in }
        XCTAssertEqual(replay.glitchesBridged, 0)
        XCTAssertEqual(replay.counters[.timeJumps], 1)
        XCTAssertEqual(reset.elapsedSeconds, 119, accuracy: 0.5)
        XCTAssertGreaterThan(reset.distanceMeters, gap.0.distanceMeters - 10)
    }

    /// A gap inside a BLE-only replay (one line of a log from before the clock was set) is closed too.
    func testAGapInsideTheBLELogIsClosed() {
        let start = UTCTime(year: 2026, month: 5, day: 3, hour: 8, minute: 0, second: 0)!
        var log = [heartRate(UTCTime(millisecondsSinceEpoch: 5000), 120)]
        log += (0..<60).map { heartRate(UTCTime(millisecondsSinceEpoch: start.millisecondsSinceEpoch + Int64($0) * 1000), 150) }
        let (summary, _, gaps, off, _) = replayed([], log)
        XCTAssertEqual(gaps, 1)
        XCTAssertEqual(off, 0)
        XCTAssertEqual(summary.elapsedSeconds, 60, accuracy: 1.5)
    }

    /// Notifications are merged in time order whatever the log's line order, as the recorder
    /// orders them live.
    func testAnUnsortedLogReplaysAsTheSortedOne() {
        let fixes = (0..<60).map { fix($0, dated: true) }
        let log = (0..<58).map { heartRate(UTCTime(millisecondsSinceEpoch: fixes[1].time!.millisecondsSinceEpoch + Int64($0) * 1000 + 300), 120 + $0) }
        var shuffled = log
        shuffled.swapAt(3, 40)
        shuffled.swapAt(10, 11)
        XCTAssertEqual(replayed(fixes, shuffled).1, replayed(fixes, log).1)
    }

    /// A date past 2199 from a receiver is no date: the fix is counted and skipped, not a trap.
    func testAFixDatedPastTheRecordableYearsIsSkipped() {
        var fixes = (0..<30).map { fix($0, dated: true) }
        fixes[10].time = UTCTime(year: 2300, month: 1, day: 1, hour: 0, minute: 0, second: 0)
        fixes[11].timeOfDayMilliseconds = nil
        fixes[11].time = UTCTime(millisecondsSinceEpoch: -1)
        let (summary, _, _, _, _) = replayed(fixes, [])
        XCTAssertEqual(summary.elapsedSeconds, 29, accuracy: 0.5)
        var replay = SessionReplay(config: PacerConfig(), activity: .run, notifications: [])
        for f in fixes { replay.feed(f) { _ in } }
        XCTAssertEqual(replay.counters[.fixesWithoutTime], 2)
    }

    /// A stream that never carries a date (GGA-only) is still replayed, on day 0.
    func testStreamWithoutAnyDateIsReplayedOnDayZero() {
        var replay = SessionReplay(config: PacerConfig(), activity: .run, notifications: [])
        for s in 0..<60 { replay.feed(fix(s, dated: false)) { _ in } }
        let summary = replay.finish { _ in }
        XCTAssertEqual(replay.counters[.fixesWithoutTime], SessionRecorder.undatedFixesBeforeDayZero)
        XCTAssertEqual(summary.start?.components.year, 1970)
        XCTAssertGreaterThan(summary.distanceMeters, 100)
    }
}
