import Foundation
import XCTest
import PacerCore

/// The history verbs and exports against a journal written by the real `pacerctl replay`.
final class JournalHistoryTests: XCTestCase {
    func testReplayedSessionsListShowStatsRecordsDelete() throws {
        let dir = try BuiltBinaries.temporaryDirectory("history")
        defer { try? FileManager.default.removeItem(at: dir) }
        let journal = dir.appendingPathComponent("journal").path
        var printed: [[String: Any]] = []
        for name in ["steady-run", "walk"] {
            let input = try JournalTestSupport.scenario(name, in: dir)
            let activity = name == "walk" ? "walk" : "run"
            let r = try BuiltBinaries.run("pacerctl", ["replay", "--nmea", input.nmea, "--ble", input.ble, "--activity", activity,
                                                       "--journal", journal, "--json"])
            XCTAssertEqual(r.status, 0, r.stderr)
            printed.append(try XCTUnwrap(try JournalTestSupport.json(r.stdout) as? [String: Any]))
        }
        XCTAssertEqual(printed.map { $0["id"] as? String }, ["1", "2"])

        // sessions --json is exactly what replay printed.
        let list = try BuiltBinaries.run("pacerctl", ["sessions", "--journal", journal, "--json"])
        XCTAssertEqual(list.status, 0, list.stderr)
        let listed = try XCTUnwrap(try JournalTestSupport.json(list.stdout) as? [[String: Any]])
        XCTAssertEqual(listed.map { NSDictionary(dictionary: $0) }, printed.map { NSDictionary(dictionary: $0) })
        XCTAssertTrue(FileManager.default.fileExists(atPath: journal + "/index.pjx"))

        // A damaged index is rebuilt, and gives the same answer.
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: journal + "/index.pjx"))
        let again = try BuiltBinaries.run("pacerctl", ["sessions", "--journal", journal, "--json"])
        XCTAssertEqual(again.stdout, list.stdout)

        let show = try BuiltBinaries.run("pacerctl", ["show", "1", "--journal", journal, "--json"])
        XCTAssertEqual(NSDictionary(dictionary: try XCTUnwrap(try JournalTestSupport.json(show.stdout) as? [String: Any])),
                       NSDictionary(dictionary: printed[0]))
        let human = try BuiltBinaries.run("pacerctl", ["show", "1", "--journal", journal, "--units", "imperial"])
        XCTAssertTrue(human.stdoutText.contains(" mi"), human.stdoutText)

        // stats: totals equal the sums of the summaries.
        let stats = try BuiltBinaries.run("pacerctl", ["stats", "--by", "year", "--journal", journal, "--json"])
        let years = try XCTUnwrap(try JournalTestSupport.json(stats.stdout) as? [[String: Any]])
        XCTAssertEqual(years.count, 1)
        XCTAssertEqual(years[0]["sessions"] as? Int, 2)
        let distance = printed.map { $0["distance_m"] as! Double }.reduce(0, +)
        XCTAssertEqual(years[0]["distance_m"] as! Double, distance, accuracy: 0.02)
        let moving = printed.map { $0["moving_s"] as! Double }.reduce(0, +)
        XCTAssertEqual(years[0]["moving_s"] as! Double, moving, accuracy: 0.002)
        let runs = try BuiltBinaries.run("pacerctl", ["stats", "--by", "week", "--activity", "walk", "--journal", journal, "--json"])
        let walkWeeks = try XCTUnwrap(try JournalTestSupport.json(runs.stdout) as? [[String: Any]])
        XCTAssertEqual(walkWeeks.map { $0["sessions"] as! Int }.reduce(0, +), 1)
        XCTAssertTrue((walkWeeks.first?["period"] as? String)?.contains("-W") ?? false)

        // records: a 40 min run at ~5:15/km has a fastest 1 km and 5 km, no half marathon.
        let rec = try BuiltBinaries.run("pacerctl", ["records", "--activity", "run", "--journal", journal, "--json"])
        let records = try XCTUnwrap(try JournalTestSupport.json(rec.stdout) as? [[String: Any]])
        let names = records.map { $0["record"] as! String }
        XCTAssertTrue(names.contains("1 km") && names.contains("5 km"), "\(names)")
        XCTAssertFalse(names.contains("half marathon"))
        let km = records.first { $0["record"] as? String == "1 km" }!["time_s"] as! Double
        XCTAssertGreaterThan(km, 200)
        XCTAssertLessThan(km, 400)

        // delete needs --yes, then leaves a tombstone: the session is gone from history.
        XCTAssertEqual(try BuiltBinaries.run("pacerctl", ["delete", "1", "--journal", journal]).status, 2)
        XCTAssertEqual(try BuiltBinaries.run("pacerctl", ["delete", "1", "--yes", "--journal", journal]).status, 0)
        let remaining = try BuiltBinaries.run("pacerctl", ["sessions", "--journal", journal, "--json"])
        let ids = (try JournalTestSupport.json(remaining.stdout) as? [[String: Any]])?.map { $0["id"] as! String }
        XCTAssertEqual(ids, ["2"])
        XCTAssertEqual(try BuiltBinaries.run("pacerctl", ["show", "1", "--journal", journal]).status, 1)
    }

    func testExportsValidateWithGarminFITSDKGpxpyAndTheGPXSchema() throws {
        try JournalTestSupport.requirePython()
        let dir = try BuiltBinaries.temporaryDirectory("export")
        defer { try? FileManager.default.removeItem(at: dir) }
        let journal = dir.appendingPathComponent("journal").path
        for (k, name) in ["city-run", "track-intervals"].enumerated() {
            let input = try JournalTestSupport.scenario(name, in: dir)
            let r = try BuiltBinaries.run("pacerctl", ["replay", "--nmea", input.nmea, "--ble", input.ble, "--journal", journal, "--json"])
            XCTAssertEqual(r.status, 0, r.stderr)
            let id = String(k + 1)
            let summary = dir.appendingPathComponent("\(id).json")
            try r.stdout.write(to: summary)
            var files: [String] = []
            for format in ["csv", "fit", "gpx", "tcx"] {
                let path = dir.appendingPathComponent("\(id).\(format)").path
                let e = try BuiltBinaries.run("pacerctl", ["export", id, "--format", format, "-o", path, "--journal", journal])
                XCTAssertEqual(e.status, 0, e.stderr)
                files.append(path)
            }
            let check = try runTool(JournalTestSupport.python,
                                    [BuiltBinaries.projectRoot.appendingPathComponent("scripts/check-exports.py").path, summary.path] + files)
            XCTAssertEqual(check.status, 0, "\(name):\n\(check.stdout)\(check.stderr)")
            XCTAssertTrue(check.stdout.contains(" 0 failed"), check.stdout)
            XCTAssertFalse(check.stdout.contains("FAIL"), check.stdout)
        }
    }
}

