import XCTest
@testable import PacerCore

/// External numbers become integers only through checked conversions: nothing here may trap.
final class CheckedConversionTests: XCTestCase {
    func testRoundedIntRefusesWhatDoesNotFit() {
        XCTAssertEqual(2.5.roundedInt(), 3)
        XCTAssertEqual((-2.5).roundedInt(.towardZero), -2)
        XCTAssertNil(1e300.roundedInt())
        XCTAssertNil((-1e300).roundedInt())
        XCTAssertNil(Double.nan.roundedInt())
        XCTAssertNil(Double.infinity.roundedInt())
        XCTAssertNil(9.3e18.roundedInt())
    }

    func testJSONIntegerIsWholeAndInRange() throws {
        let v = try JSONValue.parse(Array(#"{"a":3,"b":1e300,"c":2.5,"d":"3","e":null}"#.utf8))
        XCTAssertEqual(v["a"]?.integer, 3)
        XCTAssertNil(v["b"]?.integer)
        XCTAssertNil(v["c"]?.integer)
        XCTAssertNil(v["d"]?.integer)
        XCTAssertEqual(v.optionalInteger("a"), .some(3))
        XCTAssertEqual(v.optionalInteger("e"), .some(nil))
        XCTAssertEqual(v.optionalInteger("missing"), .some(nil))
        XCTAssertNil(v.optionalInteger("b"))
    }

    func testRepliesWithHugeIntegersAreRejectedNotTrapped() throws {
        let greeting = try JSONValue.parse(Array(#"{"class":"VERSION","release":"x","proto_major":1e300,"proto_minor":0}"#.utf8))
        XCTAssertNil(ServerReply(json: greeting))
        let ok = try JSONValue.parse(Array(#"{"class":"VERSION","release":"x","proto_major":1,"proto_minor":0}"#.utf8))
        XCTAssertNotNil(ServerReply(json: ok))
    }

    func testDisplayOfHugeValuesIsADash() {
        let f = MeasurementFormatter(DisplayPreferences())
        XCTAssertEqual(f.duration(1e300), "--")
        XCTAssertEqual(f.elevation(1e300), "--")
        XCTAssertEqual(f.integer(-1e300 as Double?), "--")
        XCTAssertEqual(UnitSystem.clock(1e300), "-")
    }

    func testCountOptionIsCheckedWholeNumberInRange() throws {
        for bad in ["1e30", "-1", "2.5", "0"] {
            let args = try CommandArguments(["--count", bad], options: ["count"])
            XCTAssertThrowsError(try args.integer("count", in: 1...100), bad)
        }
        let args = try CommandArguments(["--count", "7"], options: ["count"])
        XCTAssertEqual(try args.integer("count", in: 1...100), 7)
    }
}

/// A CRC-valid sample whose steps delta makes the running count Int64.min is malformed, not a trap.
final class JournalSampleHostileValueTests: XCTestCase {
    func testStepsAtInt64MinIsMalformed() throws {
        var w = ByteWriter()
        w.u8(64)             // flags: steps only
        w.zigzag(0)          // time delta
        w.zigzag(0)          // distance step
        w.zigzag(Int64.min)  // steps
        var codec = JournalSampleCodec(sessionStart: UTCTime(millisecondsSinceEpoch: 0))
        let decoded: SessionSample? = w.bytes.withUnsafeBytes { raw in
            var r = ByteReader(raw)
            return try? codec.decode(&r)
        }
        XCTAssertNil(decoded)
    }
}
