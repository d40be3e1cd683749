import Foundation
import XCTest

/// Crash safety against the real binary: `pacerctl replay --journal` killed with SIGKILL at
/// random moments, many times, into one journal.
final class JournalCrashTests: XCTestCase {
    func testSIGKILLAtRandomMomentsNeverLosesAFinishedSession() throws {
        let dir = try BuiltBinaries.temporaryDirectory("crash")
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = try JournalTestSupport.scenario("city-run", in: dir)
        let journal = dir.appendingPathComponent("journal").path
        let replay = ["replay", "--nmea", input.nmea, "--ble", input.ble, "--journal", journal, "--json"]
        let pacerctl = try BuiltBinaries.url("pacerctl")

        // One full run first: how long a replay takes here, and the summary it prints.
        let started = Date()
        let first = try BuiltBinaries.run("pacerctl", replay)
        XCTAssertEqual(first.status, 0, first.stderr)
        let duration = Date().timeIntervalSince(started)
        var finished: [String: [String: Any]] = [:]
        func keep(_ result: BuiltBinaries.Result) throws {
            let summary = try XCTUnwrap(try JournalTestSupport.json(result.stdout) as? [String: Any])
            finished[try XCTUnwrap(summary["id"] as? String)] = summary
        }
        try keep(first)

        // Kill rounds until `targetKills` kills have landed: a replay that finishes before its
        // kill is kept as one more finished session, so the count never depends on machine speed.
        var generator = SystemRandomNumberGenerator()
        var kills = 0, attempts = 0
        let targetKills = 30
        while kills < targetKills && attempts < targetKills * 6 {
            attempts += 1
            if attempts % 8 == 0 {
                let r = try BuiltBinaries.run("pacerctl", replay)
                XCTAssertEqual(r.status, 0, r.stderr)
                try keep(r)
                continue
            }
            let process = Process()
            process.executableURL = pacerctl
            process.arguments = replay
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(UInt32(Double.random(in: 0...(duration * 0.9), using: &generator) * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if process.terminationReason == .uncaughtSignal { kills += 1 }
        }
        XCTAssertEqual(kills, targetKills, "kills landed in \(attempts) attempts")

        // The journal opens; every finished replay's summary is there, identical.
        let list = try BuiltBinaries.run("pacerctl", ["sessions", "--journal", journal, "--json"])
        XCTAssertEqual(list.status, 0, list.stderr)
        let sessions = try XCTUnwrap(try JournalTestSupport.json(list.stdout) as? [[String: Any]])
        let byID = Dictionary(uniqueKeysWithValues: sessions.map { ($0["id"] as! String, $0) })
        for (id, summary) in finished {
            let stored = try XCTUnwrap(byID[id], "finished session \(id) is missing")
            XCTAssertEqual(NSDictionary(dictionary: stored), NSDictionary(dictionary: summary), "session \(id) changed")
            XCTAssertEqual(stored["interrupted"] as? Bool, false)
        }
        let ids = sessions.compactMap { Int($0["id"] as! String) }
        XCTAssertEqual(ids, ids.sorted(), "ids in journal order")
        XCTAssertEqual(Set(ids).count, ids.count, "ids are unique")
        let interrupted = sessions.filter { $0["interrupted"] as? Bool == true }
        for s in interrupted {
            // Recovery closed it from its own samples: a real start, a duration that is not negative.
            XCTAssertNotNil(s["start"] as? String)
            XCTAssertGreaterThanOrEqual(s["elapsed_s"] as? Double ?? -1, 0)
        }

        // The next replay appends after everything. A session the last kill left open at the
        // tail is not listed by a reader (it could be a live recording); the writer closes it
        // as interrupted on open, so it then appears, exactly once, just before the new one.
        let last = try BuiltBinaries.run("pacerctl", replay)
        XCTAssertEqual(last.status, 0, last.stderr)
        let lastSummary = try XCTUnwrap(try JournalTestSupport.json(last.stdout) as? [String: Any])
        let lastID = try XCTUnwrap(Int(lastSummary["id"] as! String))
        let after = try BuiltBinaries.run("pacerctl", ["sessions", "--journal", journal, "--json"])
        let all = try XCTUnwrap(try JournalTestSupport.json(after.stdout) as? [[String: Any]])
        let allByID = Dictionary(uniqueKeysWithValues: all.map { (Int($0["id"] as! String)!, $0) })
        for s in sessions {
            let id = Int(s["id"] as! String)!
            XCTAssertEqual(NSDictionary(dictionary: try XCTUnwrap(allByID[id])), NSDictionary(dictionary: s), "session \(id) changed")
        }
        let recoveredTail = lastID - ((ids.max() ?? 0) + 1)
        XCTAssertTrue(recoveredTail == 0 || recoveredTail == 1, "new id \(lastID) after \(ids.max() ?? 0)")
        if recoveredTail == 1 {
            XCTAssertEqual(allByID[lastID - 1]?["interrupted"] as? Bool, true)
        }
        XCTAssertEqual(all.count, sessions.count + 1 + recoveredTail)
        let finishedCount = finished.count + 1
        print("journal crash test: \(kills) SIGKILLs, \(finishedCount) finished sessions verified, "
              + "\(interrupted.count) sessions closed as interrupted, \(all.count) sessions in the journal")
    }
}
