import XCTest
import PacerCore

final class GPSLinkMonitorTests: XCTestCase {
    let info = GPSDeviceInfo(description: "serial:/dev/ttyUSB0@9600", baudRate: 9600)
    let position = GNSSFix(mode: .threeD, latitude: 48.1, longitude: 11.5)
    func at(_ s: Double) -> MonotonicInstant { MonotonicInstant(seconds: s) }

    func testBackoffDoublesUpToTheCapAndResetsOnOpen() {
        var m = GPSLinkMonitor()
        var delays: [Double] = []
        for i in 0..<8 {
            if let event = m.deviceFailed(reason: "x", at: at(Double(i))) {
                if case let .deviceLost(_, retry) = event { delays.append(retry) }
            }
            if case let .deviceLost(_, retryAt) = m.state { delays.append(retryAt.seconds(since: at(Double(i)))) }
        }
        // The first failure is reported (and its delay given twice: event and state), later ones only in the state.
        XCTAssertEqual(delays, [0.25, 0.25, 0.5, 1, 2, 4, 5, 5, 5])
        XCTAssertEqual(m.failures, 8)
        _ = m.deviceOpened(info, at: at(9))
        XCTAssertEqual(m.failures, 0)
    }

    func testOpenFixAndFixLostAfterTimeout() {
        var m = GPSLinkMonitor(fixTimeout: 3)
        XCTAssertTrue(m.shouldRetry(at: at(0)))
        XCTAssertEqual(m.deviceOpened(info, at: at(0)), .deviceOpened(info))
        XCTAssertEqual(m.state, .waitingForFix)
        XCTAssertNil(m.nextDeadline)
        // A fix without a position is not delivered and does not count.
        XCTAssertEqual(m.fixReceived(GNSSFix(mode: .noFix), at: at(1)), nil)
        XCTAssertEqual(m.fixReceived(position, at: at(1)), .fix(position))
        XCTAssertEqual(m.state, .fixed)
        XCTAssertEqual(m.nextDeadline, at(4))
        XCTAssertEqual(m.tick(at: at(3.9)), nil)
        XCTAssertEqual(m.tick(at: at(4)), .fixLost)
        XCTAssertEqual(m.state, .fixLost)
        XCTAssertEqual(m.tick(at: at(10)), nil, "fix lost is reported once")
        XCTAssertEqual(m.fixReceived(position, at: at(11)), .fix(position))
        XCTAssertEqual(m.state, .fixed)
    }

    func testDeviceLostIsReportedOnceRetriedWithBackoffAndResumed() {
        var m = GPSLinkMonitor(fixTimeout: 3, backoff: ReconnectBackoff(initialSeconds: 0.5, factor: 2, maximumSeconds: 2))
        _ = m.deviceOpened(info, at: at(0))
        _ = m.fixReceived(position, at: at(1))
        XCTAssertEqual(m.deviceFailed(reason: "read: Input/output error", at: at(2)),
                       .deviceLost(reason: "read: Input/output error", retryInSeconds: 0.5))
        XCTAssertEqual(m.nextDeadline, at(2.5))
        XCTAssertFalse(m.shouldRetry(at: at(2.4)))
        XCTAssertTrue(m.shouldRetry(at: at(2.5)))
        XCTAssertEqual(m.tick(at: at(9)), nil, "no fix lost while the device is lost")
        XCTAssertEqual(m.fixReceived(position, at: at(2.6)), nil, "nothing is delivered from a lost device")
        XCTAssertEqual(m.deviceFailed(reason: "open: No such file or directory", at: at(2.5)), nil)
        XCTAssertEqual(m.nextDeadline, at(3.5))
        XCTAssertEqual(m.deviceFailed(reason: "open: No such file or directory", at: at(3.5)), nil)
        XCTAssertEqual(m.nextDeadline, at(5.5))
        XCTAssertEqual(m.deviceOpened(info, at: at(5.5)), .deviceResumed(info))
        XCTAssertEqual(m.state, .waitingForFix)
        // The backoff starts again from the beginning after a success.
        XCTAssertEqual(m.deviceFailed(reason: "EOF", at: at(6)), .deviceLost(reason: "EOF", retryInSeconds: 0.5))
    }

    func testDeviceMissingAtStartIsLostThenOpened() {
        var m = GPSLinkMonitor()
        XCTAssertEqual(m.deviceFailed(reason: "open: No such file or directory", at: at(0)),
                       .deviceLost(reason: "open: No such file or directory", retryInSeconds: 0.25))
        XCTAssertEqual(m.deviceOpened(info, at: at(0.25)), .deviceOpened(info), "the first open is an open, not a resume")
    }
}
