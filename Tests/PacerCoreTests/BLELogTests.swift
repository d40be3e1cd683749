import XCTest
@testable import PacerCore

/// The BLE log format of docs/design.md: parse with comments and blank lines, format, round trip, line-numbered errors.
final class BLELogTests: XCTestCase {
    func testParseDesignExampleWithCommentsAndBlankLines() throws {
        let text = """
        # recorded by pacerctl ble-record
        2026-03-01T07:00:00.512Z 2a37 164e1b031203

          2026-03-01T07:00:01.500Z 2A53 000003b4   # footpod
        2026-03-01T07:00:02.000Z 2a19 57\r
        2026-03-01T07:00:03.000Z 2a37
        """
        let log = try BLELog.parse(text)
        XCTAssertEqual(log.count, 4)
        XCTAssertEqual(log[0], BLENotification(time: UTCTime(year: 2026, month: 3, day: 1, hour: 7, minute: 0, second: 0, millisecond: 512)!,
                                               characteristic: 0x2A37, payload: [0x16, 0x4E, 0x1B, 0x03, 0x12, 0x03]))
        XCTAssertEqual(log[0].logLine, "2026-03-01T07:00:00.512Z 2a37 164e1b031203")
        XCTAssertEqual(log[2].payload, [0x57])
        XCTAssertEqual(log[3].payload, [])
        XCTAssertEqual(log[3].logLine, "2026-03-01T07:00:03.000Z 2a37")
        guard case let .heartRate(hr) = try GATTMeasurement(log[0]) else { return XCTFail() }
        XCTAssertEqual(hr.rrIntervals1024, [795, 786])
    }

    func testFieldsSplitOnSpacesOnlyWhenThreeFields() throws {
        // Four fields is an error: a payload is one hex word.
        XCTAssertThrowsError(try BLELog.parse("2026-03-01T07:00:01.500Z 2a53 0000 03b4\n")) {
            XCTAssertEqual($0 as? BLELogError, BLELogError(line: 1, reason: .fieldCount(4)))
        }
    }

    func testFormatRoundTrip() throws {
        let t0 = UTCTime(rfc3339: "2026-03-01T07:00:00.000Z")!
        var notifications: [BLENotification] = []
        for i in 0..<300 {
            let payload = (0..<(i % 12)).map { UInt8(truncatingIfNeeded: $0 * 37 + i) }
            notifications.append(BLENotification(time: UTCTime(millisecondsSinceEpoch: t0.millisecondsSinceEpoch + Int64(i) * 333),
                                                 characteristic: [0x2A37, 0x2A53, 0x2A5B, 0x2A19][i % 4], payload: payload))
        }
        let text = BLELog.format(notifications)
        XCTAssertEqual(try BLELog.parse(text), notifications)
        XCTAssertEqual(text.split(separator: "\n").count, 300)
    }

    func testErrorsNameTheLine() {
        func error(_ text: String) -> BLELogError? {
            do { _ = try BLELog.parse(text); return nil } catch { return error }
        }
        let good = "2026-03-01T07:00:00.512Z 2a37 0048\n"
        XCTAssertEqual(error(good + "# c\n\nyesterday 2a37 0048\n"), BLELogError(line: 4, reason: .badTime("yesterday")))
        XCTAssertEqual(error(good + "2026-03-01T07:00:00.512Z 2a3 0048"), BLELogError(line: 2, reason: .badCharacteristic("2a3")))
        XCTAssertEqual(error(good + "2026-03-01T07:00:00.512Z +a37 0048"), BLELogError(line: 2, reason: .badCharacteristic("+a37")))
        XCTAssertEqual(error("2026-03-01T07:00:00.512Z 2a37 048"), BLELogError(line: 1, reason: .badPayload("048")))
        XCTAssertEqual(error("2026-03-01T07:00:00.512Z 2a37 00zz"), BLELogError(line: 1, reason: .badPayload("00zz")))
        XCTAssertEqual(error("2026-03-01T07:00:00.512Z"), BLELogError(line: 1, reason: .fieldCount(1)))
        XCTAssertEqual("\(error("\n\nx 2a37 00")!)", "line 3: bad time 'x' (RFC 3339 UTC expected)")
        XCTAssertNil(error(good + "   \n# only comments\n"))
    }

    /// Sessions run on nanosecond instants, which end in 2262: a log time past 2199 is refused
    /// with its line, where it used to trap replay. 1970, where a board without a clock boots, reads.
    func testTimesOutsideTheRecordableYearsAreRefused() {
        XCTAssertThrowsError(try BLELog.parse("1970-01-01T00:00:10.000Z 2a37 0048\n2262-04-12T00:00:00.000Z 2a37 0048\n")) {
            XCTAssertEqual($0 as? BLELogError, BLELogError(line: 2, reason: .timeOutOfRange("2262-04-12T00:00:00.000Z")))
        }
        XCTAssertThrowsError(try BLELog.parse("2200-01-01T00:00:00.000Z 2a37 0048"))
        XCTAssertThrowsError(try BLELog.parse("1969-12-31T23:59:59.999Z 2a37 0048"))
        XCTAssertEqual(try BLELog.parse("1970-01-01T00:00:00.000Z 2a37 0048\n2199-12-31T23:59:59.999Z 2a37 0048").count, 2)
    }
}
