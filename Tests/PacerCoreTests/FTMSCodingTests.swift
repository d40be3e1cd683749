import XCTest
@testable import PacerCore

/// The Fitness Machine Service values Pacer reads and writes, against bytes computed by hand
/// from the FTMS 1.0 field tables (little-endian; Indoor Bike Data's bit 0 means "no speed").
final class FTMSCodingTests: XCTestCase {
    func testIndoorBikeDataSpeedCadencePower() throws {
        // flags 0x0044 (cadence, power; bit 0 clear: speed), 29.00 km/h = 2900 = 0x0B54,
        // 90 rpm = 180 half-rpm = 0xB4, 250 W = 0xFA.
        let m = try IndoorBikeData(bytes: [0x44, 0x00, 0x54, 0x0B, 0xB4, 0x00, 0xFA, 0x00])
        XCTAssertEqual(m.speedHundredthsKmh, 2900)
        XCTAssertEqual(m.speedMetresPerSecond ?? 0, 29 / 3.6, accuracy: 1e-9)
        XCTAssertEqual(m.cadenceRpm, 90)
        XCTAssertEqual(m.power, 250)
        XCTAssertEqual(IndoorBikeData.encode(speedHundredthsKmh: 2900, cadenceHalfRpm: 180, power: 250),
                       [0x44, 0x00, 0x54, 0x0B, 0xB4, 0x00, 0xFA, 0x00])
    }

    func testIndoorBikeDataSkipsTheFieldsItsFlagsAnnounce() throws {
        // More data (bit 0): no speed; power only.
        let more = try IndoorBikeData(bytes: [0x41, 0x00, 0xFA, 0x00])
        XCTAssertNil(more.speedHundredthsKmh)
        XCTAssertEqual(more.power, 250)
        // flags 0x0052: speed 1.00 km/h, average speed, total distance 0x010203 m, power -5 W.
        let m = try IndoorBikeData(bytes: [0x52, 0x00, 0x64, 0x00, 0x00, 0x00, 0x03, 0x02, 0x01, 0xFB, 0xFF])
        XCTAssertEqual(m.speedHundredthsKmh, 100)
        XCTAssertEqual(m.totalDistanceMetres, 66_051)
        XCTAssertEqual(m.power, -5)
        XCTAssertNil(m.cadenceRpm)
        // flags 0x1F00 (energy, heart rate, MET, elapsed, remaining) after the speed, then the heart rate 142.
        let all = try IndoorBikeData(bytes: [0x00, 0x1F, 0x10, 0x00, 1, 0, 2, 0, 3, 142, 40, 5, 0, 6, 0])
        XCTAssertEqual(all.heartRate, 142)
        XCTAssertEqual(all.speedHundredthsKmh, 16)
    }

    func testMalformedIndoorBikeDataIsAnErrorNeverATrap() {
        XCTAssertThrowsError(try IndoorBikeData(bytes: []))
        XCTAssertThrowsError(try IndoorBikeData(bytes: [0x44, 0x00, 0x54, 0x0B, 0xB4]))         // power missing
        XCTAssertThrowsError(try IndoorBikeData(bytes: [0x00, 0x20, 0x00, 0x00]))               // reserved bit 13
        XCTAssertThrowsError(try IndoorBikeData(bytes: [0x41, 0x00, 0xFA, 0x00, 0x00]))         // trailing byte
        XCTAssertThrowsError(try GATTMeasurement(characteristic: 0x2AD2, bytes: [0x44]))
    }

    func testControlPointRequests() {
        XCTAssertEqual(FTMSControlRequest.requestControl.bytes, [0x00])
        XCTAssertEqual(FTMSControlRequest.startOrResume.bytes, [0x07])
        XCTAssertEqual(FTMSControlRequest.setTargetPower(watts: 250).bytes, [0x05, 0xFA, 0x00])
        XCTAssertEqual(FTMSControlRequest.setTargetPower(watts: 1000).bytes, [0x05, 0xE8, 0x03])
        // Wind -1.5 m/s = -1500 = 0xFA24, grade 5.5 % = 550 = 0x0226, Crr 0.0040 = 40, Cw 0.51 = 51.
        let sim = FTMSControlRequest.setSimulation(windMillimetresPerSecond: -1500, gradeHundredthsPercent: 550, crr10000: 40, cwHundredths: 51)
        XCTAssertEqual(sim.bytes, [0x11, 0x24, 0xFA, 0x26, 0x02, 0x28, 0x33])
        for request in [FTMSControlRequest.requestControl, .startOrResume, .setTargetPower(watts: -3), sim] {
            XCTAssertEqual(FTMSControlRequest(bytes: request.bytes), request)
        }
        XCTAssertNil(FTMSControlRequest(bytes: [0x05, 0xFA]))
        XCTAssertNil(FTMSControlRequest(bytes: []))
    }

