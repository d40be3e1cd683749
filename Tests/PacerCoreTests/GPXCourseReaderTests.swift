import XCTest
@testable import PacerCore

/// GPX files into course drafts: crafted files with exact points, names and cues, the corpus's
/// GPX against python's reading of it, and bad files refused with the element and byte.
final class GPXCourseReaderTests: XCTestCase {
    static func read(_ document: String) throws -> CourseDraft { try GPXCourseReader.read(Array(document.utf8)) }

    /// The message a document is refused with; a failure when it is read or refused otherwise.
    static func refusal(_ document: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        CourseReaderRefusal.message(GPXCourseReader.read, Array(document.utf8), file: file, line: line)
    }

    static func refusal(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> String? {
        CourseReaderRefusal.message(GPXCourseReader.read, bytes, file: file, line: line)
    }

    typealias P = CourseDraft.Point

    func testTracksSegmentsElevationsWaypointsAndNamespaces() throws {
        let draft = try Self.read("""
            <?xml version="1.0" encoding="UTF-8" standalone="no"?>
            <gpx xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxx="http://www.garmin.com/xmlschemas/GpxExtensions/v3"
                 xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" version="1.1" creator="test">
              <metadata><name>Morning &amp; loop</name><author><name>Someone</name></author></metadata>
              <wpt lat="47.5" lon="8.25"><ele>400</ele><name>Turn left at the church</name><sym>Flag</sym><type>Left</type></wpt>
              <wpt lat="47.6" lon="8.3"><name> Col </name><sym>summit</sym></wpt>
              <wpt lat='-47.7' lon='-8.35'><name>Fountain</name><type>Drinking Water</type><sym>Water</sym></wpt>
              <wpt lat="47.8" lon="8.4"><type>POI</type>
                <extensions><gpxx:WaypointExtension><gpxx:DisplayMode>SymbolAndName</gpxx:DisplayMode></gpxx:WaypointExtension></extensions></wpt>
              <trk>
                <name>Track one</name>
                <extensions><gpxx:TrackExtension><gpxx:DisplayColor>Red</gpxx:DisplayColor></gpxx:TrackExtension></extensions>
                <trkseg>
                  <trkpt lat="47.1" lon="8.1"><ele>401.5</ele><time>2024-05-01T07:00:00Z</time></trkpt>
                  <trkpt lon="8.2" lat="47.2"/>
                  <trkpt lat=" 47.3 " lon="8.3"><ele></ele>
                    <extensions><gpxx:TrackPointExtension><trkpt lat="1" lon="1"/><ele>9999</ele></gpxx:TrackPointExtension></extensions></trkpt>
                </trkseg>
                <trkseg></trkseg>
                <trkseg><trkpt lat="47.4" lon="8.4"><ele>-2.0</ele></trkpt></trkseg>
              </trk>
              <trk><name>Track two</name><trkseg><trkpt lat="47.5" lon="8.5"><ele>1e2</ele></trkpt></trkseg></trk>
              <rte><name>Ignored route</name><rtept lat="1" lon="2"/><rtept lat="3" lon="4"/></rte>
              <extensions><trk><trkseg><trkpt lat="9" lon="9"/></trkseg></trk></extensions>
            </gpx>
            """)
        XCTAssertEqual(draft.format, "GPX")
        XCTAssertEqual(draft.name, "Morning & loop")
        XCTAssertEqual(draft.points, [P(latitude: 47.1, longitude: 8.1, elevation: 401.5), P(latitude: 47.2, longitude: 8.2),
                                      P(latitude: 47.3, longitude: 8.3), P(latitude: 47.4, longitude: 8.4, elevation: -2),
                                      P(latitude: 47.5, longitude: 8.5, elevation: 100)])
        XCTAssertEqual(draft.cues, [
            CourseDraft.Cue(name: "Turn left at the church", kind: .left, latitude: 47.5, longitude: 8.25),
            CourseDraft.Cue(name: "Col", kind: CourseCueKind.tcx("Summit"), latitude: 47.6, longitude: 8.3),
            CourseDraft.Cue(name: "Fountain", kind: CourseCueKind.tcx("Water"), latitude: -47.7, longitude: -8.35),
            CourseDraft.Cue(name: "", kind: .generic, latitude: 47.8, longitude: 8.4),
        ])
    }

    func testARouteWithGarminShapingPointsWhenThereIsNoTrack() throws {
        let draft = try Self.read("""
            <gpx xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxx="http://www.garmin.com/xmlschemas/GpxExtensions/v3" version="1.1">
              <trk><name>Empty track</name><trkseg/></trk>
              <rte>
                <name>Along the lake</name>
                <rtept lat="46.0" lon="7.0"><ele>372</ele><name>Start</name>
                  <extensions><gpxx:RoutePointExtension><gpxx:Subclass>000000</gpxx:Subclass>
                    <gpxx:rpt lat="46.01" lon="7.01"/><gpxx:rpt lat="46.02" lon="7.02"/>
                  </gpxx:RoutePointExtension></extensions>
                </rtept>
                <rtept lat="46.03" lon="7.03"/>
              </rte>
              <rte><name>Second</name><rtept lat="46.04" lon="7.04"><ele>380</ele></rtept></rte>
            </gpx>
            """)
        XCTAssertEqual(draft.name, "Along the lake")
        XCTAssertEqual(draft.points, [P(latitude: 46, longitude: 7, elevation: 372), P(latitude: 46.01, longitude: 7.01),
                                      P(latitude: 46.02, longitude: 7.02), P(latitude: 46.03, longitude: 7.03),
                                      P(latitude: 46.04, longitude: 7.04, elevation: 380)])
        XCTAssertEqual(draft.cues, [])
    }

    func testTheNameComesFromTheMetadataThenTheTrackOrRoute() throws {
        let track = "<trk><name>T</name><trkseg><trkpt lat=\"1\" lon=\"2\"/></trkseg></trk>"
        XCTAssertEqual(try Self.read("<gpx>\(track)</gpx>").name, "T")
        XCTAssertEqual(try Self.read("<gpx><metadata><name> </name></metadata>\(track)</gpx>").name, "T")
        XCTAssertEqual(try Self.read("<gpx version=\"1.0\"><name>Old style</name>\(track)</gpx>").name, "Old style")
        XCTAssertEqual(try Self.read("<gpx><rte><name>R</name><rtept lat=\"1\" lon=\"2\"/></rte></gpx>").name, "R")
        XCTAssertEqual(try Self.read("<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"/></trkseg></trk></gpx>").name, "")
        // A prefixed GPX namespace reads the same.
        let prefixed = try Self.read("""
            <g:gpx xmlns:g="http://www.topografix.com/GPX/1/1"><g:metadata><g:name>P</g:name></g:metadata>
            <g:trk><g:trkseg><g:trkpt lat="1" lon="2"><g:ele>3</g:ele></g:trkpt></g:trkseg></g:trk></g:gpx>
            """)
        XCTAssertEqual(prefixed.name, "P")
        XCTAssertEqual(prefixed.points, [P(latitude: 1, longitude: 2, elevation: 3)])
        // No points: the draft is empty, for the builder to refuse.
        XCTAssertEqual(try Self.read("<gpx><wpt lat=\"1\" lon=\"2\"/></gpx>").points, [])
    }

    func testBadCoordinatesAreRefusedWithTheElementAndByte() {
        func file(_ trkpt: String) -> String { "<gpx><trk><trkseg>\(trkpt)</trkseg></trk></gpx>" }
        let cases: [(String, String)] = [
            (file("<trkpt lon=\"8\"/>"), "GPX: byte 18: <trkpt> has no lat attribute"),
            (file("<trkpt lat=\"47\"/>"), "GPX: byte 18: <trkpt> has no lon attribute"),
            (file("<trkpt lat=\"abc\" lon=\"8\"/>"), "GPX: byte 18: <trkpt> lat=\"abc\" is not a number"),
            (file("<trkpt lat=\"\" lon=\"8\"/>"), "GPX: byte 18: <trkpt> lat=\"\" is not a number"),
            (file("<trkpt lat=\"NaN\" lon=\"8\"/>"), "GPX: byte 18: <trkpt> lat=\"NaN\" is not a number"),
            (file("<trkpt lat=\"47,5\" lon=\"8\"/>"), "GPX: byte 18: <trkpt> lat=\"47,5\" is not a number"),
            (file("<trkpt lat=\"1e999\" lon=\"8\"/>"), "GPX: byte 18: <trkpt> lat=\"1e999\" is not a latitude (-90...90)"),
            (file("<trkpt lat=\"90.5\" lon=\"8\"/>"), "GPX: byte 18: <trkpt> lat=\"90.5\" is not a latitude (-90...90)"),
            (file("<trkpt lat=\"47\" lon=\"-1e999\"/>"), "GPX: byte 18: <trkpt> lon=\"-1e999\" is not a longitude (-180...180)"),
            (file("<trkpt lat=\"47\" lon=\"180.5\"/>"), "GPX: byte 18: <trkpt> lon=\"180.5\" is not a longitude (-180...180)"),
            (file("<trkpt lat=\"47\" lon=\"8\"><ele>high</ele></trkpt>"), "GPX: byte 42: <ele> \"high\" is not a finite number"),
            (file("<trkpt lat=\"47\" lon=\"8\"><ele>1e999</ele></trkpt>"), "GPX: byte 42: <ele> \"1e999\" is not a finite number"),
            (file("<trkpt lat=\"\(String(repeating: "9", count: 100))\" lon=\"8\"/>"),
             "GPX: byte 18: <trkpt> lat=\"9999999999999999999999999999999999999999...\" is not a latitude (-90...90)"),
            ("<gpx><rte><rtept lat=\"x\" lon=\"1\"/></rte></gpx>", "GPX: byte 10: <rtept> lat=\"x\" is not a number"),
            ("<gpx><wpt lon=\"1\"/></gpx>", "GPX: byte 5: <wpt> has no lat attribute"),
            ("<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"1\"></trkseg></trk></gpx>",
             "GPX: byte 41: end tag </trkseg> does not match <trkpt> (opened at byte 18)"),
            ("<TrainingCenterDatabase/>", "GPX: byte 0: the root element is <TrainingCenterDatabase>, not <gpx>"),
            ("<gpx><trk>", "GPX: byte 10: the document ends inside <trk> (opened at byte 5)"),
            ("", "GPX: byte 0: no root element"),
        ]
        for (document, message) in cases {
            XCTAssertEqual(Self.refusal(document), message, document)
        }
    }

    func testEntitiesAreNeverExpanded() {
        XCTAssertEqual(Self.refusal("""
            <?xml version="1.0"?>
            <!DOCTYPE gpx [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
            <gpx><metadata><name>&b;</name></metadata></gpx>
            """), "GPX: byte 37: the DOCTYPE declares an entity (<!ENTITY a \"aaaaaaaaaa\">): no entity is ever expanded, so the file is refused")
        XCTAssertEqual(Self.refusal("""
            <!DOCTYPE gpx [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><gpx><metadata><name>&xxe;</name></metadata></gpx>
            """), "GPX: byte 15: the DOCTYPE declares an entity (<!ENTITY xxe SYSTEM \"fil...): no entity is ever expanded, so the file is refused")
        XCTAssertEqual(Self.refusal("<gpx><metadata><name>&xxe;</name></metadata></gpx>"),
                       "GPX: byte 21: reference to the undeclared entity &xxe;: no entity is ever expanded")
    }

    func testDeepNestingIsRefused() {
        let deep = "<gpx>" + String(repeating: "<extensions>", count: 300)
        XCTAssertEqual(Self.refusal(deep), "GPX: byte 3065: <extensions> is nested deeper than 256 elements")
        // Deep but within the limit, and skipped: the points around it are read.
        let skipped = "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"/><extensions>" + String(repeating: "<x>", count: 200)
            + String(repeating: "</x>", count: 200) + "</extensions><trkpt lat=\"3\" lon=\"4\"/></trkseg></trk></gpx>"
        XCTAssertEqual(try Self.read(skipped).points, [P(latitude: 1, longitude: 2), P(latitude: 3, longitude: 4)])
    }

    /// Every prefix of a small GPX: a CourseError or, for the whole file only, a draft; never a trap.
    func testEveryTruncationThrowsOrReads() throws {
        let document = Array("""
            <?xml version="1.0"?><gpx xmlns="http://www.topografix.com/GPX/1/1"><metadata><name>A&amp;B</name></metadata>\
            <wpt lat="1" lon="2"><name>W</name><type>Left</type></wpt><trk><trkseg><trkpt lat="47.25" lon="8.5"><ele>400</ele></trkpt>\
            <trkpt lat="47.5" lon="8.75"/></trkseg></trk></gpx>
            """.utf8)
        var read = 0
        for length in 0..<document.count {
            if Self.refusal(Array(document[0..<length])) == nil { read += 1 }
        }
        XCTAssertEqual(read, 0)
        let whole = try GPXCourseReader.read(document)
        XCTAssertEqual(whole.name, "A&B")
        XCTAssertEqual(whole.points, [P(latitude: 47.25, longitude: 8.5, elevation: 400), P(latitude: 47.5, longitude: 8.75)])
        XCTAssertEqual(whole.cues, [CourseDraft.Cue(name: "W", kind: .left, latitude: 1, longitude: 2)])
    }
}
