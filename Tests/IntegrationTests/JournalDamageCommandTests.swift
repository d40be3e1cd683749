import Foundation
import XCTest
import PacerCore

/// The real `pacerctl` on a journal the real `pacerctl replay` wrote, with a flipped bit in the
/// middle of its first session: every session is still listed and the later one reads whole,
/// and the rebuild says once, on stderr, what it passed.
final class JournalDamageCommandTests: XCTestCase {
    func testAFlippedBitIsPassedAndReportedOnce() throws {
        let dir = try BuiltBinaries.temporaryDirectory("damage")
        defer { try? FileManager.default.removeItem(at: dir) }
        let journal = dir.appendingPathComponent("journal").path
        for (name, activity) in [("steady-run", "run"), ("walk", "walk")] {
            let input = try JournalTestSupport.scenario(name, in: dir)
            let r = try BuiltBinaries.run("pacerctl", ["replay", "--nmea", input.nmea, "--ble", input.ble, "--activity", activity,
                                                       "--journal", journal, "--json"])
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        let intact = try BuiltBinaries.run("pacerctl", ["sessions", "--journal", journal, "--json"])
        XCTAssertEqual(intact.status, 0, intact.stderr)
        XCTAssertEqual(intact.stderr, "")
        let shown = try BuiltBinaries.run("pacerctl", ["show", "2", "--journal", journal, "--json"])

        // A bit in the 100th samples frame of session 1.
        let segment = URL(fileURLWithPath: journal + "/segment-00000001.pjl")
        var bytes = [UInt8](try Data(contentsOf: segment))
        var samplesFrames: [Int] = []
        var sessions = 0
        bytes.withUnsafeBytes { raw in
            _ = JournalScanner.scan(raw) { type, _, offset in
                if type == .sessionStart { sessions += 1 }
                if type.holdsSamples, sessions == 1 { samplesFrames.append(offset) }
                return true
            }
        }
        XCTAssertGreaterThan(samplesFrames.count, 100)
        bytes[samplesFrames[100] + 1] ^= 0x08
        try Data(bytes).write(to: segment)
        try FileManager.default.removeItem(atPath: journal + "/index.pjx")

        let damaged = try BuiltBinaries.run("pacerctl", ["sessions", "--journal", journal, "--json"])
        XCTAssertEqual(damaged.status, 0, damaged.stderr)
        XCTAssertTrue(damaged.stderr.contains("passed 1 damaged region(s)"), damaged.stderr)
        XCTAssertEqual(damaged.stdout, intact.stdout, "both summaries are whole: the damage hit samples")
        let again = try BuiltBinaries.run("pacerctl", ["sessions", "--journal", journal])
        XCTAssertEqual(again.stderr, "", "said once: the index is saved")
        let second = try BuiltBinaries.run("pacerctl", ["show", "2", "--journal", journal, "--json"])
        XCTAssertEqual(second.stdout, shown.stdout)
        let csv = try BuiltBinaries.run("pacerctl", ["export", "1", "--format", "csv", "--journal", journal])
        XCTAssertEqual(csv.status, 0, csv.stderr)
        let rows = csv.stdoutText.split(separator: "\n").count - 1
        XCTAssertGreaterThan(rows, 90, "the samples before the damaged frame")
        XCTAssertLessThan(rows, samplesFrames.count, "not those after it")
    }
}
