import Foundation
import PacerCore
import XCTest

/// `pacerctl workout info` on the three formats (issue 44), the FIT and .zwo files the project's
/// own writers make checked by independent readers (Garmin's FIT SDK, Python's XML parser), and
/// a broken file refused with one line naming the file and the step.
final class WorkoutCommandTests: XCTestCase {
    static let plan = "name: Threshold\n10m z2 warmup; 3x(8m 250-270W \"on\", 4m 55% recovery); 2x(400mtr 4:00/km, open rest); 10m ramp 60-40% cooldown\n"
    static let zwiftPlan = "name: Zwift\n10m ramp 25-75% warmup; 5x(1m 120% interval, 2m 50% recovery); 5m 88%; 3m 90-95%; 10m; 5m ramp 70-40% cooldown\n"

    func write(_ dir: URL, _ name: String, _ bytes: [UInt8]) throws -> String {
        let url = dir.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    func info(_ path: String) throws -> JSONValue {
        let r = try BuiltBinaries.run("pacerctl", ["workout", "info", path, "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        return try JSONValue.parse(Array(r.stdout))
    }

    func testInfoReadsTheThreeFormats() throws {
        let dir = try BuiltBinaries.temporaryDirectory("workout-info")
        defer { try? FileManager.default.removeItem(at: dir) }
        let workout = try WorkoutTextReader.read(Array(Self.plan.utf8))
        let zwift = try WorkoutTextReader.read(Array(Self.zwiftPlan.utf8))
        let text = try write(dir, "threshold.txt", Array(Self.plan.utf8))
        let fit = try write(dir, "threshold.fit", FITWorkoutWriter.write(workout))
        let zwo = try write(dir, "zwift.zwo", try ZWOWorkoutWriter.write(zwift))
        for (path, format) in [(text, "text"), (fit, "FIT")] {
            let j = try info(path)
            XCTAssertEqual(j["format"]?.string, format)
            XCTAssertEqual(j["name"]?.string, "Threshold")
            XCTAssertEqual(j["steps"]?.number, 1 + 6 + 4 + 1)
            let items = try XCTUnwrap(j["items"]?.array)
            XCTAssertEqual(items.count, 4)
            XCTAssertEqual(items[0]["duration_s"]?.number, 600)
            XCTAssertEqual(items[0]["target"]?["text"]?.string, "z2")
            XCTAssertEqual(items[1]["repeat"]?.number, 3)
            XCTAssertEqual(items[1]["items"]?.array?[0]["target"]?["text"]?.string, "250-270W")
            XCTAssertEqual(items[1]["items"]?.array?[0]["name"]?.string, "on")
            XCTAssertEqual(items[2]["items"]?.array?[0]["distance_m"]?.number, 400)
            XCTAssertEqual(items[2]["items"]?.array?[0]["target"]?["kind"]?.string, "speed")
        }
        let z = try info(zwo)
        XCTAssertEqual(z["format"]?.string, "ZWO")
        XCTAssertEqual(z["steps"]?.number, 1 + 10 + 4)
        XCTAssertEqual(z["items"]?.array?[0]["target"]?["text"]?.string, "ramp 25-75%")
        XCTAssertEqual(z["items"]?.array?[1]["repeat"]?.number, 5)
        // Text for people: one line per step, repeats indented under "N x".
        let human = try BuiltBinaries.run("pacerctl", ["workout", "info", fit]).stdoutText
        XCTAssertTrue(human.hasPrefix("workout   Threshold (FIT, generic)\ntotal     12 steps"), human)
        XCTAssertTrue(human.contains("  3 x\n      2  8m 250-270W \"on\"\n      3  4m 55% recovery\n"), human)
    }

    func testABrokenFileIsOneErrorNamingTheFileAndTheStep() throws {
        let dir = try BuiltBinaries.temporaryDirectory("workout-bad")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try write(dir, "bad.txt", Array("10m z2; 5x(3m 2700W, 2m 150W)".utf8))
        let r = try BuiltBinaries.run("pacerctl", ["workout", "info", path])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr, "pacerctl workout: \(path): text: step 2 (\"3m 2700W\"): a power target above 2500 W\n")
        let zwo = try write(dir, "bad.zwo", Array("<workout_file><workout><SteadyState Duration=\"60\" Power=\"0.5\"/><Warmup Duration=\"0\" PowerLow=\"0.3\" PowerHigh=\"0.6\"/></workout></workout_file>".utf8))
        XCTAssertEqual(try BuiltBinaries.run("pacerctl", ["workout", "info", zwo]).stderr,
                       "pacerctl workout: \(zwo): ZWO: step 2 (<Warmup> at byte 63): a duration of 0.0 s: a step lasts more than 0 s\n")
        let usage = try BuiltBinaries.run("pacerctl", ["workout", "load"])
        XCTAssertEqual(usage.status, 2)
    }

    /// The FIT workout file the core writes, decoded by Garmin's FIT SDK: no errors, file type
    /// workout, the name, the step count, and each step's duration, target and repeat as written.
    func testTheFITWorkoutDecodesWithGarminsSDK() throws {
        try JournalTestSupport.requirePython()
        let dir = try BuiltBinaries.temporaryDirectory("workout-fit")
        defer { try? FileManager.default.removeItem(at: dir) }
        let fit = try write(dir, "threshold.fit", FITWorkoutWriter.write(try WorkoutTextReader.read(Array(Self.plan.utf8))))
        let script = """
        import json, sys
        from garmin_fit_sdk import Decoder, Stream
        d = Decoder(Stream.from_file(sys.argv[1]))
        assert d.is_fit() and d.check_integrity()
        m, e = Decoder(Stream.from_file(sys.argv[1])).read()
        keys = ('wkt_step_name', 'duration_type', 'duration_time', 'duration_distance', 'duration_step', 'target_type', 'target_hr_zone',
                'custom_target_power_low', 'custom_target_power_high', 'custom_target_speed_low', 'repeat_steps', 'intensity')
        print(json.dumps({'errors': [str(x) for x in e], 'type': m['file_id_mesgs'][0]['type'],
            'name': m['workout_mesgs'][0]['wkt_name'], 'num_valid_steps': m['workout_mesgs'][0]['num_valid_steps'],
            'steps': [{k: s.get(k) for k in keys} for s in m['workout_step_mesgs']]}))
        """
        let r = try runTool(JournalTestSupport.python, ["-c", script, fit])
        XCTAssertEqual(r.status, 0, r.stderr)
        let d = try JSONValue.parse(Array(r.stdout.utf8))
        XCTAssertEqual(d["errors"]?.array?.count, 0)
        XCTAssertEqual(d["type"]?.string, "workout")
        XCTAssertEqual(d["name"]?.string, "Threshold")
        let steps = try XCTUnwrap(d["steps"]?.array)
        XCTAssertEqual(d["num_valid_steps"]?.number, Double(steps.count))
        XCTAssertEqual(steps.count, 8)   // warm-up, on, off, repeat, 400 m, open, repeat, cool-down
        XCTAssertEqual(steps[0]["duration_type"]?.string, "time")
        XCTAssertEqual(steps[0]["duration_time"]?.number, 600)
        XCTAssertEqual(steps[0]["target_hr_zone"]?.number, 2)
        XCTAssertEqual(steps[0]["intensity"]?.string, "warmup")
        XCTAssertEqual(steps[1]["wkt_step_name"]?.string, "on")
        XCTAssertEqual(steps[1]["target_type"]?.string, "power")
        XCTAssertEqual(steps[1]["custom_target_power_low"]?.number, 1250)    // W + 1000
        XCTAssertEqual(steps[1]["custom_target_power_high"]?.number, 1270)
        XCTAssertEqual(steps[2]["custom_target_power_low"]?.number, 55)      // % of FTP
        XCTAssertEqual(steps[3]["duration_type"]?.string, "repeat_until_steps_cmplt")
        XCTAssertEqual(steps[3]["duration_step"]?.number, 1)
        XCTAssertEqual(steps[3]["repeat_steps"]?.number, 3)
        XCTAssertEqual(steps[4]["duration_distance"]?.number, 400)
        XCTAssertEqual(steps[4]["custom_target_speed_low"]?.number ?? 0, 1000.0 / 240, accuracy: 0.001)
        XCTAssertEqual(steps[5]["duration_type"]?.string, "open")
        XCTAssertEqual(steps[6]["duration_step"]?.number, 4)
        XCTAssertEqual(steps[7]["intensity"]?.string, "cooldown")
    }

    /// The .zwo the core writes, parsed by Python's own XML parser: the elements Zwift reads.
    func testTheZwiftFileParsesAsZwiftWritesIt() throws {
        try JournalTestSupport.requirePython()
        let dir = try BuiltBinaries.temporaryDirectory("workout-zwo")
        defer { try? FileManager.default.removeItem(at: dir) }
        let zwo = try write(dir, "z.zwo", try ZWOWorkoutWriter.write(try WorkoutTextReader.read(Array(Self.zwiftPlan.utf8))))
        let script = """
        import json, sys
        import xml.etree.ElementTree as ET
        root = ET.parse(sys.argv[1]).getroot()
        print(json.dumps({'root': root.tag, 'name': root.findtext('name'), 'steps': [[e.tag, e.attrib] for e in root.find('workout')]}))
        """
        let r = try runTool(JournalTestSupport.python, ["-c", script, zwo])
        XCTAssertEqual(r.status, 0, r.stderr)
        let d = try JSONValue.parse(Array(r.stdout.utf8))
        XCTAssertEqual(d["root"]?.string, "workout_file")
        XCTAssertEqual(d["name"]?.string, "Zwift")
        let steps = try XCTUnwrap(d["steps"]?.array)
        XCTAssertEqual(steps.map { $0.array?[0].string ?? "" }, ["Warmup", "IntervalsT", "SteadyState", "SteadyState", "FreeRide", "Cooldown"])
        XCTAssertEqual(steps[0].array?[1]["PowerLow"]?.string, "0.25")
        XCTAssertEqual(steps[1].array?[1]["Repeat"]?.string, "5")
        XCTAssertEqual(steps[1].array?[1]["OnPower"]?.string, "1.2")
        XCTAssertEqual(steps[1].array?[1]["OffDuration"]?.string, "120")
        XCTAssertEqual(steps[3].array?[1]["PowerHigh"]?.string, "0.95")
        XCTAssertEqual(steps[5].array?[1]["PowerLow"]?.string, "0.7")
    }
}
