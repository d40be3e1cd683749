import Foundation
import XCTest

/// `pacerctl goals|habits|awards|load` over a journal written by the real `pacerctl replay` from
/// simulator scenarios shifted to chosen dates.
final class MotivationCommandTests: XCTestCase {
    /// Replays `scenario` starting at `start` (UTC) into `journal`; returns the summary printed.
    func replay(_ scenario: String, _ start: String, activity: String, journal: String, in dir: URL) throws -> [String: Any] {
        let out = dir.appendingPathComponent(start.replacingOccurrences(of: ":", with: "-"))
        let r = try runTool("/usr/bin/python3", [BuiltBinaries.projectRoot.appendingPathComponent("sim/scenario.py").path, scenario,
                                                                  "--start", start, "--out", out.path, "--quiet"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let p = try BuiltBinaries.run("pacerctl", ["replay", "--nmea", out.appendingPathComponent("\(scenario).nmea").path,
                                                   "--ble", out.appendingPathComponent("\(scenario).ble").path,
                                                   "--activity", activity, "--journal", journal, "--json"])
        XCTAssertEqual(p.status, 0, p.stderr)
        return try XCTUnwrap(try JournalTestSupport.json(p.stdout) as? [String: Any])
    }

    func command(_ args: [String], tz: String = "Europe/Berlin") throws -> Any {
        var env = ProcessInfo.processInfo.environment
        env["TZ"] = tz
        let r = try BuiltBinaries.run("pacerctl", args + ["--json"], environment: env)
        XCTAssertEqual(r.status, 0, r.stderr)
        return try JournalTestSupport.json(r.stdout)
    }

    func testReportsOverReplayedSessions() throws {
        let dir = try BuiltBinaries.temporaryDirectory("motivation")
        defer { try? FileManager.default.removeItem(at: dir) }
        let journal = dir.appendingPathComponent("journal").path
        let config = dir.appendingPathComponent("pacer.conf")
        try """
        [goals]
        daily_distance_km = 5
        weekly_sessions = 3
        [habit morning-run]
        activity = run
        days = mon,wed,fri
        min_distance_km = 3
        remind_at = 07:30
        """.write(to: config, atomically: true, encoding: .utf8)
        // Runs on Mon 23, Wed 25, Fri 27 Feb and Mon 2 Mar 2026 (Berlin, 06:40 local), a walk on
        // Sat 28 Feb at 23:30 UTC, which is already Sunday 1 March in Berlin, and 04:50 local.
        var summaries: [[String: Any]] = []
        for day in ["2026-02-23", "2026-02-25", "2026-02-27", "2026-03-02"] {
            summaries.append(try replay("steady-run", day + "T05:40:00Z", activity: "run", journal: journal, in: dir))
        }
        summaries.append(try replay("walk", "2026-02-28T23:30:00Z", activity: "walk", journal: journal, in: dir))
        let base = ["--config", config.path, "--journal", journal]
        let runKm = (summaries[3]["distance_m"] as! Double) / 1000
        XCTAssertGreaterThan(runKm, 5)

        // Wednesday 4 March, nothing recorded yet (today does not break), but Tuesday did.
        let goals = try XCTUnwrap(try command(["goals", "--today", "2026-03-04"] + base) as? [String: Any])
        XCTAssertEqual(goals["date"] as? String, "2026-03-04")
        let daily = try XCTUnwrap(goals["daily"] as? [[String: Any]])
        XCTAssertEqual(daily.first?["goal"] as? String, "distance_km")
        XCTAssertEqual(daily.first?["done"] as? Double, 0)
        XCTAssertEqual(daily.first?["met"] as? Bool, false)
        XCTAssertEqual(goals["streak_days"] as? Int, 0)
        XCTAssertEqual(goals["longest_streak_days"] as? Int, 1)
        let weekly = try XCTUnwrap(goals["weekly"] as? [[String: Any]])
        XCTAssertEqual(weekly.first?["done"] as? Double, 1)
        // --date: Monday itself, met with the one run.
        let monday = try XCTUnwrap(try command(["goals", "--date", "2026-03-02"] + base) as? [String: Any])
        XCTAssertEqual((monday["daily"] as? [[String: Any]])?.first?["done"] as? Double ?? 0, (runKm * 1000).rounded() / 1000, accuracy: 0.0011)
        XCTAssertEqual((monday["daily"] as? [[String: Any]])?.first?["met"] as? Bool, true)
        XCTAssertEqual(monday["streak_days"] as? Int, 1)

        let habits = try XCTUnwrap(try command(["habits", "--today", "2026-03-04"] + base) as? [[String: Any]])
        XCTAssertEqual(habits.first?["name"] as? String, "morning-run")
        XCTAssertEqual(habits.first?["current_streak"] as? Int, 4)
        XCTAssertEqual(habits.first?["done_today"] as? Bool, false)
        XCTAssertEqual(habits.first?["last_done"] as? String, "2026-03-02")
        let text = try BuiltBinaries.run("pacerctl", ["habits", "--today", "2026-03-04"] + base, environment: ["TZ": "Europe/Berlin"])
        XCTAssertTrue(text.stdoutText.contains("2026-02-23  #  .  #  .  #  .  . "), text.stdoutText)

        let awards = try XCTUnwrap(try command(["awards", "--today", "2026-03-04"] + base) as? [[String: Any]])
        let earned = awards.filter { $0["earned_at"] is String }
        XCTAssertEqual(earned.first?["id"] as? String, "first-run")
        XCTAssertEqual(earned.first?["session"] as? String, "1")
        XCTAssertEqual(earned.first { $0["id"] as? String == "first-walk" }?["session"] as? String, "5")
        XCTAssertEqual(earned.first { $0["id"] as? String == "early-start" }?["session"] as? String, "5")   // 00:30 local
        XCTAssertEqual(awards.first { $0["family"] as? String == "habit-morning-run-streak" }?["value"] as? Double, 4)
        // In UTC the walk starts 23:30, but the first run at 05:40 is early.
        let utcAwards = try XCTUnwrap(try command(["awards", "--today", "2026-03-04"] + base, tz: "UTC") as? [[String: Any]])
        XCTAssertEqual(utcAwards.first { $0["id"] as? String == "early-start" }?["session"] as? String, "1")

        // Load: one row per day from the first session through --today, stress = the TRIMP.
        let load = try XCTUnwrap(try command(["load", "--today", "2026-03-04"] + base) as? [[String: Any]])
        XCTAssertEqual(load.count, 10)
        XCTAssertEqual(load.first?["date"] as? String, "2026-02-23")
        XCTAssertEqual(load.last?["date"] as? String, "2026-03-04")
        let trimp = try XCTUnwrap(summaries[0]["trimp"] as? Double)
        XCTAssertEqual(load[0]["stress"] as! Double, (trimp * 10).rounded() / 10, accuracy: 0.051)
        XCTAssertEqual(load[0]["ctl"] as! Double, trimp * (1 - exp(-1.0 / 42)), accuracy: 0.006)
        XCTAssertEqual(load[0]["tsb"] as? Double, 0)
        XCTAssertEqual(load[1]["tsb"] as! Double, trimp * (exp(-1.0 / 7) - exp(-1.0 / 42)), accuracy: 0.006)
        let last3 = try XCTUnwrap(try command(["load", "--today", "2026-03-04", "--days", "3"] + base) as? [[String: Any]])
        XCTAssertEqual(last3.map { $0["date"] as! String }, ["2026-03-02", "2026-03-03", "2026-03-04"])

        // Deleting the first run revokes its award; the next run earns it on its own date.
        XCTAssertEqual(try BuiltBinaries.run("pacerctl", ["delete", "1", "--yes", "--journal", journal]).status, 0)
        let after = try XCTUnwrap(try command(["awards", "--today", "2026-03-04"] + base) as? [[String: Any]])
        XCTAssertEqual(after.first { $0["id"] as? String == "first-run" }?["session"] as? String, "2")

        // A bad config is named with file, line and key.
        try "[habit x]\nremind_at = 25:00\n".write(to: config, atomically: true, encoding: .utf8)
        let bad = try BuiltBinaries.run("pacerctl", ["habits"] + base)
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("pacer.conf:2: habit x.remind_at:"))
    }
}
