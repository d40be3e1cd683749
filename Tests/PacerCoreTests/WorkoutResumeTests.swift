import XCTest
@testable import PacerCore

/// A session resumed after a crash runs on with its workout: the rebuilt engine takes the
/// journal's `workout` marker (the plan in text form), its skips and the power the samples hold,
/// so the laps after the crash fall on the step boundaries the uninterrupted ride has and each
/// step's compliance goes on counting.
final class WorkoutResumeTests: XCTestCase {
    private let plan = try! WorkoutTextReader.read(Array("name: Resume\n2m 190-210W; 1m 90-110W; 1m 190-210W; 1m 90-110W".utf8))
    private let start = UTCTime(millisecondsSinceEpoch: 1_772_348_400_000)

    private func fix(_ second: Int) -> GNSSFix {
        let p = LocalTangentPlane(latitude: 47.0, longitude: 8.0).unproject(east: 8 * Double(second), north: 0)
        return GNSSFix(time: start.adding(milliseconds: Int64(second) * 1000), mode: .threeD, latitude: p.latitude,
                       longitude: p.longitude, altitudeMSL: 400, speed: 8, track: 90, hdop: 0.8)
    }

    /// The watts the rider holds: each step's middle.
    private func watts(_ second: Int) -> UInt8 { (120..<180).contains(second) || second >= 240 ? 100 : 200 }

    private func at(_ second: Double) -> InputInstant {
        InputInstant(monotonic: MonotonicInstant(seconds: 50 + second),
                     systemTime: start.adding(milliseconds: Int64(second * 1000)))
    }

    /// Rides the seconds `range` into `recorder`: a fix, then the power meter half a second later.
    private func ride(_ recorder: inout SessionRecorder, _ range: Range<Int>, into out: inout [RecorderOutput]) {
        for s in range {
            out += recorder.fix(fix(s), at: at(Double(s) + 0.1))
            if s == 0 { out += try! recorder.command(.start(nil), at: at(0.1)) }
            out += recorder.notification(characteristic: 0x2A63, payload: [0, 0, watts(s), 0], at: at(Double(s) + 0.5)).outputs
        }
    }

    private func newRecorder() -> SessionRecorder {
        SessionRecorder(settings: .init(config: PacerConfig(), activity: .ride, unattended: UnattendedRecordingSettings()))
    }

    private func lapTimes(_ out: [RecorderOutput]) -> [Int64] {
        out.compactMap { if case .journal(.event(.lap(let t, _))) = $0 { t.milliseconds(since: start) } else { nil } }
    }

    private func summary(_ out: [RecorderOutput]) -> SessionSummary? {
        out.compactMap { if case .journal(.end(let s)) = $0 { s } else { nil } }.last
    }

    func testAResumedSessionRunsItsWorkoutOnWithItsLapsAndCompliance() throws {
        var whole = newRecorder()
        var wholeOut = whole.run(plan, at: at(0))
        ride(&whole, 0..<310, into: &wholeOut)
        wholeOut += try whole.command(.stop, at: at(310.1))

        // The crash at 150 s (in the second step, after a skip would be too early to test the
        // marker): the journal holds what came before it.
        var before = newRecorder()
        var beforeOut = before.run(plan, at: at(0))
        ride(&before, 0..<150, into: &beforeOut)
        var open = JournalSession(id: 1, activity: .ride, start: start, config: "", segment: 1, offset: 16, hasSamples: true)
        for case .journal(let entry) in beforeOut {
            if case .sample(let s) = entry { open.samples.append(s) }
            if case .event(let e) = entry { open.events.append(e) }
        }
        XCTAssertTrue(open.events.contains { if case .marker(_, "workout", _) = $0 { true } else { false } })

        // pacerd starts again with no workout of its own; the first fix 5 s on resumes.
        var after = newRecorder()
        var afterOut: [RecorderOutput] = []
        after.recover(open, at: at(154)) { afterOut.append($0) }
        ride(&after, 155..<310, into: &afterOut)
        XCTAssertTrue(afterOut.contains { if case .journal(.resumeRecovered) = $0 { true } else { false } })
        XCTAssertEqual(after.liveWorkout?.name, "Resume")
        afterOut += try after.command(.stop, at: at(310.1))

        // The finish's lap at 300 s, then the stop's after the last input: the power meter's
        // reading 0.4 s past the last fix on the timeline, which the session's BLE log holds.
        XCTAssertEqual(lapTimes(wholeOut), [120_000, 180_000, 240_000, 300_000, 309_400])
        XCTAssertEqual(lapTimes(beforeOut) + lapTimes(afterOut), lapTimes(wholeOut), "the laps after the crash are the whole ride's")
        let wholeSteps = try XCTUnwrap(summary(wholeOut)?.workoutSteps)
        let resumed = try XCTUnwrap(summary(afterOut)?.workoutSteps)
        XCTAssertEqual(resumed.map(\.step), [1, 2, 3, 4])
        XCTAssertEqual(resumed.map(\.start), wholeSteps.map(\.start))
        XCTAssertEqual(resumed.map(\.seconds), wholeSteps.map(\.seconds))
        // The rebuilt 3 s power comes from the samples' whole watts at whole seconds (the meter
        // sent them half a second later): a step change moves it a second apart, a few watts on
        // a step's average and a second or two in target. The 5 s gap adds up to 5 s out of
        // step 2 (a reading holds at most 5 s).
        for (a, b) in zip(resumed, wholeSteps) {
            XCTAssertEqual(a.average ?? -1, b.average ?? 0, accuracy: 5, "step \(a.step)")
            XCTAssertEqual(a.secondsInTarget, b.secondsInTarget, accuracy: a.step == 2 ? 7 : 2, "step \(a.step)")
        }
        XCTAssertEqual(resumed[2].secondsInTarget, 57, accuracy: 3, "the steps after the crash are counted")
    }

    func testASkipBeforeTheCrashIsAppliedAgain() throws {
        var before = newRecorder()
        var beforeOut = before.run(plan, at: at(0))
        ride(&before, 0..<60, into: &beforeOut)
        // The skip lands at the timeline's present: the last fix, 59 s.
        beforeOut += try before.skipWorkoutStep(at: at(60.2))
        ride(&before, 60..<100, into: &beforeOut)
        var open = JournalSession(id: 1, activity: .ride, start: start, config: "", segment: 1, offset: 16, hasSamples: true)
        for case .journal(let entry) in beforeOut {
            if case .sample(let s) = entry { open.samples.append(s) }
            if case .event(let e) = entry { open.events.append(e) }
        }
        var after = newRecorder()
        var afterOut: [RecorderOutput] = []
        after.recover(open, at: at(101)) { afterOut.append($0) }
        ride(&after, 102..<140, into: &afterOut)
        // Skipped at 59 s: step 2 (1 min) ends at 119 s, on the rebuilt timeline too.
        XCTAssertEqual(lapTimes(beforeOut), [59_000])
        XCTAssertEqual(lapTimes(afterOut), [119_000])
        XCTAssertEqual(after.liveWorkout?.step, 3)
    }
}
