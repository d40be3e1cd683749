import XCTest
@testable import PacerCore

/// The per-sensor connection state machine, backoff schedule and heart-rate staleness, with time passed in.
final class SensorLinkTests: XCTestCase {
    func t(_ s: Double) -> MonotonicInstant { MonotonicInstant(seconds: s) }

    func testBackoffDoublesAndCaps() {
        let b = ReconnectBackoff()
        XCTAssertEqual((0..<10).map { b.delay(afterFailures: $0) }, [0.25, 0.5, 1, 2, 4, 8, 16, 30, 30, 30])
        XCTAssertEqual(ReconnectBackoff(initialSeconds: 1, factor: 3, maximumSeconds: 10).delay(afterFailures: 2), 9)
        XCTAssertEqual(b.delay(afterFailures: 1_000_000), 30)
    }

    func testHealthyConnectionThenDropAndRecovery() {
        var link = SensorLink()
        XCTAssertEqual(link.state, .disconnected)
        XCTAssertTrue(link.shouldAttemptConnection(at: t(0)))
        link.scanning()
        XCTAssertEqual(link.state, .scanning)
        link.connecting(at: t(1))
        XCTAssertEqual(link.state, .connecting)
        XCTAssertFalse(link.shouldAttemptConnection(at: t(1)))
        link.connected(at: t(1.1))
        XCTAssertEqual(link.state, .connected)
        link.received(at: t(2))
        XCTAssertEqual(link.state, .streaming)
        XCTAssertEqual(link.secondsSinceLastValue(at: t(3)), 1)

        link.dropped(reason: "link lost", at: t(10))
        XCTAssertEqual(link.state, .disconnected)
        XCTAssertEqual(link.lastDropReason, "link lost")
        XCTAssertEqual(link.retryAt, t(10.25))
        XCTAssertFalse(link.shouldAttemptConnection(at: t(10.2)))
        XCTAssertTrue(link.shouldAttemptConnection(at: t(10.25)))

        // Two failed attempts push the next one further out.
        link.connecting(at: t(10.25))
        link.dropped(reason: "Connect failed: org.bluez.Error.Failed", at: t(10.3))
        XCTAssertEqual(link.retryAt, t(10.8))
        link.connecting(at: t(10.8))
        link.dropped(reason: "Connect failed: org.bluez.Error.Failed", at: t(10.9))
        XCTAssertEqual(link.retryAt, t(11.9))
        XCTAssertEqual(link.consecutiveFailures, 3)

        link.connecting(at: t(11.9))
        link.connected(at: t(12))
        link.received(at: t(12.5))
        XCTAssertEqual(link.state, .streaming)
        XCTAssertEqual(link.consecutiveFailures, 0)
        XCTAssertEqual(link.recoveries, [2.5], "measured from the drop that interrupted data, not the last failed attempt")
        XCTAssertEqual(link.lastDropReason, "Connect failed: org.bluez.Error.Failed")
    }

    func testFirstConnectionFailuresAreNotRecoveries() {
        var link = SensorLink()
        link.connecting(at: t(0))
        link.dropped(reason: "refused", at: t(0.1))
        link.connecting(at: t(0.35))
        link.connected(at: t(0.4))
        link.received(at: t(0.5))
        XCTAssertEqual(link.recoveries, [])
        link.received(at: t(1.5))
        XCTAssertEqual(link.state, .streaming)
    }

    func testHeartRateGoesStaleAfterFiveSeconds() throws {
        var hr = LatestHeartRate()
        XCTAssertNil(hr.reading(at: t(0)))
        hr.record(try HeartRateMeasurement(bytes: [0x16, 0x4E, 0x1B, 0x03]), at: t(1))
        XCTAssertEqual(hr.reading(at: t(1)), .current(beatsPerMinute: 78))
        XCTAssertEqual(hr.reading(at: t(6)), .current(beatsPerMinute: 78))
        XCTAssertEqual(hr.reading(at: t(6.5)), .stale(beatsPerMinute: 78, ageSeconds: 5.5))
        // Contact lost: the value sent is not a heart rate.
        hr.record(try HeartRateMeasurement(bytes: [0x04, 0x30]), at: t(7))
        XCTAssertEqual(hr.reading(at: t(7)), .noContact)
        XCTAssertNil(hr.reading(at: t(13)))
        hr.record(try HeartRateMeasurement(bytes: [0x06, 0x50]), at: t(14))
        XCTAssertEqual(hr.reading(at: t(14)), .current(beatsPerMinute: 80))
    }

    func testSensorKindFromAdvertisedServices() {
        XCTAssertEqual(SensorKind(advertisedServices: [0x180F, 0x180D]), .heartRate)
        XCTAssertEqual(SensorKind(advertisedServices: [0x1814]), .footpod)
        XCTAssertNil(SensorKind(advertisedServices: [0x180F]))
        XCTAssertEqual(SensorKind.footpod.measurementCharacteristic, 0x2A53)
    }
}
