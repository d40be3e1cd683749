import XCTest
@testable import PacerCore

/// The number grammar of GPX and TCX values, and the cue kinds a file's words name.
final class XMLNumberTests: XCTestCase {
    func testNumbersAsTheFilesWriteThem() {
        let cases: [(String, Double)] = [
            ("53.11137217", 53.11137217), ("-79.0931872185", -79.0931872185), ("+8.5", 8.5), ("0", 0), ("-0.0", 0),
            (" \n\t178.942626953 ", 178.942626953), ("1.", 1), (".5", 0.5), ("1e3", 1000), ("-2.5E-2", -0.025),
            ("5.873371111111111111111111111", 5.873371111111111), ("1e999", .infinity), ("-1e999", -.infinity), ("1e-999", 0),
        ]
        for (text, value) in cases {
            XCTAssertEqual(XMLNumber.parse(text), value, text)
        }
    }

    func testWhatIsNotADecimalNumberIsRefused() {
        for text in ["", " ", "nan", "NaN", "inf", "INF", "-INF", "infinity", "0x1p3", "0x10", "1,5", "1.2.3", "e5", "1e", "1e+",
                     ".", "-", "+-1", "1 2", "12abc", "١٢", "1_000", "--1"] {
            XCTAssertNil(XMLNumber.parse(text), text)
        }
    }

    func testCueKindsAreFoundByTheirNamesInAnyCase() {
        let cases: [(String, CourseCueKind?)] = [
            ("Left", .left), ("RIGHT", .right), ("straight", .straight), ("Summit", CourseCueKind.tcx("Summit")),
            ("water", CourseCueKind.tcx("Water")), (" Food ", CourseCueKind.tcx("Food")), ("Slight Left", .slightLeft),
            ("sharp-right", .sharpRight), ("U-Turn", .uTurn), ("first aid", CourseCueKind.tcx("First Aid")),
            ("First_Aid", CourseCueKind.tcx("First Aid")), ("4th Category", CourseCueKind.fit(10)), ("category_4", CourseCueKind.fit(10)),
            ("Hors Category", CourseCueKind.fit(14)), ("Generic", .generic),
            ("Drinking Water", nil), ("", nil), ("   ", nil), ("Lefty", nil), ("Flag, Blue", nil),
        ]
        for (text, kind) in cases {
            XCTAssertEqual(CourseCueKind.named(text), kind, text)
        }
        XCTAssertEqual(CourseCueKind.named("Summit")?.name, "summit")
        XCTAssertEqual(CourseCueKind.named("Water")?.fit, 3)
    }
}
