import XCTest
@testable import PacerCore

/// Zwift `.zwo` and FIT workout files (issue 44): every element and step kind read, the
/// project's writers read back to the same workout, and each broken file or absurd target
/// refused with one error naming the step.
final class WorkoutFileTests: XCTestCase {
    func refusal(_ bytes: [UInt8]) -> String {
        do {
            _ = try WorkoutFile.read(bytes)
            return "read"
        } catch {
            return error.message
        }
    }

    static let zwo = """
        <?xml version="1.0" encoding="UTF-8"?>
        <workout_file>
            <author>Pacer</author>
            <name>Every element &amp; more</name>
            <sportType>bike</sportType>
            <workout>
                <Warmup Duration="600" PowerLow="0.25" PowerHigh="0.75"/>
                <SteadyState Duration="300" Power="0.88" Cadence="90"><textevent timeoffset="10" message="hold it"/></SteadyState>
                <SteadyState Duration="240" PowerLow="0.9" PowerHigh="0.95"/>
                <IntervalsT Repeat="5" OnDuration="60" OffDuration="120" OnPower="1.2" OffPower="0.5"/>
                <Ramp Duration="180" PowerLow="0.6" PowerHigh="1.0"/>
                <FreeRide Duration="600" FlatRoad="1"/>
                <MaxEffort Duration="20"/>
                <Cooldown Duration="300" PowerLow="0.4" PowerHigh="0.7"/>
            </workout>
        </workout_file>
        """

    func testEveryZwiftElement() throws {
        let w = try WorkoutFile.read(Array(Self.zwo.utf8))
        XCTAssertEqual(w.name, "Every element & more")
        XCTAssertEqual(w.sport, "bike")
        XCTAssertEqual(w.format, "ZWO")
        XCTAssertEqual(w.items, [
            .step(WorkoutStep(.seconds(600), WorkoutTarget(.power, .ftp, low: 0.25, high: 0.75, ramp: true), intensity: .warmup)),
            .step(WorkoutStep(.seconds(300), WorkoutTarget(.power, .ftp, low: 0.88, high: 0.88))),
            .step(WorkoutStep(.seconds(240), WorkoutTarget(.power, .ftp, low: 0.9, high: 0.95))),
            .repeated(count: 5, [.step(WorkoutStep(.seconds(60), WorkoutTarget(.power, .ftp, low: 1.2, high: 1.2), intensity: .interval)),
                                 .step(WorkoutStep(.seconds(120), WorkoutTarget(.power, .ftp, low: 0.5, high: 0.5), intensity: .recovery))]),
            .step(WorkoutStep(.seconds(180), WorkoutTarget(.power, .ftp, low: 0.6, high: 1.0, ramp: true))),
            .step(WorkoutStep(.seconds(600))),
            .step(WorkoutStep(.seconds(20), intensity: .interval)),
            // A cooldown goes down, whichever way round the file writes it.
            .step(WorkoutStep(.seconds(300), WorkoutTarget(.power, .ftp, low: 0.7, high: 0.4, ramp: true), intensity: .cooldown)),
        ])
        XCTAssertEqual(w.stepCount, 17)
    }

    func testZwiftWriterRoundTrip() throws {
        let w = try WorkoutFile.read(Array(Self.zwo.utf8))
        var again = try WorkoutFile.read(try ZWOWorkoutWriter.write(w))
        again.sport = w.sport
        XCTAssertEqual(again, w)
        // A repeat that is not an on/off pair is unrolled; what Zwift cannot hold is refused.
        let text = try WorkoutTextReader.read(Array("2x(1m 50%, 1m 60%, 1m 70%)".utf8))
        XCTAssertEqual(try WorkoutFile.read(try ZWOWorkoutWriter.write(text)).steps, text.steps)
        XCTAssertThrowsError(try ZWOWorkoutWriter.write(try WorkoutTextReader.read(Array("1km 50%".utf8))))
        XCTAssertThrowsError(try ZWOWorkoutWriter.write(try WorkoutTextReader.read(Array("1m 250W".utf8))))
    }

