import Foundation
import XCTest
import PacerCore

/// Journals written by older formats must read the same forever: `Tests/Fixtures/journal-v1-replay`
/// (format 1) and `journal-v2-ride` (format 2 as main wrote it, with power; see the README), with
/// the listing and the CSV exports the writing code printed committed beside them.
final class JournalV1FixtureTests: XCTestCase {
    static var fixtures: URL { BuiltBinaries.projectRoot.appendingPathComponent("Tests/Fixtures") }

    /// A private copy, since reading a journal may rebuild its index or take its lock.
    func copyOfFixture(_ name: String, keepIndex: Bool) throws -> (dir: URL, journal: String) {
        let dir = try BuiltBinaries.temporaryDirectory(name)
        let journal = dir.appendingPathComponent("journal")
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent(name), to: journal)
        if !keepIndex { try FileManager.default.removeItem(at: journal.appendingPathComponent("index.pjx")) }
        return (dir, journal.path)
    }

    func expected(_ fixture: String, _ name: String) throws -> Data {
        try Data(contentsOf: Self.fixtures.appendingPathComponent("\(fixture)-expected/\(name)"))
    }

    /// Later formats only add fields and CSV columns: every value the old code printed must be
    /// there unchanged (`JournalFormatOneFixtureTests.holds`), and every CSV row must start with its old row.
    func checkReadsAsWritten(_ fixture: String, ids: [String], interrupted: [Bool]) throws -> [JSONValue] {
        var listing: [JSONValue] = []
        for keepIndex in [true, false] {
            let (dir, journal) = try copyOfFixture(fixture, keepIndex: keepIndex)
            defer { try? FileManager.default.removeItem(at: dir) }
            let list = try BuiltBinaries.run("pacerctl", ["sessions", "--journal", journal, "--json"])
            XCTAssertEqual(list.status, 0, list.stderr)
            let now = try XCTUnwrap(JSONValue.parse(list.stdoutText).array)
            let then = try XCTUnwrap(JSONValue.parse(String(decoding: try expected(fixture, "sessions.json"), as: UTF8.self)).array)
            XCTAssertEqual(now.count, then.count)
            for (a, b) in zip(now, then) {
                XCTAssertTrue(JournalFormatOneFixtureTests.holds(a, b), "\(fixture), index kept: \(keepIndex)\n\(a)\n\(b)")
            }
            for id in ids {
                let csv = try BuiltBinaries.run("pacerctl", ["export", id, "--format", "csv", "--journal", journal])
                XCTAssertEqual(csv.status, 0, csv.stderr)
                let newRows = String(decoding: csv.stdout, as: UTF8.self).split(separator: "\n")
                let oldRows = String(decoding: try expected(fixture, "session-\(id).csv"), as: UTF8.self).split(separator: "\n")
                XCTAssertEqual(newRows.count, oldRows.count, "\(fixture) session \(id), index kept: \(keepIndex)")
                XCTAssertGreaterThan(oldRows.count, 100)
                for (new, old) in zip(newRows, oldRows) where !new.hasPrefix(old) {
                    XCTFail("\(fixture) session \(id), index kept: \(keepIndex):\n\(new)\n\(old)"); break
                }
            }
            XCTAssertEqual(now.map { $0["id"]?.string }, ids)
            XCTAssertEqual(now.map { $0["interrupted"] }, interrupted.map { .bool($0) })
            listing = now
        }
        return listing
    }

    func testV1ListingAndExportsReadAsWritten() throws {
        // Session 3 is deleted (a tombstone), session 4 was closed by recovery.
        _ = try checkReadsAsWritten("journal-v1-replay", ids: ["1", "2", "4"], interrupted: [false, false, true])
    }

    func testV2RideWithPowerReadsAsMainWroteIt() throws {
        let listing = try checkReadsAsWritten("journal-v2-ride", ids: ["1"], interrupted: [false])
        // Power came through format 2's fields with an id: in the summary, its laps, and the samples.
        XCTAssertEqual(listing.first?["power_max_w"], .number(320))
        XCTAssertNotNil(listing.first?["laps"]?.array?.first?["power_avg_w"]?.number)
    }
}
