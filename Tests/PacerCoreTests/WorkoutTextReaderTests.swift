import XCTest
@testable import PacerCore

/// Pacer's text form of a workout (issue 44): every word a step may hold, repeats nested, and
/// each mistake refused with one message naming the step by number and text.
final class WorkoutTextReaderTests: XCTestCase {
    func read(_ text: String) throws -> Workout { try WorkoutTextReader.read(Array(text.utf8)) }

    func refusal(_ text: String) -> String {
        do {
            _ = try read(text)
            return "read"
        } catch {
            return (error as? WorkoutError)?.message ?? "\(error)"
        }
    }

    func testTheIssuesExampleReadsAsWritten() throws {
        let w = try read("10m z2; 5x(3m 250-270W, 2m 150W); 10m z1")
        XCTAssertEqual(w.items, [
            .step(WorkoutStep(.seconds(600), WorkoutTarget(.heartRate, .zone, low: 2, high: 2))),
            .repeated(count: 5, [.step(WorkoutStep(.seconds(180), WorkoutTarget(.power, .absolute, low: 250, high: 270))),
                                 .step(WorkoutStep(.seconds(120), WorkoutTarget(.power, .absolute, low: 150, high: 150)))]),
            .step(WorkoutStep(.seconds(600), WorkoutTarget(.heartRate, .zone, low: 1, high: 1))),
        ])
        XCTAssertEqual(w.stepCount, 12)
        XCTAssertEqual(w.steps.count, 12)
        XCTAssertEqual(w.format, "text")
    }

    func testEveryDurationForm() throws {
        let cases: [(String, WorkoutDuration)] = [
            ("90s", .seconds(90)), ("10m", .seconds(600)), ("10min", .seconds(600)), ("1h", .seconds(3600)), ("1h30m", .seconds(5400)),
            ("2m30s", .seconds(150)), ("1:30", .seconds(90)), ("1:00:00", .seconds(3600)), ("400mtr", .meters(400)), ("5km", .meters(5000)),
            ("2mi", .meters(3218.688)), ("1.5km", .meters(1500)), ("open", .open), ("lap", .open), ("10 min", .seconds(600)),
        ]
        for (text, duration) in cases {
            XCTAssertEqual(try read(text).steps.first?.duration, duration, text)
        }
    }

    func testEveryTargetForm() throws {
        let cases: [(String, WorkoutTarget)] = [
            ("250W", WorkoutTarget(.power, .absolute, low: 250, high: 250)),
            ("250 W", WorkoutTarget(.power, .absolute, low: 250, high: 250)),
            ("75%", WorkoutTarget(.power, .ftp, low: 0.75, high: 0.75)),
            ("75-80%ftp", WorkoutTarget(.power, .ftp, low: 0.75, high: 0.8)),
            ("pz3", WorkoutTarget(.power, .zone, low: 3, high: 3)),
            ("ramp 50-75%", WorkoutTarget(.power, .ftp, low: 0.5, high: 0.75, ramp: true)),
            ("ramp 200-100W", WorkoutTarget(.power, .absolute, low: 200, high: 100, ramp: true)),
            ("z5", WorkoutTarget(.heartRate, .zone, low: 5, high: 5)),
            ("140-150bpm", WorkoutTarget(.heartRate, .absolute, low: 140, high: 150)),
            ("70-80%max", WorkoutTarget(.heartRate, .maxHeartRate, low: 0.7, high: 0.8)),
            ("5:00/km", WorkoutTarget(.speed, .absolute, low: 1000.0 / 300, high: 1000.0 / 300)),
            ("4:30-5:00/km", WorkoutTarget(.speed, .absolute, low: 1000.0 / 300, high: 1000.0 / 270)),
            ("8:00/mi", WorkoutTarget(.speed, .absolute, low: 1609.344 / 480, high: 1609.344 / 480)),
            ("36km/h", WorkoutTarget(.speed, .absolute, low: 10, high: 10)),
            ("3-3.5m/s", WorkoutTarget(.speed, .absolute, low: 3, high: 3.5)),
            ("85-95rpm", WorkoutTarget(.cadence, .absolute, low: 85, high: 95)),
            ("170spm", WorkoutTarget(.cadence, .absolute, low: 170, high: 170)),
        ]
        for (text, target) in cases {
            let t = try XCTUnwrap(read("5m " + text).steps.first?.target, text)
            XCTAssertEqual(t.quantity, target.quantity, text)
            XCTAssertEqual(t.scale, target.scale, text)
            XCTAssertEqual(t.ramp, target.ramp, text)
            XCTAssertEqual(t.low, target.low, accuracy: 1e-9, text)
            XCTAssertEqual(t.high, target.high, accuracy: 1e-9, text)
        }
    }

