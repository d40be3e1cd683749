import XCTest
@testable import PacerCore

/// Cycling Power Measurement (0x2A63): real notifications and one hand-built value with every flag.
final class CyclingPowerMeasurementTests: XCTestCase {
    private func bytes(_ hex: String) -> [UInt8] {
        var out: [UInt8] = []
        var i = hex.startIndex
        while i < hex.endIndex {
            let j = hex.index(i, offsetBy: 2)
            out.append(UInt8(hex[i..<j], radix: 16)!)
            i = j
        }
        return out
    }

    /// Notifications from a wheel-based trainer, quoted in antoniokly/BluetoothThing's
    /// CyclingPowerMeasurementTests.swift (flags 0x0014: accumulated torque + wheel data).
    func testRealTrainerNotifications() throws {
        let a = try CyclingPowerMeasurement(bytes: bytes("14004F009E345F060000198D"))
        XCTAssertEqual(a.flags, 0x0014)
        XCTAssertEqual(a.instantaneousPower, 79)
        XCTAssertEqual(a.accumulatedTorque32, 0x349E)
        XCTAssertEqual(a.accumulatedTorqueNewtonMetres!, 13470.0 / 32, accuracy: 1e-12)
        XCTAssertFalse(a.accumulatedTorqueIsCrankBased)
        XCTAssertEqual(a.wheel, .init(cumulative: 1631, lastEventTime2048: 0x8D19))
        XCTAssertNil(a.crank)
        XCTAssertNil(a.pedalPowerBalanceHalfPercent)
        XCTAssertNil(a.accumulatedEnergyKilojoules)
        XCTAssertFalse(a.offsetCompensationIndicator)

        let b = try CyclingPowerMeasurement(bytes: bytes("140049007731550600008F7C"))
        XCTAssertEqual(b.instantaneousPower, 73)
        XCTAssertEqual(b.wheel, .init(cumulative: 1621, lastEventTime2048: 0x7C8F))
    }

    /// Every flag 0...12 set; fields in the order of the CPS specification.
    func testEveryFlag() throws {
        let m = try CyclingPowerMeasurement(bytes: bytes(
            "FF1F" + "FA00" + "64" + "3412" + "78563412CDAB" + "FFFF0180"
            + "2C019CFF" + "4006E0FF" + "B48016" + "0A00" + "BE00" + "D204"))
        XCTAssertEqual(m.instantaneousPower, 250)
        XCTAssertEqual(m.pedalPowerBalanceHalfPercent, 100)
        XCTAssertEqual(m.pedalPowerBalancePercent, 50)
        XCTAssertTrue(m.pedalPowerBalanceIsLeft)
        XCTAssertEqual(m.accumulatedTorque32, 0x1234)
        XCTAssertTrue(m.accumulatedTorqueIsCrankBased)
        XCTAssertEqual(m.wheel, .init(cumulative: 0x1234_5678, lastEventTime2048: 0xABCD))
        XCTAssertEqual(m.crank, .init(cumulative: 0xFFFF, lastEventTime1024: 0x8001))
        XCTAssertEqual(m.forceNewtons, .init(maximum: 300, minimum: -100))
        XCTAssertEqual(m.torque32, .init(maximum: 1600, minimum: -32))
        XCTAssertEqual(m.angleDegrees, .init(maximum: 180, minimum: 360))
        XCTAssertEqual(m.topDeadSpotAngleDegrees, 10)
        XCTAssertEqual(m.bottomDeadSpotAngleDegrees, 190)
        XCTAssertEqual(m.accumulatedEnergyKilojoules, 1234)
        XCTAssertTrue(m.offsetCompensationIndicator)
    }

    func testNegativePowerAndCrankOnly() throws {
        let m = try CyclingPowerMeasurement(bytes: bytes("2000" + "F6FF" + "0500" + "0008"))
        XCTAssertEqual(m.instantaneousPower, -10)
        XCTAssertEqual(m.crank, .init(cumulative: 5, lastEventTime1024: 2048))
        XCTAssertNil(m.wheel)
    }

    func testMalformed() {
        func reason(_ hex: String) -> GATTDecodingError? {
            do { _ = try CyclingPowerMeasurement(bytes: bytes(hex)); return nil } catch { return error }
        }
        XCTAssertEqual(reason(""), .empty)
        XCTAssertEqual(reason("00"), .truncated(field: "flags", offset: 0, needed: 2, available: 1))
        XCTAssertEqual(reason("0000FA"), .truncated(field: "instantaneous power", offset: 2, needed: 2, available: 1))
        XCTAssertEqual(reason("0020FA00"), .reservedFlags(0x20))
        XCTAssertEqual(reason("0100FA00"), .truncated(field: "pedal power balance", offset: 4, needed: 1, available: 0))
        XCTAssertEqual(reason("1000FA00010000"), .truncated(field: "cumulative wheel revolutions", offset: 4, needed: 4, available: 3))
        XCTAssertEqual(reason("0001FA00B480"), .truncated(field: "extreme angles", offset: 6, needed: 1, available: 0))
        XCTAssertEqual(reason("0008FA00D2"), .truncated(field: "accumulated energy", offset: 4, needed: 2, available: 1))
        XCTAssertEqual(reason("0000FA0000"), .unexpectedTrailingBytes(offset: 4, count: 1))
    }

    /// Every proper prefix of the all-flags value is rejected; arbitrary bytes decode or throw.
    func testPrefixesAndRandomBytesNeverTrap() throws {
        let full = bytes("FF1FFA0064341278563412CDABFFFF01802C019CFF4006E0FFB480160A00BE00D204")
        for cut in 0..<full.count {
            XCTAssertThrowsError(try CyclingPowerMeasurement(bytes: Array(full[..<cut])), "cut at \(cut)")
        }
        var state: UInt64 = 0x2A63
        func next() -> UInt64 { state = state &* 6364136223846793005 &+ 1442695040888963407; return state >> 33 }
        var decoded = 0, rejected = 0
        for _ in 0..<20_000 {
            let count = Int(next() % 40)
            var payload = (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) }
            if payload.count > 1 { payload[1] &= 0x1F }   // mostly valid flags so the fields get exercised
            do { _ = try CyclingPowerMeasurement(bytes: payload); decoded += 1 } catch { rejected += 1 }
        }
        XCTAssertGreaterThan(decoded, 100)
        XCTAssertGreaterThan(rejected, 1000)
    }
}
