import XCTest
@testable import PacerCore

/// RSC (0x2A53), CSC (0x2A5B) and battery (0x2A19) vectors derived by hand from the service specifications.
final class SpeedCadenceMeasurementTests: XCTestCase {
    func testRSCMinimalAndFull() throws {
        let minimal = try RSCMeasurement(bytes: [0x00, 0x00, 0x03, 0xB4])
        XCTAssertEqual(minimal.speed256, 768)
        XCTAssertEqual(minimal.speedMetresPerSecond, 3.0)
        XCTAssertEqual(minimal.cadencePerMinute, 180)
        XCTAssertNil(minimal.strideLengthCentimetres)
        XCTAssertNil(minimal.totalDistanceDecimetres)
        XCTAssertFalse(minimal.isRunning)

        let full = try RSCMeasurement(bytes: [0x07, 0x80, 0x03, 0xAA, 0x7B, 0x00, 0x39, 0x30, 0x00, 0x00])
        XCTAssertEqual(full.speedMetresPerSecond, 3.5)
        XCTAssertEqual(full.cadencePerMinute, 170)
        XCTAssertEqual(full.strideLengthCentimetres, 123)
        XCTAssertEqual(full.strideLengthMetres, 1.23)
        XCTAssertEqual(full.totalDistanceDecimetres, 12345)
        XCTAssertEqual(full.totalDistanceMetres, 1234.5)
        XCTAssertTrue(full.isRunning)

        let distanceOnly = try RSCMeasurement(bytes: [0x02, 0x00, 0x01, 0x5A, 0x10, 0x27, 0x00, 0xFF])
        XCTAssertEqual(distanceOnly.speedMetresPerSecond, 1.0)
        XCTAssertEqual(distanceOnly.cadencePerMinute, 90)
        XCTAssertNil(distanceOnly.strideLengthCentimetres)
        XCTAssertEqual(distanceOnly.totalDistanceDecimetres, 0xFF00_2710)
    }

    func testRSCMalformed() {
        func reason(_ bytes: [UInt8]) -> GATTDecodingError? {
            do { _ = try RSCMeasurement(bytes: bytes); return nil } catch { return error }
        }
        XCTAssertEqual(reason([]), .empty)
        XCTAssertEqual(reason([0x00]), .truncated(field: "instantaneous speed", offset: 1, needed: 2, available: 0))
        XCTAssertEqual(reason([0x00, 0x00, 0x03]), .truncated(field: "instantaneous cadence", offset: 3, needed: 1, available: 0))
        XCTAssertEqual(reason([0x01, 0x00, 0x03, 0xB4, 0x7B]), .truncated(field: "instantaneous stride length", offset: 4, needed: 2, available: 1))
        XCTAssertEqual(reason([0x03, 0x00, 0x03, 0xB4, 0x7B, 0x00, 0x01, 0x02]), .truncated(field: "total distance", offset: 6, needed: 4, available: 2))
        XCTAssertEqual(reason([0x08, 0x00, 0x03, 0xB4]), .reservedFlags(0x08))
        XCTAssertEqual(reason([0x00, 0x00, 0x03, 0xB4, 0xFF]), .unexpectedTrailingBytes(offset: 4, count: 1))
    }

    func testCSCFields() throws {
        let wheel = try CSCMeasurement(bytes: [0x01, 0x0A, 0x00, 0x00, 0x00, 0x00, 0x04])
        XCTAssertEqual(wheel.wheel, .init(cumulative: 10, lastEventTime1024: 1024))
        XCTAssertNil(wheel.crank)
        let crank = try CSCMeasurement(bytes: [0x02, 0x05, 0x00, 0x00, 0x08])
        XCTAssertNil(crank.wheel)
        XCTAssertEqual(crank.crank, .init(cumulative: 5, lastEventTime1024: 2048))
        let both = try CSCMeasurement(bytes: [0x03, 0x78, 0x56, 0x34, 0x12, 0xCD, 0xAB, 0xFF, 0xFF, 0x01, 0x80])
        XCTAssertEqual(both.wheel, .init(cumulative: 0x1234_5678, lastEventTime1024: 0xABCD))
        XCTAssertEqual(both.crank, .init(cumulative: 0xFFFF, lastEventTime1024: 0x8001))
    }

    func testCSCMalformed() {
        func reason(_ bytes: [UInt8]) -> GATTDecodingError? {
            do { _ = try CSCMeasurement(bytes: bytes); return nil } catch { return error }
        }
        XCTAssertEqual(reason([]), .empty)
        XCTAssertEqual(reason([0x04]), .reservedFlags(0x04))
        XCTAssertEqual(reason([0x01, 0x0A, 0x00, 0x00]), .truncated(field: "cumulative wheel revolutions", offset: 1, needed: 4, available: 3))
        XCTAssertEqual(reason([0x01, 0x0A, 0x00, 0x00, 0x00, 0x00]), .truncated(field: "last wheel event time", offset: 5, needed: 2, available: 1))
        XCTAssertEqual(reason([0x03, 0x0A, 0x00, 0x00, 0x00, 0x00, 0x04, 0x05]), .truncated(field: "cumulative crank revolutions", offset: 7, needed: 2, available: 1))
        XCTAssertEqual(reason([0x02, 0x05, 0x00, 0x00, 0x08, 0x00]), .unexpectedTrailingBytes(offset: 5, count: 1))
    }

