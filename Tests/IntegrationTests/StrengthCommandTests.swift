import Foundation
import XCTest
import PacerCore

/// `pacerctl set --journal` (offline, into the day's session, reopening it without rewriting),
/// `strength`, `evaluate`, `exercises`, and the exports of a strength session: FIT decoded by
/// Garmin's FIT SDK with its set messages, CSV one row per set, GPX and TCX refused.
final class StrengthCommandTests: XCTestCase {
    private func pacerctl(_ args: [String], status: Int32 = 0, file: StaticString = #filePath, line: UInt = #line) throws -> BuiltBinaries.Result {
        let r = try BuiltBinaries.run("pacerctl", args, environment: ["TZ": "UTC"])
        XCTAssertEqual(r.status, status, "pacerctl \(args.joined(separator: " ")): \(r.stderr)", file: file, line: line)
        return r
    }

    /// Two bench sessions and a leg day on consecutive days, all offline.
    private func demoJournal() throws -> (dir: URL, journal: String) {
        let dir = try BuiltBinaries.temporaryDirectory("pacer-strength")
        let journal = dir.appendingPathComponent("journal").path
        for (at, ex, w, r) in [("2026-11-16T18:00:00Z", "Bench Press", "80", "8"), ("2026-11-16T18:03:00Z", "bench press", "80", "8"),
                               ("2026-11-18T18:00:00Z", "Bench Press", "82.5", "8"), ("2026-11-18T18:03:00Z", "Bench Press", "82.5", "9"),
                               ("2026-11-19T18:00:00Z", "Squat", "100", "5"), ("2026-11-20T18:00:00Z", "Squat", "105", "5")] {
            _ = try pacerctl(["set", ex, w, r, "--journal", journal, "--at", at])
        }
        return (dir, journal)
    }

    func testOfflineSetsJoinTheDaysSessionWithoutRewritingIt() throws {
        let (dir, journal) = try demoJournal()
        defer { try? FileManager.default.removeItem(at: dir) }
        let segment = dir.appendingPathComponent("journal/segment-00000001.pjl")
        let before = try Data(contentsOf: segment)
        // A third bench set the same day: the 18th's session gains it, appended after its end.
        let added = try pacerctl(["set", "Bench Press", "185", "5", "--unit", "lb", "--journal", journal, "--at", "2026-11-18T18:06:00Z"])
        XCTAssertEqual(added.stdoutText, "set 3: Bench Press 83.915 kg x 5 (session 2), rest 2:45\n")
        let after = try Data(contentsOf: segment)
        XCTAssertEqual(after.prefix(before.count), before, "committed frames are never rewritten")
        let sessions = try JSONValue.parse(Array(try pacerctl(["sessions", "--journal", journal, "--json"]).stdout))
        XCTAssertEqual(sessions.array?.count, 4)
        XCTAssertEqual(sessions.array?[1]["elapsed_s"]?.number, 360)
        // Undo removes it again (a set_undo tombstone).
        XCTAssertEqual(try pacerctl(["set", "--undo", "--journal", journal, "--at", "2026-11-18T18:07:00Z"]).stdoutText, "set 3 undone (session 2)\n")
        XCTAssertEqual(try pacerctl(["set", "--undo", "--journal", journal, "--at", "2026-11-25T18:07:00Z"], status: 1).stderr,
                       "pacerctl set: no strength session on 2026-11-25: no set to undo\n")
        // Bad input: exit status 2 and nothing appended.
        let size = try Data(contentsOf: segment).count
        for bad in [["Squat", "0", "5"], ["Squat", "1001", "5"], ["Squat", "100", "0"], ["", "100", "5"], ["Squat", "heavy", "5"]] {
            let r = try pacerctl(["set"] + bad + ["--journal", journal], status: 2)
            XCTAssertFalse(r.stderr.isEmpty)
        }
        XCTAssertEqual(try Data(contentsOf: segment).count, size)

        let strength = try JSONValue.parse(Array(try pacerctl(["strength", "Bench Press", "--journal", journal, "--json", "--today", "2026-11-20"]).stdout))
        let bench = try XCTUnwrap(strength["exercises"]?.array?.first)
        XCTAssertEqual(strength["exercises"]?.array?.count, 1)
        XCTAssertEqual(bench["sessions"]?.array?.map { $0["volume_kg"]?.number }, [1280, 1402.5])
        XCTAssertEqual(bench["sessions"]?.array?[1]["e1rm_kg"]?.number, 107.25)     // 82.5 × (1 + 9/30)
        XCTAssertEqual(bench["pr"]?["weight_kg"]?.number, 82.5)
        XCTAssertEqual(bench["pr"]?["weight_date"]?.string, "2026-11-18")
        XCTAssertEqual(bench["momentum"]?["band"]?.string, "steady")                 // 1402.5 / 1280 − 1 = +9.6 %
        XCTAssertEqual(bench["next"]?["weight_kg"]?.number, 82.5)                      // only one session at 82.5 kg
        let legs = try XCTUnwrap(strength["recovery"]?.array?.first { $0["muscle"]?.string == "legs" })
        XCTAssertEqual(legs["training_days_7d"]?.number, 2)
        XCTAssertEqual(legs["warning"]?.string, "consecutive_days")
        // At the end of the 20th the fatigue 525 e^(−6 h/48 h) + 500 e^(−30 h/48 h) = 730 kg exceeds the
        // reference day of 525 kg: 0 % recovered.
        XCTAssertEqual(legs["recovery_pct"]?.number, 0)

        let evaluation = try JSONValue.parse(Array(try pacerctl(["evaluate", "--journal", journal, "--json", "--today", "2026-11-20"]).stdout))
        XCTAssertEqual(evaluation["activity"]?.string, "strength")
        XCTAssertEqual(evaluation["findings"]?.array?.compactMap { $0["kind"]?.string },
                       ["strength", "volume_up", "momentum_steady", "recovery_warning"])
        let text = try pacerctl(["evaluate", "--journal", journal, "--today", "2026-11-20"]).stdoutText
        XCTAssertTrue(text.contains("Squat: top 105 kg, 5 reps vs 100 kg, 5 reps: strength gain (heavier)"), text)
        XCTAssertTrue(text.contains("legs trained on consecutive days"), text)
    }

