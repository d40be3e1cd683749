import Foundation
import PacerCore
import XCTest

/// `pacerctl course info` and `replay --course` on real files and on bad ones: the corpus's
/// recorded tracks read as courses (points and distance against the corpus index and the
/// devices' own totals), and every file that is no course refused with one message naming it.
final class CourseCommandTests: XCTestCase {
    func info(_ path: String) throws -> (status: Int32, json: JSONValue?, stderr: String) {
        let r = try BuiltBinaries.run("pacerctl", ["course", "info", path, "--json"])
        return (r.status, r.status == 0 ? try JSONValue.parse(r.stdout) : nil, r.stderr)
    }

    func testTheCorpusTracksReadAsCourses() throws {
        let tracks = BuiltBinaries.corpus.appendingPathComponent("tracks")
        let index = try String(contentsOf: tracks.appendingPathComponent("INDEX.tsv"), encoding: .utf8)
        var checked = 0
        for row in index.split(separator: "\n").dropFirst() {
            let cells = row.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard ["fit", "gpx", "tcx"].contains(cells[0].split(separator: ".").last.map(String.init) ?? "") else { continue }
            let (status, json, stderr) = try info(tracks.appendingPathComponent(cells[0]).path)
            XCTAssertEqual(status, 0, "\(cells[0]): \(stderr)")
            XCTAssertEqual(json?["points"]?.number, Double(cells[7]), "\(cells[0]): points with a position")
            // The device's own distance where the index has it (its filter, not the raw polyline: within 3 %).
            if let range = cells[15].range(of: "dist="), let metres = Double(cells[15][range.upperBound...].prefix { $0 != "m" }) {
                XCTAssertEqual(try XCTUnwrap(json?["distance_m"]?.number), metres, accuracy: metres * 0.03, cells[0])
            }
            checked += 1
        }
        XCTAssertEqual(checked, 6)
    }

    func testFilesThatAreNoCourseAreRefusedWithTheReason() throws {
        let dir = try BuiltBinaries.temporaryDirectory("bad-courses")
        defer { try? FileManager.default.removeItem(at: dir) }
        func refusal(_ name: String, _ bytes: Data, status expected: Int32 = 1) throws -> String {
            let url = dir.appendingPathComponent(name)
            try bytes.write(to: url)
            let (status, _, stderr) = try info(url.path)
            XCTAssertEqual(status, expected, name)
            return stderr.replacingOccurrences(of: url.path, with: name)
        }
        let gpx = #"<?xml version="1.0"?><gpx version="1.1"><trk><trkseg><trkpt lat="47.1" lon="8.5"/><trkpt lat="47.2" lon="8.5"/></trkseg></trk></gpx>"#
        XCTAssertEqual(try refusal("ok.gpx", Data(gpx.utf8), status: 0), "", "the well-formed one is read")
        XCTAssertTrue(try refusal("cut.gpx", Data(gpx.utf8.prefix(80))).hasPrefix("pacerctl course: cut.gpx: GPX: byte "), "truncated")
        let laughs = #"<?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]><gpx>&b;</gpx>"#
        XCTAssertTrue(try refusal("laughs.gpx", Data(laughs.utf8)).contains("entity"), "no entity is expanded")
        let one = #"<gpx><trk><trkseg><trkpt lat="47.1" lon="8.5"/></trkseg></trk></gpx>"#
        XCTAssertEqual(try refusal("one.gpx", Data(one.utf8)), "pacerctl course: one.gpx: GPX: a course needs at least two points with a position; this one has 1\n")
        XCTAssertEqual(try refusal("text.gpx", Data("hello".utf8)), "pacerctl course: text.gpx: not a GPX, TCX or FIT course file\n")
        // Over the size limit: refused by its size before anything is parsed (a sparse file).
        let big = dir.appendingPathComponent("big.gpx")
        FileManager.default.createFile(atPath: big.path, contents: nil)
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: UInt64(Course.maximumFileBytes + 1))
        try handle.close()
        let (status, _, stderr) = try info(big.path)
        XCTAssertEqual(status, 1)
        XCTAssertTrue(stderr.contains("more than \(Course.maximumFileBytes) bytes"), stderr)
        // replay --course with a file that is no course: one error, no replay.
        let replay = try BuiltBinaries.run("pacerctl", ["replay", "--nmea", "/dev/null", "--course", dir.appendingPathComponent("text.gpx").path])
        XCTAssertEqual(replay.status, 1)
        XCTAssertTrue(replay.stderr.hasSuffix("text.gpx: not a GPX, TCX or FIT course file\n"), replay.stderr)
    }
}
