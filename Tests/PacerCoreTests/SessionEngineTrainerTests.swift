import XCTest
@testable import PacerCore

/// A smart trainer in the session engine: its Indoor Bike Data is the ride's power, cadence and
/// distance, and a workout drives it (control, start, each step's target at its boundary), all
/// on the session's timeline; a refusing trainer leaves the workout running.
final class SessionEngineTrainerTests: XCTestCase {
    private let t0 = UTCTime(year: 2026, month: 3, day: 1, hour: 7, minute: 0, second: 0)!
    private func at(_ s: Double) -> MonotonicInstant { MonotonicInstant(seconds: 1000 + s) }
    private let plan = try! WorkoutTextReader.read(Array("name: ERG\n1m 150W; 1m 250W; 1m 180W".utf8))

    /// Rides `seconds` on a trainer at 200 W, 90 rpm, 36 km/h; answers each write 0.2 s later with
    /// `result` (request control) and success (the rest). Returns the writes (session second, bytes) and the engine.
    private func ride(seconds: Int, controlResult: FTMSControlResponse.Result = .success, mode: TrainerSettings.Mode = .erg,
                      course: Course? = nil)
        throws -> (writes: [(Double, [UInt8])], changes: [TrainerAction], events: [SessionEvent], engine: SessionEngine) {
        var config = PacerConfig()
        config.trainer.mode = mode
        var engine = SessionEngine(config: config, activity: .ride)
        engine.run(plan, at: at(0)) { _ in }
        if let course { engine.follow(course, at: at(0)) { _ in } }
        var writes: [(Double, [UInt8])] = [], changes: [TrainerAction] = [], events: [SessionEvent] = []
        var toAnswer: [UInt8] = []
        let emit: (SessionOutput) -> Void = { output in
            switch output {
            case let .trainer(time, .write(request)):
                writes.append((Double(time.milliseconds(since: self.t0)) / 1000, request.bytes))
                toAnswer.append(request.opCode)
            case .trainer(_, let change): changes.append(change)
            case .event(let e): events.append(e)
            case .sample: break
            }
        }
        try engine.handle(.start(nil), at: at(0), time: t0, emit: emit)
        engine.handle(try GATTMeasurement(characteristic: 0x2AD8, bytes: [0x00, 0x00, 0x90, 0x01, 0x01, 0x00]), at: at(0.1), emit: emit)
        for s in 0..<seconds {
            let data = IndoorBikeData.encode(speedHundredthsKmh: 3600, cadenceHalfRpm: 180, power: 200)
            engine.handle(.indoorBike(try IndoorBikeData(bytes: data)), at: at(Double(s) + 0.5), emit: emit)
            while !toAnswer.isEmpty {
                let op = toAnswer.removeFirst()
                let result = op == 0x00 ? controlResult : .success
                engine.handle(.trainerResponse(FTMSControlResponse(requestOpCode: op, result: result)), at: at(Double(s) + 0.7), emit: emit)
            }
        }
        try engine.handle(.stop, at: at(Double(seconds)), time: t0, emit: emit)
        return (writes, changes, events, engine)
    }

    func testTheWorkoutDrivesTheTrainerStepByStep() throws {
        let run = try ride(seconds: 190)
        let lines = run.writes.map { "\($0.0) \($0.1.map { String($0, radix: 16) }.joined(separator: " "))" }
        print("control point writes (session s, bytes):\n" + lines.joined(separator: "\n"))
        // After the workout, a free ride: grade 0 %.
        XCTAssertEqual(run.writes.map(\.1), [[0x00], [0x07], [0x05, 0x96, 0x00], [0x05, 0xFA, 0x00], [0x05, 0xB4, 0x00],
                                              [0x11, 0, 0, 0, 0, 0x28, 0x33]])
        // Control on the first value (the power range read), the targets at the second each step began.
        XCTAssertEqual(run.writes.map(\.0), [0.1, 0.7, 1, 60, 120, 180])
        XCTAssertEqual(run.changes, [.changed(.controlling, reason: "control granted")])
        XCTAssertEqual(run.engine.liveTrainer()?.state, "controlling")
        XCTAssertEqual(run.engine.liveTrainer()?.maximumWatts, 400)
        let s = run.engine.summary()
        XCTAssertEqual(s.powerAverage ?? 0, 200, accuracy: 0.5)
        XCTAssertEqual(s.cadenceAverage ?? 0, 90, accuracy: 0.5)
        XCTAssertEqual(s.distanceMeters, 1895, accuracy: 15)     // 10 m/s from the first value at 0.5 s
    }

    /// Indoors (no fix) a course is ridden by the distance the trainer reports: sim mode sends the
    /// profile's grade there, on the 3 km at 2 % that is no climb as on any other stretch.
    func testSimModeRidesTheCoursesGradeAtTheDistanceRidden() throws {
        let course = try CourseTestSupport.course([(0, 0), (6000, 0)], elevation: { d in 400 + min(60, max(0, d - 1000) * 0.02) })
        let run = try ride(seconds: 260, mode: .sim, course: course)
        let grades = run.writes.filter { $0.1.first == 0x11 }.map { (at: $0.0, hundredths: Int(Int16(bitPattern: UInt16($0.1[3]) | UInt16($0.1[4]) << 8))) }
        print("grades sent (session s, 0.01 %): \(grades)")
        XCTAssertEqual(grades.first?.hundredths, 0)
        // A new grade is sent once it moved 0.5 %: the last one sent is within that of 2 %.
        XCTAssertEqual(Double(grades.last?.hundredths ?? 0), 200, accuracy: 50)
        XCTAssertGreaterThan(grades.count, 2)
        // The ramp's foot is at 1 km (100 s at 10 m/s), smoothed over 100 m: the grade rises from about 90 s.
        let rising = try XCTUnwrap(grades.first { $0.hundredths > 0 })
        XCTAssertEqual(rising.at, 96, accuracy: 6)
        XCTAssertTrue(grades.allSatisfy { $0.hundredths >= 0 && $0.hundredths <= 200 })
    }

    func testARefusingTrainerLeavesTheWorkoutRunning() throws {
        let run = try ride(seconds: 130, controlResult: .controlNotPermitted)
        XCTAssertEqual(run.changes, [.changed(.refused, reason: "control not permitted")])
        XCTAssertEqual(run.writes.map(\.1), [[0x00], [0x00], [0x00], [0x00], [0x00]])   // asked again every 30 s
        XCTAssertEqual(run.engine.liveTrainer()?.state, "refused")
        XCTAssertEqual(run.events.filter { $0.type == "workout_step" }.count, 3)
    }
}
