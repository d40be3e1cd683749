import XCTest
@testable import PacerCore

/// The state file: each state written and read back the same; damaged or absurd files refused
/// with a reason, never a trap.
final class UploadStateFileTests: XCTestCase {
    static let t = UTCTime(year: 2026, month: 11, day: 28, hour: 12, minute: 0, second: 0)!

    func testEachStateRoundTrips() throws {
        let states: [UploadState.Status] = [
            .pending(attempts: 0, notBefore: Self.t, lastError: nil),
            .pending(attempts: 3, notBefore: Self.t, lastError: "the server answered HTTP 503 \"é\""),
            .inProgress(uploadID: "9876543210", polls: 4, nextPoll: Self.t, attempts: 1),
            .done(remote: "123456"),
            .failed(reason: "Strava refused the refresh token"),
        ]
        for status in states {
            let state = UploadState(sessionID: "1a2b", service: .strava, status: status)
            XCTAssertEqual(try UploadStateFile.decode(UploadStateFile.encode(state)), state)
        }
    }

    func testTheEncodingIsCompact() {
        let state = UploadState(sessionID: "1a2b", service: .intervals, status: .pending(attempts: 2, notBefore: Self.t, lastError: "HTTP 503"))
        XCTAssertEqual(String(decoding: UploadStateFile.encode(state), as: UTF8.self),
                       "{\"v\":1,\"session\":\"1a2b\",\"service\":\"intervals\",\"state\":\"pending\",\"attempts\":2,\"next\":\"2026-11-28T12:00:00.000Z\",\"error\":\"HTTP 503\"}\n")
        XCTAssertEqual(state.fileName, "1a2b.intervals.upload")
    }

    func testDamagedFilesAreRefusedWithAReason() {
        let good = "{\"v\":1,\"session\":\"1a2b\",\"service\":\"strava\",\"state\":\"done\",\"remote\":\"1\"}"
        XCTAssertNoThrow(try UploadStateFile.decode(Array(good.utf8)))
        let damaged: [(String, String)] = [
            ("", "not JSON"),
            (String(good.dropLast(9)), "not JSON"),
            ("[1,2]", "not a JSON object"),
            ("{\"v\":2,\"session\":\"1a2b\",\"service\":\"strava\",\"state\":\"done\",\"remote\":\"1\"}", "version"),
            ("{\"v\":1,\"session\":\"../etc\",\"service\":\"strava\",\"state\":\"done\",\"remote\":\"1\"}", "session"),
            ("{\"v\":1,\"session\":\"1a2b\",\"service\":\"garmin\",\"state\":\"done\",\"remote\":\"1\"}", "service"),
            ("{\"v\":1,\"session\":\"1a2b\",\"service\":\"strava\",\"state\":\"lost\"}", "state"),
            ("{\"v\":1,\"session\":\"1a2b\",\"service\":\"strava\",\"state\":\"done\"}", "remote"),
            ("{\"v\":1,\"session\":\"1a2b\",\"service\":\"strava\",\"state\":\"pending\",\"attempts\":1e300,\"next\":\"2026-11-28T12:00:00Z\"}", "attempts"),
            ("{\"v\":1,\"session\":\"1a2b\",\"service\":\"strava\",\"state\":\"pending\",\"attempts\":-1,\"next\":\"2026-11-28T12:00:00Z\"}", "attempts"),
            ("{\"v\":1,\"session\":\"1a2b\",\"service\":\"strava\",\"state\":\"pending\",\"attempts\":1.5,\"next\":\"2026-11-28T12:00:00Z\"}", "attempts"),
            ("{\"v\":1,\"session\":\"1a2b\",\"service\":\"strava\",\"state\":\"pending\",\"attempts\":10001,\"next\":\"2026-11-28T12:00:00Z\"}", "attempts"),
            ("{\"v\":1,\"session\":\"1a2b\",\"service\":\"strava\",\"state\":\"pending\",\"attempts\":1,\"next\":\"9999-12-31T23:59:59Z\"}", "next"),
            ("{\"v\":1,\"session\":\"1a2b\",\"service\":\"strava\",\"state\":\"pending\",\"attempts\":1,\"next\":12}", "next"),
            ("{\"v\":1,\"session\":\"1a2b\",\"service\":\"strava\",\"state\":\"processing\",\"upload\":\"12a\",\"polls\":1,\"next\":\"2026-11-28T12:00:00Z\",\"attempts\":0}", "upload"),
            ("{\"v\":1,\"session\":\"1a2b\",\"service\":\"strava\",\"state\":\"processing\",\"upload\":\"12\",\"polls\":99999,\"next\":\"2026-11-28T12:00:00Z\",\"attempts\":0}", "polls"),
            ("{\"v\":1,\"session\":\"1a2b\",\"service\":\"strava\",\"state\":\"failed\",\"reason\":\"" + String(repeating: "x", count: 1001) + "\"}", "reason"),
            (String(repeating: " ", count: 9000), "bytes"),
        ]
        for (text, word) in damaged {
            XCTAssertThrowsError(try UploadStateFile.decode(Array(text.utf8)), text) { error in
                XCTAssertTrue(String(describing: error).contains(word), "\(error) for \(text)")
            }
        }
        // Bytes that are not UTF-8 at all, and every prefix of a good file.
        XCTAssertThrowsError(try UploadStateFile.decode([0xff, 0xfe, 0x00, 0x7b]))
        let encoded = UploadStateFile.encode(UploadState(sessionID: "1a2b", service: .strava,
                                                         status: .inProgress(uploadID: "12", polls: 1, nextPoll: Self.t, attempts: 0)))
        for n in 0..<(encoded.count - 2) { XCTAssertThrowsError(try UploadStateFile.decode(Array(encoded.prefix(n))), "\(n)") }
    }

    func testTheSummaryLine() {
        XCTAssertEqual(UploadState(sessionID: "1", service: .strava, status: .pending(attempts: 2, notBefore: Self.t, lastError: "HTTP 503")).summary,
                       "pending: attempt 3 at 2026-11-28T12:00:00.000Z (last: HTTP 503)")
        XCTAssertEqual(UploadState(sessionID: "1", service: .strava, status: .done(remote: "77")).summary, "done: 77")
        XCTAssertEqual(UploadState.new(sessionID: "1", service: .webhook, now: Self.t).summary, "pending")
    }
}