    func testBrokenZwiftFilesNameTheStep() {
        func zwo(_ steps: String) -> [UInt8] { Array("<workout_file><name>x</name><workout>\(steps)</workout></workout_file>".utf8) }
        XCTAssertEqual(refusal(zwo(#"<SteadyState Duration="60" Power="0.5"/><SteadyState Duration="-5" Power="0.5"/>"#)),
                       "ZWO: step 2 (<SteadyState> at byte 77): a duration of -5.0 s: a step lasts more than 0 s")
        XCTAssertEqual(refusal(zwo(#"<SteadyState Duration="60" Power="30"/>"#)),
                       "ZWO: step 1 (<SteadyState> at byte 37): a power target above 500 % of FTP")
        XCTAssertEqual(refusal(zwo(#"<SteadyState Duration="sixty" Power="0.5"/>"#)),
                       "ZWO: step 1 (<SteadyState> at byte 37): Duration=\"sixty\" is not a number")
        XCTAssertEqual(refusal(zwo(#"<Warmup Duration="60" PowerLow="0.5"/>"#)), "ZWO: step 1 (<Warmup> at byte 37): no PowerHigh attribute")
        XCTAssertEqual(refusal(zwo(#"<IntervalsT Repeat="2.5" OnDuration="1" OffDuration="1" OnPower="1" OffPower="1"/>"#)),
                       "ZWO: step 1 (<IntervalsT> at byte 37): Repeat=\"2.5\": 1 to 1000 whole repeats are allowed")
        XCTAssertEqual(refusal(zwo(#"<IntervalsT Repeat="3" OnDuration="0" OffDuration="1" OnPower="1" OffPower="1"/>"#)),
                       "ZWO: step 1 (<IntervalsT> at byte 37): a duration of 0.0 s: a step lasts more than 0 s")
        XCTAssertTrue(refusal(zwo("<Pyramid/>")).hasPrefix("ZWO: step 1 (<Pyramid> at byte 37): not a workout element"))
        XCTAssertEqual(refusal(zwo("")), "ZWO: the workout has no steps")
        XCTAssertTrue(refusal(Array("<workout_file><workout><FreeRide Duration=\"1\"/>".utf8)).hasPrefix("ZWO: byte "))
        XCTAssertEqual(refusal(Array("<gpx/>".utf8)), "ZWO: the root element is <gpx>, not <workout_file>")
    }

    // MARK: FIT

    static let every = """
        name: FIT all
        10m z2 warmup "Easy"; 3x(400mtr 4:00-4:10/km "fast", 2m 60-70%max recovery); open 85-95rpm; 5m pz3; 5m 250-270W;
        2x(30s 120-130% interval, 2x(10s 140-160bpm, 5s 100W)); 20m 55%; 1km 3.5-4m/s cooldown
        """

    func testFITWriterRoundTripKeepsEveryStepKind() throws {
        let w = try WorkoutTextReader.read(Array(Self.every.utf8))
        let bytes = FITWorkoutWriter.write(w)
        var again = try WorkoutFile.read(bytes)
        XCTAssertEqual(again.format, "FIT")
        XCTAssertEqual(again.sport, "generic")
        again.format = w.format
        again.sport = w.sport
        XCTAssertEqual(again.name, w.name)
        XCTAssertEqual(again.items.count, w.items.count)
        XCTAssertEqual(again.steps.count, w.steps.count)
        for (k, (a, b)) in zip(again.steps, w.steps).enumerated() {
            XCTAssertEqual(a.duration, b.duration, "step \(k + 1)")
            XCTAssertEqual(a.intensity, b.intensity, "step \(k + 1)")
            XCTAssertEqual(a.name, b.name, "step \(k + 1)")
            XCTAssertEqual(a.target?.quantity, b.target?.quantity, "step \(k + 1)")
            XCTAssertEqual(a.target?.scale, b.target?.scale, "step \(k + 1)")
            // FIT holds speed in mm/s, power and heart rate in whole W, bpm and %.
            XCTAssertEqual(a.target?.low ?? 0, b.target?.low ?? 0, accuracy: 0.001, "step \(k + 1)")
            XCTAssertEqual(a.target?.high ?? 0, b.target?.high ?? 0, accuracy: 0.001, "step \(k + 1)")
        }
        // The repeats come back as repeats, nested as written.
        guard case .repeated(2, let outer) = again.items[5], case .repeated(2, let inner) = outer[1] else { return XCTFail("\(again.items[5])") }
        XCTAssertEqual(inner.count, 2)
    }

    /// A workout_step message written field by field, as another program would.
    func fit(_ steps: [[Int64?]], names: [String] = [], fileType: Int64 = 5, declared: Int64? = nil) -> [UInt8] {
        var w = FITMessageWriter()
        w.define(local: 0, global: 0, fields: [(0, .enumeration)])
        w.data(local: 0, [fileType])
        w.define(local: 1, global: 26, fields: [(4, .enumeration), (6, .uint16), (8, .string(16))])
        w.data(local: 1, [2, declared ?? Int64(steps.count), nil], texts: ["Bad"])
        w.define(local: 2, global: 27, fields: [(254, .uint16), (1, .enumeration), (2, .uint32), (3, .enumeration), (4, .uint32),
                                                (5, .uint32), (6, .uint32), (0, .string(8))])
        for (k, s) in steps.enumerated() { w.data(local: 2, [Int64(k)] + s + [nil], texts: [k < names.count ? names[k] : ""]) }
        return w.file()
    }

    func testFITTargetsAndOffsets() throws {
        let w = try WorkoutFile.read(fit([
            [0, 60_000, 4, 0, 1250, 1300],   // power 250-300 W (W + 1000)
            [0, 60_000, 4, 0, 80, 90],       // power 80-90 % FTP
            [0, 60_000, 1, 0, 240, 250],     // heart rate 140-150 bpm (bpm + 100)
            [1, 40_000, 1, 4, nil, nil],     // 400 m in heart-rate zone 4
            [5, nil, 7, 5, nil, nil],        // open, 3 s power zone 5
            [0, 1_500, 0, 0, 3000, 3500],    // 1.5 s at 3-3.5 m/s
            [0, 60_000, 2, nil, nil, nil],   // open target
            [6, 5, 9, 3, nil, nil],          // repeat step 6 (index 5) and 7 three times
        ]))
        XCTAssertEqual(w.name, "Bad")
        XCTAssertEqual(w.sport, "cycling")
        let s = w.items
        XCTAssertEqual(s.count, 6)
        XCTAssertEqual(s[0], .step(WorkoutStep(.seconds(60), WorkoutTarget(.power, .absolute, low: 250, high: 300))))
        XCTAssertEqual(s[1], .step(WorkoutStep(.seconds(60), WorkoutTarget(.power, .ftp, low: 0.8, high: 0.9))))
        XCTAssertEqual(s[2], .step(WorkoutStep(.seconds(60), WorkoutTarget(.heartRate, .absolute, low: 140, high: 150))))
        XCTAssertEqual(s[3], .step(WorkoutStep(.meters(400), WorkoutTarget(.heartRate, .zone, low: 4, high: 4))))
        XCTAssertEqual(s[4], .step(WorkoutStep(.open, WorkoutTarget(.power, .zone, low: 5, high: 5))))
        XCTAssertEqual(s[5], .repeated(count: 3, [.step(WorkoutStep(.seconds(1.5), WorkoutTarget(.speed, .absolute, low: 3, high: 3.5))),
                                                  .step(WorkoutStep(.seconds(60)))]))
    }

    func testBrokenFITWorkoutsNameTheStep() {
        XCTAssertEqual(refusal(fit([[0, 60_000, 4, 0, 1250, 4000]], names: ["Sprint"])),
                       "FIT: step 1 \"Sprint\" (workout_step 0, message_index 0): a power target above 2500 W")
        XCTAssertEqual(refusal(fit([[0, 60_000, 2, nil, nil, nil], [0, 60_000, 1, 9, nil, nil]])),
                       "FIT: step 2 (workout_step 1, message_index 1): heart rate zone 9: there is no such zone, the highest is zone 5 (heart-rate zones are 1-5)")
        XCTAssertEqual(refusal(fit([[0, 60_000, 1, 0, 300, 400]])), "FIT: step 1 (workout_step 0, message_index 0): a heart rate target above 250 bpm")
        XCTAssertEqual(refusal(fit([[0, 0, 2, nil, nil, nil]])), "FIT: step 1 (workout_step 0, message_index 0): a duration of 0.0 s: a step lasts more than 0 s")
        XCTAssertEqual(refusal(fit([[0, 60_000, 4, 0, 90, 1200]])),
                       "FIT: step 1 (workout_step 0, message_index 0): custom target 90-1200 mixes % (up to 1000) and W (W + 1000)")
        XCTAssertEqual(refusal(fit([[2, 150, 2, nil, nil, nil]])),
                       "FIT: step 1 (workout_step 0, message_index 0): duration_type 2 (hr_less_than): only time, distance, open and repeats are run")
        XCTAssertEqual(refusal(fit([[0, 1000, 2, nil, nil, nil], [6, 3, 2, 2, nil, nil]])),
                       "FIT: step 2 (workout_step 1, message_index 1): a repeat must point back to an earlier step, not to 3")
        XCTAssertEqual(refusal(fit([[0, 1000, 2, nil, nil, nil], [6, 0, 2, 0, nil, nil]])),
                       "FIT: step 2 (workout_step 1, message_index 1): a repeat of 0 times: 1 to 1000 are allowed")
        // A repeat whose start lies inside an earlier repeat.
        XCTAssertEqual(refusal(fit([[0, 1000, 2, nil, nil, nil], [0, 1000, 2, nil, nil, nil], [6, 0, 2, 2, nil, nil], [6, 1, 2, 2, nil, nil]])),
                       "FIT: step 4 (workout_step 3, message_index 3): the repeat from step 2 starts inside another repeat")
        XCTAssertEqual(refusal(fit([[0, 1000, 2, nil, nil, nil], [6, 0, 2, 1000, nil, nil], [6, 0, 2, 1000, nil, nil]])),
                       "FIT: the workout unrolls to 1000000 steps; at most 1000 are run")
        XCTAssertEqual(refusal(fit([[0, 1000, 2, nil, nil, nil]], declared: 3)),
                       "FIT: the workout message says 3 steps (num_valid_steps); the file holds 1 workout_step messages")
        XCTAssertEqual(refusal(fit([[0, 1000, 2, nil, nil, nil]], fileType: 6)), "FIT: file type 6: a workout is FIT file type 5")
        XCTAssertEqual(refusal(fit([[0, 1000, 5, nil, nil, nil]])),
                       "FIT: step 1 (workout_step 0, message_index 0): target_type 5 (grade, resistance or swim stroke): only speed, heart rate, cadence and power are run")
    }

    /// Nothing traps: every truncation and every single-byte change of a written file is read or refused.
    func testDamagedFITFilesNeverTrap() {
        let bytes = FITWorkoutWriter.write(try! WorkoutTextReader.read(Array(Self.every.utf8)))
        for n in 0..<bytes.count { _ = try? WorkoutFile.read(Array(bytes.prefix(n))) }
        for k in 0..<bytes.count {
            var damaged = bytes
            damaged[k] ^= 0x5A
            // With the CRCs made right again, the damage reaches the workout reader itself.
            let end = damaged.count - 2
            let crc = FITMessageWriter.crc(damaged[0..<end])
            damaged[end] = UInt8(crc & 0xFF)
            damaged[end + 1] = UInt8(crc >> 8)
            _ = try? WorkoutFile.read(damaged)
        }
    }
}
