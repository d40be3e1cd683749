import XCTest
@testable import PacerCore

/// What a person reads of a workout: the `step`, `target` and `step_left` fields of `pacerctl
/// watch`, the status row and the watch screen's workout line, from the engine's STATE object.
final class WorkoutDisplayTests: XCTestCase {
    private let t0 = UTCTime(year: 2026, month: 3, day: 1, hour: 7, minute: 0, second: 0)!
    private let plan = try! WorkoutTextReader.read(Array("name: Shown\n2m 190-210W; 1m 90-110W \"easy\"; 400mtr 30-35km/h".utf8))

    private func state(after seconds: Int) throws -> LiveState {
        var engine = SessionEngine(config: PacerConfig(), activity: .ride)
        engine.run(plan, at: MonotonicInstant(seconds: 1000)) { _ in }
        try engine.handle(.start(nil), at: MonotonicInstant(seconds: 1000), time: t0) { _ in }
        for s in 0...seconds {
            let power = try CyclingPowerMeasurement(bytes: [0, 0, 200, 0])
            engine.handle(power: power, at: MonotonicInstant(seconds: 1000 + Double(s)), emit: { _ in })
        }
        var state = LiveState(time: t0, gps: LiveGPSState(source: "none"))
        state.workout = engine.liveWorkout()
        return state
    }

    private func field(_ name: String, _ state: LiveState) -> (label: String, value: String)? {
        guard let f = LiveField.named(name) else { return nil }
        let c = LiveField.Context(state: state, lastLap: nil, format: MeasurementFormatter(DisplayPreferences()))
        return (f.label(c), f.value(c))
    }

    func testTheFieldsStatusAndWatchShowTheStepTheTargetAndTheTimeLeft() throws {
        let second = try state(after: 150)
        XCTAssertEqual(field("step", second)?.value, "2/3")
        XCTAssertEqual(field("step", second)?.label, "STEP easy")
        XCTAssertEqual(field("target", second)?.value, "90-110")
        XCTAssertEqual(field("target", second)?.label, "TARGET W")
        XCTAssertEqual(field("step_left", second)?.label, "STEP LEFT")
        let format = MeasurementFormatter(DisplayPreferences())
        XCTAssertEqual(field("step_left", second)?.value, format.duration(30))

        let report = LiveStateReport(DisplayPreferences())
        let text = report.workoutText(try XCTUnwrap(second.workout))
        XCTAssertEqual(text, "Shown: step 2/3 easy · 90-110 W · \(format.duration(30)) left · OUT of target")
        XCTAssertTrue(report.text(second).contains("workout     " + text), report.text(second))
        let frame = WatchScreen(DisplayPreferences()).frame(second, events: [], connected: true, width: 100)
        XCTAssertTrue(frame.contains("workout " + text), frame)

        // The trainer Pacer drives: its mode, target and state on the status row and the watch screen.
        var driven = second
        driven.trainer = LiveTrainer(mode: "erg", state: "controlling", targetWatts: 100, gradePercent: nil, minimumWatts: 0, maximumWatts: 2000)
        XCTAssertTrue(report.text(driven).contains("trainer     ERG 100 W · controlling (0-2000 W)"), report.text(driven))
        driven.trainer = LiveTrainer(mode: "sim", state: "not_supported", targetWatts: nil, gradePercent: 3.46, minimumWatts: nil, maximumWatts: nil)
        let shown = WatchScreen(DisplayPreferences()).frame(driven, events: [], connected: true, width: 100)
        XCTAssertTrue(shown.contains("trainer SIM grade 3.5 % · not supported"), shown)
        XCTAssertFalse(frame.contains("trainer "), "no trainer heard, no trainer line")

        // A distance step: the distance left in the user's unit (none covered on a trainer without speed).
        let third = try state(after: 190)
        XCTAssertEqual(field("step_left", third)?.label, "STEP LEFT \(format.distanceUnit)")
        XCTAssertEqual(field("step_left", third)?.value, format.distance(400))
        XCTAssertEqual(field("target", third)?.label, "TARGET \(format.speedUnit)")
        XCTAssertEqual(field("target", third)?.value, format.speed(30 / 3.6) + "-" + format.speed(35 / 3.6))

        // No workout: every field is "--" and the layout parses them.
        let none = LiveState(time: t0, gps: LiveGPSState(source: "none"))
        XCTAssertEqual(["step", "target", "step_left"].map { field($0, none)?.value }, ["--", "--", "--"])
        XCTAssertNoThrow(try LiveFieldLayout(parsing: "elapsed:big, step, target:big, step_left:big"))
    }
}
