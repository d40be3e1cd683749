import XCTest
@testable import PacerCore

/// A structured workout run by the session engine on a synthetic indoor ride (a power meter at
/// 1 Hz, no GPS): laps at the step boundaries to the second, skip, clear, and compliance equal
/// to what the inputs give by hand.
final class SessionEngineWorkoutTests: XCTestCase {
    private let t0 = UTCTime(year: 2026, month: 3, day: 1, hour: 7, minute: 0, second: 0)!
    private func at(_ s: Double) -> MonotonicInstant { MonotonicInstant(seconds: 1000 + s) }

    private func power(_ watts: Int16) -> CyclingPowerMeasurement {
        let p = UInt16(bitPattern: watts)
        return try! CyclingPowerMeasurement(bytes: [0x00, 0x00, UInt8(p & 0xFF), UInt8(p >> 8)])
    }

    private final class Box: @unchecked Sendable { var events: [SessionEvent] = [] }

    /// 2 min at 190-210 W, 1 min at 90-110 W, 1 min at 190-210 W.
    private let plan = try! WorkoutTextReader.read(Array("name: Test\n2m 190-210W; 1m 90-110W; 1m 190-210W".utf8))

    /// Rides at a steady 200 W from 0 to `until` s, with `during` called at each second first.
    private func ride(_ engine: inout SessionEngine, until: Int, box: Box,
                      during: (inout SessionEngine, Int, (SessionOutput) -> Void) throws -> Void = { _, _, _ in }) throws {
        let emit: (SessionOutput) -> Void = { if case .event(let e) = $0 { box.events.append(e) } }
        try engine.handle(.start(nil), at: at(0), time: t0, emit: emit)
        for s in 0..<until {
            try during(&engine, s, emit)
            engine.handle(power: power(200), at: at(Double(s)), emit: emit)
        }
        try engine.handle(.stop, at: at(Double(until)), time: t0, emit: emit)
    }

    private func workoutLaps(_ events: [SessionEvent]) -> [Int64] {
        events.compactMap { e -> Int64? in
            guard case let .lap(time, _, trigger) = e, trigger == .workout else { return nil }
            return time.milliseconds(since: t0)
        }
    }

    func testLapsFallOnTheStepBoundariesAndComplianceIsWhatTheRideGives() throws {
        var engine = SessionEngine(config: PacerConfig(), activity: .ride)
        engine.run(plan, at: at(0)) { _ in }
        let box = Box()
        try ride(&engine, until: 240, box: box)
        XCTAssertEqual(workoutLaps(box.events), [120_000, 180_000, 240_000])
        let types = box.events.map(\.type).filter { $0.hasPrefix("workout") || $0.hasPrefix("target") }
        XCTAssertEqual(types, ["workout", "workout_step", "workout_step", "target_high", "workout_step", "workout_finished"])
        // 200 W is above 90-110 W from the second step's start: out after the 10 s a step has to settle.
        let high = box.events.first { $0.type == "target_high" }
        XCTAssertEqual(high?.time.milliseconds(since: t0), 130_000)

        let s = engine.summary()
        XCTAssertEqual(s.workoutName, "Test")
        let steps = try XCTUnwrap(s.workoutSteps)
        XCTAssertEqual(steps.map(\.step), [1, 2, 3])
        XCTAssertEqual(steps.map(\.start), [0, 120, 180])
        XCTAssertEqual(steps.map(\.seconds), [120, 60, 60])
        // Second 0's sample comes before the first power reading: 119 s measured in step 1.
        XCTAssertEqual(steps.map(\.secondsMeasured), [119, 60, 60])
        XCTAssertEqual(steps.map(\.secondsInTarget), [119, 0, 60])
        XCTAssertEqual(steps.map { $0.average ?? -1 }, [200, 200, 200])
        XCTAssertEqual(steps.map { $0.targetLow ?? -1 }, [190, 90, 190])
        XCTAssertEqual(steps.map { $0.targetHigh ?? -1 }, [210, 110, 210])

        // The journal's summary codec round-trips the steps.
        var w = ByteWriter(capacity: 256)
        SessionSummaryCodec.encode(s, into: &w)
        let back = try w.bytes.withUnsafeBytes { raw in
            var r = ByteReader(raw)
            return try SessionSummaryCodec.decode(&r)
        }
        XCTAssertEqual(back.workoutName, "Test")
        XCTAssertEqual(back.workoutSteps, steps)
        XCTAssertTrue(s.json.contains("\"workout_steps\":[{\"step\":1,"), s.json)
    }

    func testSkipEndsTheStepNowAndTheNextRunsItsFullLength() throws {
        var engine = SessionEngine(config: PacerConfig(), activity: .ride)
        engine.run(plan, at: at(0)) { _ in }
        let box = Box()
        try ride(&engine, until: 200, box: box) { engine, s, emit in
            if s == 31 { try engine.skipWorkoutStep(at: at(30.5), emit: emit) }
        }
        XCTAssertEqual(workoutLaps(box.events), [30_500, 90_500, 150_500])
        XCTAssertTrue(box.events.contains { $0.type == "workout_skipped" })
        let steps = try XCTUnwrap(engine.summary().workoutSteps)
        XCTAssertEqual(steps.map(\.seconds), [30.5, 60, 60])
    }

    func testClearStopsTheWorkoutAndSkipWithoutOneIsAnError() throws {
        var engine = SessionEngine(config: PacerConfig(), activity: .ride)
        XCTAssertThrowsError(try engine.skipWorkoutStep(at: at(0)) { _ in })
        engine.run(plan, at: at(0)) { _ in }
        XCTAssertThrowsError(try engine.skipWorkoutStep(at: at(0)) { _ in }, "no session yet")
        let box = Box()
        try ride(&engine, until: 200, box: box) { engine, s, emit in
            if s == 60 { engine.run(nil, at: at(60), emit: emit) }
        }
        XCTAssertEqual(workoutLaps(box.events), [])
        XCTAssertEqual(box.events.last { $0.type.hasPrefix("workout") }?.type, "workout_cleared")
        XCTAssertNil(engine.liveWorkout())
        XCTAssertNil(engine.summary().workoutSteps)
        XCTAssertFalse(engine.summary().json.contains("workout"))
    }

    func testStateShowsTheStepTargetAndTimeLeft() throws {
        var engine = SessionEngine(config: PacerConfig(), activity: .ride)
        engine.run(plan, at: at(0)) { _ in }
        let emit: (SessionOutput) -> Void = { _ in }
        try engine.handle(.start(nil), at: at(0), time: t0, emit: emit)
        for s in 0...130 { engine.handle(power: power(200), at: at(Double(s)), emit: emit) }
        let live = try XCTUnwrap(engine.liveWorkout())
        XCTAssertEqual(live.step, 2)
        XCTAssertEqual(live.steps, 3)
        XCTAssertEqual(live.target?.low, 90)
        XCTAssertEqual(live.target?.high, 110)
        XCTAssertEqual(live.inTarget, false)
        XCTAssertEqual(live.remainingSeconds, 50)
        var w = JSONWriter(capacity: 256)
        live.write(into: &w)
        let json = String(decoding: w.takeBytes(), as: UTF8.self)
        XCTAssertEqual(LiveWorkout(json: try JSONValue.parse(json)), live, json)
    }
}
