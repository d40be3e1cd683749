import Foundation
import XCTest

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

    func testV1ListingAndExportsReadAsWritten() throws {
        for keepIndex in [true, false] {
            let (dir, journal) = try copyOfFixture(keepIndex: keepIndex)
            defer { try? FileManager.default.removeItem(at: dir) }
            let list = try BuiltBinaries.run("pacerctl", ["sessions", "--journal", journal, "--json"])
            XCTAssertEqual(list.status, 0, list.stderr)
            XCTAssertEqual(list.stdoutText, String(decoding: try expected("sessions.json"), as: UTF8.self), "index kept: \(keepIndex)")
            for id in [1, 2, 4] {
                let csv = try BuiltBinaries.run("pacerctl", ["export", "\(id)", "--format", "csv", "--journal", journal])
                XCTAssertEqual(csv.status, 0, csv.stderr)
                XCTAssertEqual(csv.stdout, try expected("session-\(id).csv"), "session \(id), index kept: \(keepIndex)")
            }
            // Session 3 is deleted (a tombstone), session 4 was closed by recovery.
            let listed = try XCTUnwrap(try JournalTestSupport.json(list.stdout) as? [[String: Any]])
            XCTAssertEqual(listed.map { $0["id"] as? String }, ["1", "2", "4"])
            XCTAssertEqual(listed.map { $0["interrupted"] as? Bool }, [false, false, true])
        }
    }
}
