import Foundation
import XCTest
@testable import PacerCore

/// The GPX and TCX course readers against python3's xml.etree reading the corpus's tracks
/// (`CourseFileOracle`): every point, in order, with its elevation, and the name.
final class CourseCorpusOracleTests: XCTestCase {
    func testTheGPXCorpusTrackAsPythonReadsIt() throws {
        let path = try CourseFileOracle.corpusPath("tracks/slither_running.gpx")
        let expected = try CourseFileOracle.read("GPX", path)
        let draft = try GPXCourseReader.read(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        XCTAssertEqual(draft.points.count, 3032)
        XCTAssertEqual(expected.points.count, 3032)
        XCTAssertEqual(draft.points, expected.points)
        XCTAssertEqual(draft.name, expected.name)
        XCTAssertEqual(draft.name, "", "the author's name is not the course's")
        XCTAssertEqual(draft.points.first, CourseDraft.Point(latitude: 53.11137217, longitude: 8.859454, elevation: -2))
        XCTAssertEqual(draft.cues, [])
    }

    func testTheTCXCorpusFilesAsPythonReadsThem() throws {
        for (file, count, first) in [("slither_running.tcx", 750, CourseDraft.Point(latitude: 53.0774917602539062, longitude: 8.6358518600463867, elevation: -2.8959999084472656)),
                                     ("tcxparser_test.tcx", 383, CourseDraft.Point(latitude: 35.951880198, longitude: -79.0931872185, elevation: 178.942626953))] {
            let path = try CourseFileOracle.corpusPath("tracks/" + file)
            let expected = try CourseFileOracle.read("TCX", path)
            let draft = try TCXCourseReader.read(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
            XCTAssertEqual(draft.points.count, count, file)
            XCTAssertEqual(expected.points.count, count, file)
            XCTAssertEqual(draft.points, expected.points, file)
            XCTAssertEqual(draft.points.first, first, file)
            XCTAssertEqual(draft.name, expected.name, file)
            XCTAssertEqual(draft.cues, [], file)
        }
    }

}
