import Foundation
import XCTest
import PacerCore

/// A journal written by format version 1 (`Tests/Fixtures/journal-v1-replay`, see its README) must read
/// the same forever: the listing and the CSV exports the v1 code printed are committed beside it.
final class JournalV1FixtureTests: XCTestCase {
    static var fixtures: URL { BuiltBinaries.projectRoot.appendingPathComponent("Tests/Fixtures") }

    /// A private copy, since reading a journal may rebuild its index or take its lock.
    func copyOfFixture(keepIndex: Bool) throws -> (dir: URL, journal: String) {
        let dir = try BuiltBinaries.temporaryDirectory("journal-v1-replay")
        let journal = dir.appendingPathComponent("journal")
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("journal-v1-replay"), to: journal)
        if !keepIndex { try FileManager.default.removeItem(at: journal.appendingPathComponent("index.pjx")) }
        return (dir, journal.path)
    }

    func expected(_ name: String) throws -> Data {
        try Data(contentsOf: Self.fixtures.appendingPathComponent("journal-v1-replay-expected/\(name)"))
    }

    /// Later formats only add fields and CSV columns: every value the v1 code printed must be
    /// there unchanged (`JournalFormatOneFixtureTests.holds`), and every CSV row must start with its v1 row.
    func testV1ListingAndExportsReadAsWritten() throws {
        for keepIndex in [true, false] {
            let (dir, journal) = try copyOfFixture(keepIndex: keepIndex)
            defer { try? FileManager.default.removeItem(at: dir) }
            let list = try BuiltBinaries.run("pacerctl", ["sessions", "--journal", journal, "--json"])
            XCTAssertEqual(list.status, 0, list.stderr)
            let now = try XCTUnwrap(JSONValue.parse(list.stdoutText).array)
            let then = try XCTUnwrap(JSONValue.parse(String(decoding: try expected("sessions.json"), as: UTF8.self)).array)
            XCTAssertEqual(now.count, then.count)
            for (a, b) in zip(now, then) {
                XCTAssertTrue(JournalFormatOneFixtureTests.holds(a, b), "index kept: \(keepIndex)\n\(a)\n\(b)")
            }
            for id in [1, 2, 4] {
                let csv = try BuiltBinaries.run("pacerctl", ["export", "\(id)", "--format", "csv", "--journal", journal])
                XCTAssertEqual(csv.status, 0, csv.stderr)
                let newRows = String(decoding: csv.stdout, as: UTF8.self).split(separator: "\n")
                let oldRows = String(decoding: try expected("session-\(id).csv"), as: UTF8.self).split(separator: "\n")
                XCTAssertEqual(newRows.count, oldRows.count, "session \(id), index kept: \(keepIndex)")
                XCTAssertGreaterThan(oldRows.count, 100)
                for (new, old) in zip(newRows, oldRows) where !new.hasPrefix(old) {
                    XCTFail("session \(id), index kept: \(keepIndex):\n\(new)\n\(old)"); break
                }
            }
            // Session 3 is deleted (a tombstone), session 4 was closed by recovery.
            XCTAssertEqual(now.map { $0["id"]?.string }, ["1", "2", "4"])
            XCTAssertEqual(now.map { $0["interrupted"] }, [.bool(false), .bool(false), .bool(true)])
        }
    }
}