    func testCSCSpeedAndCadenceAcrossRollover() throws {
        // Wheel: 0xFFFFFFFE -> 3 is 5 revolutions; event time 64512 -> 1024 is 2048 ticks = 2 s.
        let a = try CSCMeasurement(bytes: [0x03, 0xFE, 0xFF, 0xFF, 0xFF, 0x00, 0xFC, 0xFF, 0xFF, 0x00, 0xFE])
        let b = try CSCMeasurement(bytes: [0x03, 0x03, 0x00, 0x00, 0x00, 0x00, 0x04, 0x02, 0x00, 0x00, 0x02])
        let speed = try XCTUnwrap(CSCMeasurement.speedMetresPerSecond(from: a, to: b, wheelCircumferenceMetres: 2.096))
        XCTAssertEqual(speed, 5 * 2.096 / 2, accuracy: 1e-12)
        // Crank: 0xFFFF -> 2 is 3 revolutions; 0xFE00 -> 0x0200 is 1024 ticks = 1 s: 180 rpm.
        let cadence = try XCTUnwrap(CSCMeasurement.cadenceRPM(from: a, to: b))
        XCTAssertEqual(cadence, 180, accuracy: 1e-12)
    }

    func testCSCWithoutNewEventHasNoRate() throws {
        let a = try CSCMeasurement(bytes: [0x01, 0x0A, 0x00, 0x00, 0x00, 0x00, 0x04])
        let same = try CSCMeasurement(bytes: [0x01, 0x0A, 0x00, 0x00, 0x00, 0x00, 0x04])
        XCTAssertNil(CSCMeasurement.speedMetresPerSecond(from: a, to: same, wheelCircumferenceMetres: 2.1))
        let crankOnly = try CSCMeasurement(bytes: [0x02, 0x05, 0x00, 0x00, 0x08])
        XCTAssertNil(CSCMeasurement.speedMetresPerSecond(from: a, to: crankOnly, wheelCircumferenceMetres: 2.1))
        XCTAssertNil(CSCMeasurement.cadenceRPM(from: a, to: crankOnly))
        // No rollover: 10 -> 14 revolutions in 1 s.
        let b = try CSCMeasurement(bytes: [0x01, 0x0E, 0x00, 0x00, 0x00, 0x00, 0x08])
        XCTAssertEqual(CSCMeasurement.speedMetresPerSecond(from: a, to: b, wheelCircumferenceMetres: 2.0), 8.0)
    }

    func testBatteryLevelAndDispatch() throws {
        XCTAssertEqual(try BatteryLevel(bytes: [100]).percent, 100)
        XCTAssertEqual(try BatteryLevel(bytes: [0]).percent, 0)
        XCTAssertThrowsError(try BatteryLevel(bytes: [101])) { XCTAssertEqual($0 as? GATTDecodingError, .outOfRange(field: "battery level", value: 101)) }
        XCTAssertThrowsError(try BatteryLevel(bytes: [])) { XCTAssertEqual($0 as? GATTDecodingError, .empty) }
        XCTAssertThrowsError(try BatteryLevel(bytes: [50, 1])) { XCTAssertEqual($0 as? GATTDecodingError, .unexpectedTrailingBytes(offset: 1, count: 1)) }

        XCTAssertEqual(try GATTMeasurement(characteristic: 0x2A19, bytes: [87]), .batteryLevel(try BatteryLevel(bytes: [87])))
        guard case let .heartRate(hr) = try GATTMeasurement(characteristic: 0x2A37, bytes: [0x00, 0x48]) else { return XCTFail() }
        XCTAssertEqual(hr.beatsPerMinute, 72)
        guard case .runningSpeedCadence = try GATTMeasurement(characteristic: 0x2A53, bytes: [0x00, 0x00, 0x03, 0xB4]) else { return XCTFail() }
        guard case .cyclingSpeedCadence = try GATTMeasurement(characteristic: 0x2A5B, bytes: [0x02, 0x05, 0x00, 0x00, 0x08]) else { return XCTFail() }
        XCTAssertThrowsError(try GATTMeasurement(characteristic: 0x2A38, bytes: [1])) {
            XCTAssertEqual($0 as? GATTDecodingError, .unknownCharacteristic(0x2A38))
            XCTAssertEqual("\($0)", "no decoder for characteristic 0x2a38")
        }
    }
}
