import XCTest
@testable import PacerCore

/// The smart trainer's state machine: control first, then start, then each step's target
/// (clamped to the trainer's range), lost control taken back, a refusal that leaves the workout
/// alone, a trainer gone silent.
final class TrainerControllerTests: XCTestCase {
    private func at(_ s: Double) -> MonotonicInstant { MonotonicInstant(seconds: 500 + s) }
    private func ok(_ op: UInt8) -> FTMSControlResponse { FTMSControlResponse(requestOpCode: op, result: .success) }
    private func watts(_ w: Double, step: Int) -> TrainerController.Target { .init(power: w...w, step: step) }
    private func writes(_ actions: [TrainerAction]) -> [[UInt8]] {
        actions.compactMap { if case .write(let r) = $0 { return r.bytes } else { return nil } }
    }

    /// One second of a trainer that keeps sending data: it is heard, then decided for.
    private func tick(_ c: inout TrainerController, _ target: TrainerController.Target, _ s: Double) -> [TrainerAction] {
        _ = c.seen(at: at(s))
        return c.decide(target, at: at(s))
    }

    /// A controller that has control, with `range` read.
    private func controlling(_ mode: TrainerSettings.Mode = .erg, range: FTMSPowerRange? = nil) -> TrainerController {
        var c = TrainerController(mode: mode)
        if let range { c.powerRange(range) }
        _ = c.seen(at: at(0))
        _ = c.answer(ok(0x00), at: at(0.1))
        _ = c.answer(ok(0x07), at: at(0.2))
        return c
    }

    func testControlThenStartThenEachStepsTarget() {
        var c = TrainerController(mode: .erg)
        XCTAssertEqual(c.decide(watts(150, step: 0), at: at(0)), [])    // no trainer heard yet
        XCTAssertEqual(writes(c.seen(at: at(0.5))), [[0x00]])
        XCTAssertEqual(c.state, .requesting)
        XCTAssertEqual(tick(&c, watts(150, step: 0), 1), [])    // one write at a time
        XCTAssertEqual(writes(c.answer(ok(0x00), at: at(1.2))), [[0x07]])
        let granted = c.answer(ok(0x07), at: at(1.4))
        XCTAssertEqual(granted.first, .changed(.controlling, reason: "control granted"))
        XCTAssertEqual(writes(granted), [[0x05, 0x96, 0x00]])             // 150 W
        XCTAssertEqual(tick(&c, watts(150, step: 0), 2), [])
        XCTAssertEqual(c.answer(ok(0x05), at: at(2.1)), [])
        XCTAssertEqual(tick(&c, watts(150, step: 0), 3), [])
        XCTAssertEqual(writes(tick(&c, watts(250, step: 1), 60)), [[0x05, 0xFA, 0x00]])
        _ = c.answer(ok(0x05), at: at(60.1))
        XCTAssertEqual(writes(tick(&c, watts(180, step: 2), 120)), [[0x05, 0xB4, 0x00]])
        XCTAssertEqual(c.live.targetWatts, 180)
        XCTAssertEqual(c.live.state, "controlling")
    }

    func testTargetsAreClampedToTheSupportedRangeAndRampsSentEveryFewWatts() {
        var c = controlling(range: FTMSPowerRange(minimum: 25, maximum: 400, increment: 5))
        XCTAssertEqual(writes(tick(&c, watts(1000, step: 0), 1)), [[0x05, 0x90, 0x01]])  // 400 W
        _ = c.answer(ok(0x05), at: at(1.1))
        XCTAssertEqual(writes(tick(&c, watts(10, step: 1), 2)), [[0x05, 0x19, 0x00]])    // 25 W
        _ = c.answer(ok(0x05), at: at(2.1))
        // A ramp within one step: 25 -> 27 W is not worth a write, 31 W (30 on the grid) is.
        XCTAssertEqual(tick(&c, watts(27, step: 1), 3), [])
        XCTAssertEqual(writes(tick(&c, watts(31, step: 1), 4)), [[0x05, 0x1E, 0x00]])
        // A range's middle: 190-210 W is 200 W.
        _ = c.answer(ok(0x05), at: at(4.1))
        XCTAssertEqual(writes(tick(&c, .init(power: 190...210, step: 2), 5)), [[0x05, 0xC8, 0x00]])
    }

    func testARangeReadAfterATargetClampsItAgain() {
        var c = controlling()
        XCTAssertEqual(writes(tick(&c, watts(600, step: 0), 1)), [[0x05, 0x58, 0x02]])
        _ = c.answer(ok(0x05), at: at(1.1))
        c.powerRange(FTMSPowerRange(minimum: 0, maximum: 500, increment: 1))
        XCTAssertEqual(writes(tick(&c, watts(600, step: 0), 2)), [[0x05, 0xF4, 0x01]])
    }

    func testRefusalKeepsTheWorkoutRunningAndAsksAgainLater() {
        var c = TrainerController(mode: .erg)
        _ = c.seen(at: at(0))
        let refused = c.answer(FTMSControlResponse(requestOpCode: 0x00, result: .controlNotPermitted), at: at(0.2))
        XCTAssertEqual(refused, [.changed(.refused, reason: "control not permitted")])
        XCTAssertEqual(c.state, .refused)
        XCTAssertEqual(c.decide(watts(150, step: 0), at: at(10)), [])
        _ = c.seen(at: at(29))
        XCTAssertEqual(writes(c.decide(watts(150, step: 0), at: at(31))), [[0x00]])
        // Refused again: no second event.
        XCTAssertEqual(c.answer(FTMSControlResponse(requestOpCode: 0x00, result: .controlNotPermitted), at: at(31.2)), [])
        XCTAssertEqual(c.live.state, "refused")
    }