    func testStrengthExportsFITWithSetMessagesAndCSVAndRefusesGPXAndTCX() throws {
        try JournalTestSupport.requirePython()
        let (dir, journal) = try demoJournal()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fit = dir.appendingPathComponent("s.fit").path
        _ = try pacerctl(["export", "2", "--format", "fit", "--journal", journal, "-o", fit])
        let script = """
        import json, sys
        from garmin_fit_sdk import Decoder, Stream
        d = Decoder(Stream.from_file(sys.argv[1]))
        assert d.is_fit() and d.check_integrity()
        m, e = Decoder(Stream.from_file(sys.argv[1])).read()
        s = m['session_mesgs'][0]
        print(json.dumps({'errors': [str(x) for x in e], 'sport': s['sport'], 'sub_sport': s['sub_sport'],
            'sets': [{k: str(v) if k in ('timestamp', 'start_time') else v for k, v in x.items()} for x in m.get('set_mesgs', [])]}))
        """
        let r = try runTool(JournalTestSupport.python, ["-c", script, fit])
        XCTAssertEqual(r.status, 0, r.stderr)
        let decoded = try JSONValue.parse(Array(r.stdout.utf8))
        XCTAssertEqual(decoded["errors"]?.array?.count, 0)
        XCTAssertEqual(decoded["sport"]?.string, "training")
        XCTAssertEqual(decoded["sub_sport"]?.string, "strength_training")
        let sets = try XCTUnwrap(decoded["sets"]?.array)
        let active = sets.filter { $0["set_type"]?.string == "active" }
        XCTAssertEqual(active.map { $0["repetitions"]?.number }, [8, 9])
        XCTAssertEqual(active.map { $0["weight"]?.number }, [82.5, 82.5])
        XCTAssertEqual(active.map { $0["category"]?.string }, ["bench_press", "bench_press"])
        XCTAssertEqual(active.first?["timestamp"]?.string, "2026-11-18 18:00:00+00:00")
        XCTAssertEqual(active.first?["duration"]?.number, 24)                  // 8 reps × 3 s
        let rest = sets.filter { $0["set_type"]?.string == "rest" }
        XCTAssertEqual(rest.map { $0["duration"]?.number }, [153])            // 180 s − 27 s of set 2

        let csv = try pacerctl(["export", "2", "--format", "csv", "--journal", journal]).stdoutText
        XCTAssertEqual(csv, StrengthExport.csvHeader
            + "1,2026-11-18T18:00:00.000Z,Bench Press,chest,82.5,8,660,104.50,,,\n"
            + "2,2026-11-18T18:03:00.000Z,Bench Press,chest,82.5,9,742.5,107.25,,,153\n")
        for format in ["gpx", "tcx"] {
            let refused = try pacerctl(["export", "2", "--format", format, "--journal", journal], status: 1)
            XCTAssertEqual(refused.stderr, "pacerctl export: session 2: a strength session has no track, and \(format.uppercased()) holds only tracks: "
                           + "export it with --format fit or csv\n")
        }
    }

    func testEvaluateAnEnduranceSessionAgainstTheHistoryIndex() throws {
        let dir = try BuiltBinaries.temporaryDirectory("pacer-evaluate")
        defer { try? FileManager.default.removeItem(at: dir) }
        let journal = dir.appendingPathComponent("journal").path
        _ = try pacerctl(["journal-synth", "--journal", journal, "--sessions", "30", "--samples", "10", "--span-days", "30", "--no-sync"])
        let e = try JSONValue.parse(Array(try pacerctl(["evaluate", "--journal", journal, "--json", "--today", "2023-02-15"]).stdout))
        XCTAssertEqual(e["activity"]?.string, "run")                  // the latest session's activity
        let kinds = e["findings"]?.array?.compactMap { $0["kind"]?.string } ?? []
        XCTAssertEqual(kinds.count, 4, "\(e)")
        XCTAssertTrue(kinds[0].hasPrefix("pace_") && kinds[1].hasPrefix("efficiency_") && kinds[2].hasPrefix("momentum_"), "\(kinds)")
        XCTAssertEqual(kinds[3], "load_detraining")                   // two weeks without training after a month of it
        let ride = try pacerctl(["evaluate", "--activity", "ride", "--journal", journal, "--today", "2023-02-15"]).stdoutText
        XCTAssertTrue(ride.contains(" km/h on a comparable "), ride)
    }

    func testExerciseCatalogue() throws {
        let legs = try pacerctl(["exercises", "--muscle", "legs", "--json"])
        let list = try JSONValue.parse(Array(legs.stdout))
        XCTAssertTrue(list.array?.contains { $0["exercise"]?.string == "Squat" && $0["body"]?.string == "lower" } ?? false)
        XCTAssertTrue(list.array?.allSatisfy { $0["muscle"]?.string == "legs" } ?? false)
        _ = try pacerctl(["exercises", "--muscle", "toes"], status: 2)
    }
}
