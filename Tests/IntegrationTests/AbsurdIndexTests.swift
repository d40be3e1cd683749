import Foundation
import XCTest
import PacerCore

/// The real `pacerctl` on a journal whose history index is CRC-valid but holds a row no file can
/// have: an offset of 2^63 or more (`Int(row.offset)` trapped in every history command) and an id
/// of 2^63 or more (`sessions` trapped printing it; such an index is now rebuilt). The index is written with the project's own
/// encoder, so only the value is absurd.
final class AbsurdIndexTests: XCTestCase {
    func testRowsPastInt64AreReadOrRebuiltNeverTrapped() throws {
        let dir = try BuiltBinaries.temporaryDirectory("absurd-index")
        defer { try? FileManager.default.removeItem(at: dir) }
        let journal = dir.appendingPathComponent("journal").path
        let input = try JournalTestSupport.scenario("walk", in: dir)
        let replayed = try BuiltBinaries.run("pacerctl", ["replay", "--nmea", input.nmea, "--ble", input.ble, "--activity", "walk",
                                                          "--journal", journal, "--json"])
        XCTAssertEqual(replayed.status, 0, replayed.stderr)
        let listed = try BuiltBinaries.run("pacerctl", ["sessions", "--journal", journal, "--json"])
        let expectedDistance = try XCTUnwrap(JSONValue.parse(listed.stdout).array?.first?["distance_m"]?.number)

        let indexURL = URL(fileURLWithPath: journal + "/index.pjx")
        let original = [UInt8](try Data(contentsOf: indexURL))
        func rewrite(offset: UInt64? = nil, id: UInt64? = nil) throws {
            let bytes: [UInt8] = try original.withUnsafeBytes { raw in
                let index = try XCTUnwrap(HistoryIndexReader(raw))
                XCTAssertEqual(index.count, 1)
                let row = index.row(0)
                let entry = HistoryIndex.Entry(summary: try XCTUnwrap(index.summary(0)), id: id ?? row.id, segment: row.segment,
                                               offset: offset ?? row.offset, bestEfforts: row.bestEfforts)
                return HistoryIndex.encode(segments: index.segments, entries: [entry])
            }
            try Data(bytes).write(to: indexURL)
        }
        for offset in [UInt64(1) << 63, .max, UInt64(1) << 40] {
            try rewrite(offset: offset)
            let gpx = dir.appendingPathComponent("1.gpx").path
            for command in [["sessions", "--json"], ["show", "1", "--json"], ["export", "1", "--format", "gpx", "-o", gpx],
                            ["stats", "--by", "week", "--json"]] {
                let r = try BuiltBinaries.run("pacerctl", command + ["--journal", journal])
                XCTAssertEqual(r.status, 0, "offset \(offset), \(command): \(r.stderr)")
            }
            let shown = try BuiltBinaries.run("pacerctl", ["show", "1", "--journal", journal, "--json"])
            XCTAssertEqual(try JSONValue.parse(shown.stdout)["distance_m"]?.number ?? -1, expectedDistance, accuracy: 0.01, "offset \(offset)")
            XCTAssertTrue(try String(contentsOfFile: gpx, encoding: .utf8).contains("<trkpt"), "offset \(offset): the export has its track")
        }
        // An id no journal holds is damage that kept its CRC: the index is not used but rebuilt,
        // and the journal's own id is listed.
        try rewrite(id: UInt64(1) << 63)
        let text = try BuiltBinaries.run("pacerctl", ["sessions", "--journal", journal])
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertFalse(text.stdoutText.contains("9223372036854775808"), text.stdoutText)
        XCTAssertTrue(text.stdoutText.split(separator: "\n").dropFirst().first?.hasPrefix("     1  ") ?? false, text.stdoutText)
    }
}