    func testResponseCodes() throws {
        let ok = try FTMSControlResponse(bytes: [0x80, 0x00, 0x01])
        XCTAssertEqual(ok, FTMSControlResponse(requestOpCode: 0x00, result: .success))
        XCTAssertEqual(try FTMSControlResponse(bytes: [0x80, 0x05, 0x03]).result, .invalidParameter)
        XCTAssertEqual(try FTMSControlResponse(bytes: [0x80, 0x11, 0x02]).result, .notSupported)
        XCTAssertEqual(try FTMSControlResponse(bytes: [0x80, 0x07, 0x04]).result, .operationFailed)
        XCTAssertEqual(try FTMSControlResponse(bytes: [0x80, 0x00, 0x05]).result, .controlNotPermitted)
        XCTAssertEqual(FTMSControlResponse(requestOpCode: 0x05, result: .success).bytes, [0x80, 0x05, 0x01])
        XCTAssertThrowsError(try FTMSControlResponse(bytes: [0x81, 0x00, 0x01]))
        XCTAssertThrowsError(try FTMSControlResponse(bytes: [0x80, 0x00, 0x09]))
        XCTAssertThrowsError(try FTMSControlResponse(bytes: [0x80, 0x00]))
        XCTAssertEqual(try GATTMeasurement(characteristic: 0x2AD9, bytes: [0x80, 0x00, 0x01]), .trainerResponse(ok))
    }

    func testSupportedPowerRangeAndClamping() throws {
        let wide = try FTMSPowerRange(bytes: [0x00, 0x00, 0xD0, 0x07, 0x01, 0x00])
        XCTAssertEqual(wide, FTMSPowerRange(minimum: 0, maximum: 2000, increment: 1))
        // 25...800 W in steps of 5.
        let r = try FTMSPowerRange(bytes: [0x19, 0x00, 0x20, 0x03, 0x05, 0x00])
        XCTAssertEqual([r.clamp(1000), r.clamp(10), r.clamp(152), r.clamp(153), r.clamp(800)], [800, 25, 150, 155, 800])
        XCTAssertThrowsError(try FTMSPowerRange(bytes: [0x20, 0x03, 0x19, 0x00, 0x05, 0x00]))  // minimum above maximum
        XCTAssertThrowsError(try FTMSPowerRange(bytes: [0x19, 0x00, 0x20, 0x03, 0x05]))
    }

    func testMachineStatus() throws {
        XCTAssertTrue(try FTMSMachineStatus(bytes: [0xFF]).controlLost)
        XCTAssertTrue(try FTMSMachineStatus(bytes: [0x01]).controlLost)
        XCTAssertTrue(try FTMSMachineStatus(bytes: [0x02, 0x01]).stopped)
        XCTAssertEqual(try FTMSMachineStatus(bytes: [0x08, 0xFA, 0x00]).targetPower, 250)
        XCTAssertFalse(try FTMSMachineStatus(bytes: [0x08, 0xFA, 0x00]).controlLost)
        XCTAssertThrowsError(try FTMSMachineStatus(bytes: [0x08, 0xFA]))
        XCTAssertThrowsError(try FTMSMachineStatus(bytes: []))
    }

    func testTheTrainerIsARowOfTheSensorTable() {
        XCTAssertEqual(SensorKind(advertisedServices: [0x1826]), .trainer)
        XCTAssertEqual(SensorKind.trainer.measurementCharacteristic, 0x2AD2)
        XCTAssertEqual(SensorKind.trainer.serviceUUID, 0x1826)
        XCTAssertTrue(GATTMeasurement.characteristics.isSuperset(of: [0x2AD2, 0x2AD8, 0x2AD9, 0x2ADA]))
    }

    func testWrittenValuesHaveTheirOwnBLELogLines() throws {
        let t = UTCTime(year: 2026, month: 3, day: 1, hour: 7, minute: 0, second: 1)!
        let write = BLENotification(time: t, characteristic: 0x2AD9, payload: [0x05, 0xFA, 0x00], written: true)
        XCTAssertEqual(write.logLine, "2026-03-01T07:00:01.000Z >2ad9 05fa00")
        let parsed = try BLELog.parse("2026-03-01T07:00:01.000Z >2ad9 05fa00\n2026-03-01T07:00:01.200Z 2ad9 800501\n")
        XCTAssertEqual(parsed, [write, BLENotification(time: t.adding(milliseconds: 200), characteristic: 0x2AD9, payload: [0x80, 0x05, 0x01])])
        XCTAssertThrowsError(try BLELog.parse("2026-03-01T07:00:01.000Z >>2ad9 05\n"))
    }
}
