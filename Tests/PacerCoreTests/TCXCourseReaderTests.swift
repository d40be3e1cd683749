import XCTest
@testable import PacerCore

/// TCX files into course drafts: a crafted course with its course points, activities followed
/// as courses, the corpus's TCX files against python's reading of them, and bad files refused.
final class TCXCourseReaderTests: XCTestCase {
    static func read(_ document: String) throws -> CourseDraft { try TCXCourseReader.read(Array(document.utf8)) }

    /// The message a document is refused with; a failure when it is read or refused otherwise.
    static func refusal(_ document: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        CourseReaderRefusal.message(TCXCourseReader.read, Array(document.utf8), file: file, line: line)
    }

    static func refusal(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> String? {
        CourseReaderRefusal.message(TCXCourseReader.read, bytes, file: file, line: line)
    }

    typealias P = CourseDraft.Point
    typealias Cue = CourseDraft.Cue

    static func trackpoint(_ lat: String, _ lon: String, _ alt: String? = nil) -> String {
        "<Trackpoint><Time>2024-05-01T07:00:00Z</Time><Position><LatitudeDegrees>\(lat)</LatitudeDegrees>"
            + "<LongitudeDegrees>\(lon)</LongitudeDegrees></Position>" + (alt.map { "<AltitudeMeters>\($0)</AltitudeMeters>" } ?? "")
            + "<DistanceMeters>0</DistanceMeters></Trackpoint>"
    }

    func testACourseWithItsTrackAndCoursePoints() throws {
        let draft = try Self.read("""
            <?xml version="1.0" encoding="UTF-8"?>
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"
                xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
              <Folders><Courses><CourseFolder Name="Courses"><CourseNameRef><Id>Ignored</Id></CourseNameRef></CourseFolder></Courses></Folders>
              <Courses>
                <Course>
                  <Name>Lake &lt;loop&gt;</Name>
                  <Lap><TotalTimeSeconds>3600</TotalTimeSeconds><DistanceMeters>30000</DistanceMeters>
                    <BeginPosition><LatitudeDegrees>1</LatitudeDegrees><LongitudeDegrees>1</LongitudeDegrees></BeginPosition></Lap>
                  <Track>
                    \(Self.trackpoint("46.5", "6.5", "372.25"))
                    <Trackpoint><Time>2024-05-01T07:00:01Z</Time><AltitudeMeters>373</AltitudeMeters></Trackpoint>
                    \(Self.trackpoint(" 46.6 ", "6.6"))
                  </Track>
                  <Track>\(Self.trackpoint("46.7", "-6.7", "<![CDATA[380]]>"))</Track>
                  <CoursePoint><Name>Left</Name><Time>2024-05-01T07:10:00Z</Time>
                    <Position><LatitudeDegrees>46.55</LatitudeDegrees><LongitudeDegrees>6.55</LongitudeDegrees></Position>
                    <PointType>Left</PointType><Notes>At the bakery</Notes></CoursePoint>
                  <CoursePoint><Name>Col du Test</Name><Position><LatitudeDegrees>46.6</LatitudeDegrees><LongitudeDegrees>6.6</LongitudeDegrees></Position>
                    <AltitudeMeters>1500</AltitudeMeters><PointType>Summit</PointType></CoursePoint>
                  <CoursePoint><Name>Fountain</Name><Position><LatitudeDegrees>46.65</LatitudeDegrees><LongitudeDegrees>6.65</LongitudeDegrees></Position>
                    <PointType>water</PointType></CoursePoint>
                  <CoursePoint><Name>Mystery</Name><PointType>Teleporter</PointType></CoursePoint>
                  <CoursePoint><Name>Aid</Name><Position><LatitudeDegrees>46.7</LatitudeDegrees><LongitudeDegrees>6.7</LongitudeDegrees></Position>
                    <PointType>First Aid</PointType></CoursePoint>
                </Course>
                <Course><Name>Second course</Name><Track>\(Self.trackpoint("10", "10"))</Track></Course>
              </Courses>
              <Activities><Activity Sport="Biking"><Id>ignored</Id><Lap><Track>\(Self.trackpoint("20", "20"))</Track></Lap></Activity></Activities>
            </TrainingCenterDatabase>
            """)
        XCTAssertEqual(draft.format, "TCX")
        XCTAssertEqual(draft.name, "Lake <loop>")
        XCTAssertEqual(draft.points, [P(latitude: 46.5, longitude: 6.5, elevation: 372.25), P(latitude: 46.6, longitude: 6.6),
                                      P(latitude: 46.7, longitude: -6.7, elevation: 380)])
        XCTAssertEqual(draft.cues, [
            Cue(name: "Left", kind: .left, latitude: 46.55, longitude: 6.55),
            Cue(name: "Col du Test", kind: CourseCueKind.tcx("Summit"), latitude: 46.6, longitude: 6.6),
            Cue(name: "Fountain", kind: CourseCueKind.tcx("Water"), latitude: 46.65, longitude: 6.65),
            Cue(name: "Mystery", kind: .generic),
            Cue(name: "Aid", kind: CourseCueKind.tcx("First Aid"), latitude: 46.7, longitude: 6.7),
        ])
    }

    func testAnActivityIsFollowedAsACourse() throws {
        let draft = try Self.read("""
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
              <Activities>
                <Activity Sport="Running"><Id>2024-05-01T07:00:00Z</Id>
                  <Lap StartTime="2024-05-01T07:00:00Z"><Track>\(Self.trackpoint("1", "2", "3"))\(Self.trackpoint("1.5", "2.5"))</Track></Lap>
                  <Lap StartTime="2024-05-01T07:10:00Z"><Track><Trackpoint><Time>2024-05-01T07:10:00Z</Time></Trackpoint></Track>
                    <Track>\(Self.trackpoint("-1", "-2", ""))</Track></Lap>
                  <Creator><Name>Forerunner</Name></Creator>
                </Activity>
                <Activity Sport="Biking"><Id>second</Id><Lap><Track>\(Self.trackpoint("9", "9"))</Track></Lap></Activity>
              </Activities>
            </TrainingCenterDatabase>
            """)
        XCTAssertEqual(draft.name, "2024-05-01T07:00:00Z")
        XCTAssertEqual(draft.points, [P(latitude: 1, longitude: 2, elevation: 3), P(latitude: 1.5, longitude: 2.5), P(latitude: -1, longitude: -2)])
        XCTAssertEqual(draft.cues, [])
        let anonymous = try Self.read("<ns:TrainingCenterDatabase xmlns:ns=\"x\"><ns:Activities><ns:Activity><ns:Lap><ns:Track>"
                                      + "<ns:Trackpoint><ns:Position><ns:LatitudeDegrees>5</ns:LatitudeDegrees><ns:LongitudeDegrees>6</ns:LongitudeDegrees>"
                                      + "</ns:Position></ns:Trackpoint></ns:Track></ns:Lap></ns:Activity></ns:Activities></ns:TrainingCenterDatabase>")
        XCTAssertEqual(anonymous.name, "activity")
        XCTAssertEqual(anonymous.points, [P(latitude: 5, longitude: 6)])
        XCTAssertEqual(try Self.read("<TrainingCenterDatabase/>"), CourseDraft(format: "TCX"))
    }

    func testBadPositionsAreRefusedWithTheElementAndByte() {
        func file(_ trackpoint: String) -> String {
            "<TrainingCenterDatabase><Courses><Course><Track>\(trackpoint)</Track></Course></Courses></TrainingCenterDatabase>"
        }
        let cases: [(String, String)] = [
            (file("<Trackpoint><Position><LatitudeDegrees>1</LatitudeDegrees></Position></Trackpoint>"),
             "TCX: byte 60: <Position> of a <Trackpoint> has no <LongitudeDegrees>"),
            (file("<Trackpoint><Position><LongitudeDegrees>1</LongitudeDegrees></Position></Trackpoint>"),
             "TCX: byte 60: <Position> of a <Trackpoint> has no <LatitudeDegrees>"),
            (file("<Trackpoint><Position/></Trackpoint>"), "TCX: byte 60: <Position> of a <Trackpoint> has no <LatitudeDegrees>"),
            (file(Self.trackpoint("north", "1")), "TCX: byte 103: <LatitudeDegrees> \"north\" is not a number"),
            (file(Self.trackpoint("NaN", "1")), "TCX: byte 103: <LatitudeDegrees> \"NaN\" is not a number"),
            (file(Self.trackpoint("1e999", "1")), "TCX: byte 103: <LatitudeDegrees> \"1e999\" is not a finite number"),
            (file(Self.trackpoint("-91", "1")), "TCX: byte 103: <LatitudeDegrees> \"-91\" is not within -90...90"),
            (file(Self.trackpoint("1", "181")), "TCX: byte 139: <LongitudeDegrees> \"181\" is not within -180...180"),
            (file(Self.trackpoint("1", "2", "up")), "TCX: byte 188: <AltitudeMeters> \"up\" is not a number"),
            (file(Self.trackpoint("1", "2", "-1e999")), "TCX: byte 188: <AltitudeMeters> \"-1e999\" is not a finite number"),
            ("<TrainingCenterDatabase><Courses><Course><CoursePoint><Position><LatitudeDegrees>1</LatitudeDegrees></Position>"
             + "</CoursePoint></Course></Courses></TrainingCenterDatabase>", "TCX: byte 54: <Position> of a <CoursePoint> has no <LongitudeDegrees>"),
            ("<gpx/>", "TCX: byte 0: the root element is <gpx>, not <TrainingCenterDatabase>"),
            ("<TrainingCenterDatabase><Courses></Course></Courses></TrainingCenterDatabase>",
             "TCX: byte 33: end tag </Course> does not match <Courses> (opened at byte 24)"),
        ]
        for (document, message) in cases {
            XCTAssertEqual(Self.refusal(document), message, document)
        }
    }

    func testEntitiesAndDepthAreRefused() {
        XCTAssertEqual(Self.refusal("""
            <!DOCTYPE TrainingCenterDatabase [<!ENTITY x SYSTEM "http://example.com/x">]><TrainingCenterDatabase>&x;</TrainingCenterDatabase>
            """), "TCX: byte 34: the DOCTYPE declares an entity (<!ENTITY x SYSTEM \"http:...): no entity is ever expanded, so the file is refused")
        XCTAssertEqual(Self.refusal("<TrainingCenterDatabase><Courses><Course><Name>&copy;</Name></Course></Courses></TrainingCenterDatabase>"),
                       "TCX: byte 47: reference to the undeclared entity &copy;: no entity is ever expanded")
        XCTAssertEqual(Self.refusal("<TrainingCenterDatabase>" + String(repeating: "<Extensions>", count: 1000)),
                       "TCX: byte 3084: <Extensions> is nested deeper than 256 elements")
    }

    /// Every prefix of a small TCX course: a CourseError or, for the whole file only, a draft.
    func testEveryTruncationThrowsOrReads() throws {
        let document = Array(("<?xml version=\"1.0\"?>\n<TrainingCenterDatabase xmlns=\"http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2\">"
                              + "<Courses><Course><Name>C</Name><Track>\(Self.trackpoint("1.25", "2.5", "3"))\(Self.trackpoint("1.5", "2.75"))</Track>"
                              + "<CoursePoint><Name>R</Name><Position><LatitudeDegrees>1.5</LatitudeDegrees><LongitudeDegrees>2.75</LongitudeDegrees>"
                              + "</Position><PointType>Right</PointType></CoursePoint></Course></Courses></TrainingCenterDatabase>").utf8)
        var read = 0
        for length in 0..<document.count {
            if Self.refusal(Array(document[0..<length])) == nil { read += 1 }
        }
        XCTAssertEqual(read, 0)
        let whole = try TCXCourseReader.read(document)
        XCTAssertEqual(whole.name, "C")
        XCTAssertEqual(whole.points, [P(latitude: 1.25, longitude: 2.5, elevation: 3), P(latitude: 1.5, longitude: 2.75)])
        XCTAssertEqual(whole.cues, [Cue(name: "R", kind: .right, latitude: 1.5, longitude: 2.75)])
    }
}