/// A journal written by format 1 (committed in Tests/Fixtures, made with the code before
/// format 2) reads with today's build: the same sessions and samples it printed then.
final class JournalFormatOneFixtureTests: XCTestCase {
    /// `new` holds everything `old` has (objects may have gained keys, nothing else changed).
    static func holds(_ new: JSONValue?, _ old: JSONValue) -> Bool {
        switch (new, old) {
        case (.object(let n)?, .object(let o)):
            return o.allSatisfy { key, value in holds(n.last { $0.0 == key }?.1, value) }
        case (.array(let n)?, .array(let o)):
            return n.count == o.count && zip(n, o).allSatisfy { holds($0, $1) }
        default:
            return new == old
        }
    }

    func testFormatOneJournalReadsAsItWasWritten() throws {
        let fixtures = BuiltBinaries.projectRoot.appendingPathComponent("Tests/Fixtures")
        let work = try BuiltBinaries.temporaryDirectory("journal-v1")
        defer { try? FileManager.default.removeItem(at: work) }
        let journal = work.appendingPathComponent("journal")
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("journal-v1"), to: journal)
        let listed = try BuiltBinaries.run("pacerctl", ["sessions", "--journal", journal.path, "--json"])
        XCTAssertEqual(listed.status, 0, listed.stderr)
        let now = try XCTUnwrap(JSONValue.parse(String(decoding: listed.stdout, as: UTF8.self)).array)
        let then = try XCTUnwrap(JSONValue.parse(try String(contentsOf: fixtures.appendingPathComponent("journal-v1.sessions.json"), encoding: .utf8)).array)
        XCTAssertEqual(now.count, then.count)
        XCTAssertEqual(now.count, 2, "two sessions; the third was deleted (tombstone)")
        for (a, b) in zip(now, then) {
            guard case .object(let old) = b else { return XCTFail("not an object") }
            // Every field format 1 printed is there with the same value (format 2 only adds fields).
            for (key, value) in old {
                XCTAssertTrue(Self.holds(a[key], value), "session \(b["id"]?.string ?? "?") \(key): \(String(describing: a[key])) vs \(value)")
            }
        }
        let csv = try BuiltBinaries.run("pacerctl", ["export", "1", "--format", "csv", "--journal", journal.path])
        XCTAssertEqual(csv.status, 0, csv.stderr)
        let oldRows = try String(contentsOf: fixtures.appendingPathComponent("journal-v1.session1.csv"), encoding: .utf8)
            .split(separator: "\n")
        let newRows = String(decoding: csv.stdout, as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(newRows.count, oldRows.count)
        XCTAssertGreaterThan(oldRows.count, 200)
        for (new, old) in zip(newRows, oldRows) { XCTAssertTrue(new.hasPrefix(old), "\(new)\n\(old)") }
        // And a session appended today goes after them, readable together.
        let scenario = work.appendingPathComponent("sim")
        try ReplayHarness.python("scenario.py", ["walk", "--seed", "4", "--out", scenario.path, "--quiet"])
        let replayed = try BuiltBinaries.run("pacerctl", ["replay", "--nmea", scenario.appendingPathComponent("walk.nmea").path,
                                                          "--activity", "walk", "--journal", journal.path])
        XCTAssertEqual(replayed.status, 0, replayed.stderr)
        let all = try BuiltBinaries.run("pacerctl", ["sessions", "--journal", journal.path, "--json"])
        XCTAssertEqual(try JSONValue.parse(String(decoding: all.stdout, as: UTF8.self)).array?.map { $0["id"]?.string }, ["1", "2", "4"])
    }
}
