import Foundation
import XCTest
import PacerCore

/// The journal format is written down three times: the code's tables, the header comment of
/// JournalFormat.swift and docs/journal.md. A row added to one (an activity, a record type) and
/// not the others made the prose wrong without a test noticing; these keep the three in step.
final class JournalDocsAgreementTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// JournalFormat.swift's header comment, `///` and indentation dropped, whitespace collapsed.
    static func formatHeader() throws -> String {
        let source = try text("Sources/PacerCore/Journal/JournalFormat.swift")
        guard let end = source.range(of: "public enum JournalFormat") else {
            XCTFail("JournalFormat.swift declares no `public enum JournalFormat`")
            return ""
        }
        let comment = source[..<end.lowerBound].split(separator: "\n").compactMap { line -> Substring? in
            let trimmed = line.drop { $0 == " " }
            return trimmed.hasPrefix("///") ? trimmed.dropFirst(3) : nil
        }
        return comment.joined(separator: " ").split(whereSeparator: { $0 == " " }).joined(separator: " ")
    }

    /// The `code name` pairs in the parentheses after `activity (` in `text`, e.g. "0 run".
    static func activityPairs(in text: Substring) -> Set<String> {
        guard let open = text.range(of: "activity ("), let close = text[open.upperBound...].firstIndex(of: ")") else { return [] }
        let list = text[open.upperBound..<close]
        var pairs: Set<String> = []
        for item in list.split(whereSeparator: { $0 == "," || $0 == ":" }) {
            let words = item.split(separator: " ")
            guard words.count == 2, words[0].allSatisfy(\.isNumber), words[1].allSatisfy(\.isLetter) else { continue }
            pairs.insert("\(words[0]) \(words[1])")
        }
        return pairs
    }

    /// Every record type the code knows, as (number, case name).
    static var recordTypes: [(number: UInt8, name: String)] {
        (0...UInt8.max).compactMap { raw in JournalRecordType(rawValue: raw).map { (number: raw, name: String(describing: $0)) } }
    }

    var activities: Set<String> {
        Set(ActivityProfile.table.map { "\($0.journalCode) \($0.activity.rawValue)" })
    }

    func testEveryActivityCodeIsInTheDocsAndTheHeader() throws {
        XCTAssertEqual(activities.count, Activity.allCases.count, "one journal code per activity")
        XCTAssertEqual(Set(ActivityProfile.table.map(\.journalCode)).count, ActivityProfile.table.count, "codes are distinct")

        let docs = try Self.text("docs/journal.md")
        let row = try XCTUnwrap(docs.split(separator: "\n").first { $0.hasPrefix("| 1 | sessionStart |") },
                                "docs/journal.md has a record table row for sessionStart")
        XCTAssertEqual(Self.activityPairs(in: row), activities,
                       "docs/journal.md's sessionStart row lists every activity as `code name` (ActivityProfile.table)")

        let header = try Self.formatHeader()
        let start = try XCTUnwrap(header.range(of: "1 sessionStart:"), "JournalFormat.swift's header describes sessionStart")
        XCTAssertEqual(Self.activityPairs(in: header[start.upperBound...]), activities,
                       "JournalFormat.swift's header lists every activity as `code name` for sessionStart")
    }

    func testEveryRecordTypeIsInTheDocsTableAndTheHeader() throws {
        let types = Self.recordTypes
        XCTAssertFalse(types.isEmpty)
        let docs = try Self.text("docs/journal.md")
        let header = try Self.formatHeader()
        // The record table: rows `| NUMBER | name ... | payload |` under `| type | record | payload |`.
        let lines = docs.split(separator: "\n", omittingEmptySubsequences: false)
        let top = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("| type | record | payload |") }, "docs/journal.md has the record table")
        let rows = lines[(top + 2)...].prefix { $0.hasPrefix("|") }
        var documented: [UInt8: Substring] = [:]
        for row in rows {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2, let number = UInt8(cells[0]) else { XCTFail("record table row: \(row)"); continue }
            XCTAssertNil(documented[number], "record type \(number) is listed once")
            documented[number] = Substring(cells[1])
        }
        for (number, name) in types {
            let cell = documented[number]
            XCTAssertTrue(cell == Substring(name) || cell?.hasPrefix(name + " (") == true,
                          "docs/journal.md's record table lists type \(number) as \(name), not \(cell.map(String.init) ?? "nothing")")
            XCTAssertTrue(header.contains(" \(number) \(name): "), "JournalFormat.swift's header lists record type \(number) \(name)")
        }
        XCTAssertEqual(Set(documented.keys), Set(types.map(\.number)), "docs/journal.md lists no record type the code lacks")
    }
}