    func testNotSupported() {
        var c = TrainerController(mode: .erg)
        _ = c.seen(at: at(0))
        XCTAssertEqual(c.answer(FTMSControlResponse(requestOpCode: 0x00, result: .notSupported), at: at(0.1)),
                       [.changed(.notSupported, reason: "not supported")])
        XCTAssertEqual(tick(&c, watts(150, step: 0), 40), [])
    }

    /// A trainer that only simulates rides the grade for power steps (mode `sim` in STATE); one
    /// that supports neither is `not_supported`, with nothing more written.
    func testATargetNotSupportedFallsBackToWhatTheTrainerCanDo() {
        var c = controlling()
        XCTAssertEqual(writes(tick(&c, watts(200, step: 0), 1)), [[0x05, 0xC8, 0x00]])
        let fallBack = c.answer(FTMSControlResponse(requestOpCode: 0x05, result: .notSupported), at: at(1.1))
        XCTAssertEqual(fallBack.first, .unsupported(reason: "target power not supported; riding the grade"))
        XCTAssertEqual(writes(fallBack), [[0x11, 0, 0, 0, 0, 0x28, 0x33]])
        XCTAssertEqual(c.live.mode, "sim")
        XCTAssertEqual(c.live.state, "controlling")
        _ = c.answer(ok(0x11), at: at(1.2))
        XCTAssertEqual(tick(&c, watts(250, step: 1), 2), [], "a new power step is not sent again")
        XCTAssertEqual(writes(tick(&c, .init(power: 250...250, step: 1, grade: 3), 3)), [[0x11, 0, 0, 0x2C, 0x01, 0x28, 0x33]])
        let neither = c.answer(FTMSControlResponse(requestOpCode: 0x11, result: .notSupported), at: at(3.1))
        XCTAssertEqual(neither, [.changed(.notSupported, reason: "neither target power nor simulation supported")])
        XCTAssertEqual(tick(&c, .init(grade: 6), 4), [])
        XCTAssertEqual(c.live.state, "not_supported")

        // Simulation refused, power held: a free ride writes nothing, the next power step is sent.
        var erg = controlling()
        XCTAssertEqual(writes(tick(&erg, .init(grade: 2), 1)), [[0x11, 0, 0, 0xC8, 0x00, 0x28, 0x33]])
        XCTAssertEqual(erg.answer(FTMSControlResponse(requestOpCode: 0x11, result: .notSupported), at: at(1.1)),
                       [.unsupported(reason: "simulation not supported; holding power steps only")])
        XCTAssertEqual(tick(&erg, .init(grade: 5), 2), [])
        XCTAssertEqual(writes(tick(&erg, watts(180, step: 1), 3)), [[0x05, 0xB4, 0x00]])
        XCTAssertEqual(erg.live.mode, "erg")
    }

    func testLostControlIsTakenBackAndTheTargetSentAgain() {
        var c = controlling()
        _ = tick(&c, watts(200, step: 0), 1)
        _ = c.answer(ok(0x05), at: at(1.1))
        let lost = c.status(try! FTMSMachineStatus(bytes: [0xFF]), at: at(5))
        XCTAssertEqual(lost.first, .changed(.requesting, reason: "control permission lost"))
        XCTAssertEqual(writes(lost), [[0x00]])
        _ = c.answer(ok(0x00), at: at(5.1))
        XCTAssertEqual(writes(c.answer(ok(0x07), at: at(5.2))), [[0x05, 0xC8, 0x00]])
        // A target write answered "control not permitted" is a loss too.
        let denied = c.answer(FTMSControlResponse(requestOpCode: 0x05, result: .controlNotPermitted), at: at(6))
        XCTAssertEqual(writes(denied), [[0x00]])
    }

    func testSilenceDropsTheTrainerAndItIsTakenUpAgain() {
        var c = controlling()
        let dropped = c.decide(watts(200, step: 0), at: at(11))
        XCTAssertEqual(dropped, [.changed(.dropped, reason: "no data for 10 s")])
        XCTAssertEqual(writes(c.seen(at: at(20))), [[0x00]])
    }

    func testAnUnansweredWriteIsSentAgain() {
        var c = TrainerController(mode: .erg)
        _ = c.seen(at: at(0))
        _ = c.seen(at: at(4))
        XCTAssertEqual(c.decide(watts(150, step: 0), at: at(4)), [])
        XCTAssertEqual(writes(c.decide(watts(150, step: 0), at: at(5))), [[0x00]])
    }

    func testSimModeSendsTheGradeAndFreeRidesInErgToo() {
        var sim = controlling(.sim)
        // Grade 0 %, Crr 0.0040, Cw 0.51 kg/m, even with a power target.
        XCTAssertEqual(writes(tick(&sim, watts(200, step: 0), 1)), [[0x11, 0, 0, 0, 0, 0x28, 0x33]])
        _ = sim.answer(ok(0x11), at: at(1.1))
        XCTAssertEqual(tick(&sim, .init(grade: 0.3), 2), [])                       // under 0.5 %
        XCTAssertEqual(writes(tick(&sim, .init(grade: 4), 3)), [[0x11, 0, 0, 0x90, 0x01, 0x28, 0x33]])
        var erg = controlling(.erg)
        XCTAssertEqual(writes(tick(&erg, .init(), 1)), [[0x11, 0, 0, 0, 0, 0x28, 0x33]])
        var off = TrainerController(mode: .off)
        XCTAssertEqual(off.seen(at: at(0)), [])
    }
}