    func testNamesCommentsIntensityAndNestedRepeats() throws {
        let w = try read("""
            # a comment line
            name: Over-unders
            15m z2 warmup   # easy
            2 x (3x(1m 105% "over", 1m 95% "under"), 5m 50% rest)
            10m cooldown
            """)
        XCTAssertEqual(w.name, "Over-unders")
        XCTAssertEqual(w.stepCount, 1 + 2 * (6 + 1) + 1)
        XCTAssertEqual(w.steps[0].intensity, .warmup)
        XCTAssertEqual(w.steps[1].name, "over")
        XCTAssertEqual(w.steps[2].name, "under")
        XCTAssertEqual(w.steps[7].intensity, .rest)
        XCTAssertEqual(w.steps.last?.intensity, .cooldown)
        XCTAssertNil(w.steps.last?.target)
        guard case .repeated(2, let outer) = w.items[1], case .repeated(3, _) = outer[0] else { return XCTFail("\(w.items[1])") }
    }

    func testTheWriterWritesWhatTheReaderReadsBack() throws {
        let text = "name: All\n1h30m z2 warmup; 3x(400mtr 4:00/km \"fast\", 90s rest); 5km 90rpm; 2x(1m ramp 50-120%, 12.5s 1000W); open z5 cooldown\n"
        let w = try read(text)
        let again = try read(WorkoutTextWriter.write(w))
        XCTAssertEqual(again.name, w.name)
        XCTAssertEqual(again.stepCount, w.stepCount)
        for (a, b) in zip(again.steps, w.steps) {
            XCTAssertEqual(a.duration, b.duration)
            XCTAssertEqual(a.intensity, b.intensity)
            XCTAssertEqual(a.name, b.name)
            XCTAssertEqual(a.target?.low ?? 0, b.target?.low ?? 0, accuracy: 1e-3)
            XCTAssertEqual(a.target?.high ?? 0, b.target?.high ?? 0, accuracy: 1e-3)
        }
    }

    func testEachMistakeIsOneErrorNamingTheStep() {
        XCTAssertEqual(refusal("10m z2; 5x(3m 2700W, 2m 150W)"), "text: step 2 (\"3m 2700W\"): a power target above 2500 W")
        XCTAssertEqual(refusal("10m z9"), "text: step 1 (\"10m z9\"): heart rate zone 9: there is no such zone, the highest is zone 5 (heart-rate zones are 1-5)")
        XCTAssertEqual(refusal("5m z2; 10m 300bpm"), "text: step 2 (\"10m 300bpm\"): a heart rate target above 250 bpm")
        XCTAssertEqual(refusal("5m -20W"), "text: step 1 (\"5m -20W\"): '-20w' is a negative target")
        XCTAssertEqual(refusal("0s 200W"), "text: step 1 (\"0s 200W\"): a duration of 0.0 s: a step lasts more than 0 s")
        XCTAssertEqual(refusal("5m 200W z2"), "text: step 1 (\"5m 200W z2\"): two targets; a step has one (z2)")
        XCTAssertEqual(refusal("z2"), "text: step 1 (\"z2\"): no duration (10m, 90s, 400mtr, 5km or open)")
        XCTAssertTrue(refusal("5m fast").hasPrefix("text: step 1 (\"5m fast\"): 'fast' is neither a duration"))
        XCTAssertEqual(refusal("5m 270-250W"), "text: step 1 (\"5m 270-250W\"): a power target whose low end is above its high end")
        XCTAssertEqual(refusal("5m; 3x(1m, 1m"), "text: after step 3: a repeat's ( is never closed with )")
        XCTAssertEqual(refusal("5m)"), "text: after step 1: a ) with no repeat open before it")
        XCTAssertEqual(refusal("0x(1m)"), "text: after step 0: a repeat of 0 times: 1 to 1000 are allowed")
        XCTAssertEqual(refusal("1000x(1000x(1s))"), "text: the workout unrolls to 1000000 steps; at most 1000 are run")
        XCTAssertEqual(refusal("# nothing"), "text: the workout has no steps")
        XCTAssertEqual(refusal("2x(2x(2x(2x(2x(1m)))))"), "text: after step 0: repeats nested deeper than 4 levels")
        XCTAssertEqual(refusal("5m \"unclosed"), "text: step 1 (\"5m \"unclosed\"): a name whose closing \" is missing")
    }

    /// Nothing traps: every prefix of a long workout and bytes that are not text are read or refused.
    func testNoInputTraps() {
        let text = Array("name: x\n10m z2 warmup; 5x(3m 250-270W, 2m 150W \"e\"); 2x(400mtr 4:00-4:10/km, 1:30 open); 5km 30km/h; 10m ramp 60-40%".utf8)
        for n in 0...text.count { _ = try? WorkoutTextReader.read(Array(text.prefix(n))) }
        var seed: UInt64 = 44
        for _ in 0..<300 {
            var bytes: [UInt8] = []
            for _ in 0..<40 {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                bytes.append(Array("0123456789xX()-:;,%/. mskhWbpmzrampen\"\n".utf8)[Int(seed >> 33) % 38])
            }
            _ = try? WorkoutFile.read(bytes)
        }
    }
}
