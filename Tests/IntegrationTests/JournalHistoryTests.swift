import Foundation
import XCTest

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
