import XCTest
@testable import PacerCore

/// Each ANT+ profile against pages computed by hand from the device profile documents' layouts
/// (little-endian fields; the arithmetic is in the comments), rollovers included. Readings are
/// checked through the BLE decoders, since that is the form they travel in.
final class ANTProfileTests: XCTestCase {
    func at(_ seconds: Double) -> MonotonicInstant { MonotonicInstant(seconds: 1000 + seconds) }

    func channel(_ type: UInt8) -> ANTChannelDecoder { ANTChannelDecoder(profile: ANTDeviceProfile.forDeviceType(type)!) }

    func measurements(_ readings: [ANTReading]) -> [GATTMeasurement] { readings.compactMap(\.measurement) }

    func heartRate(_ readings: [ANTReading], file: StaticString = #filePath, line: UInt = #line) -> HeartRateMeasurement? {
        XCTAssertEqual(readings.count, 1, file: file, line: line)
        guard case .heartRate(let m)? = readings.first?.measurement else { return nil }
        return m
    }

    // MARK: heart rate (type 120)

    /// Beat time in bytes 4-5 (1/1024 s), beat count byte 6, computed HR byte 7. 120 bpm is a
    /// beat every 0.5 s = 512/1024 s.
    func testHeartRateBeatsRollOverAndSkippedBeatsGiveNoGuessedRR() throws {
        var hr = channel(120)
        // 1. Page 0, toggle 0: beat at 0xFC00, count 250 (0xFA), 120 bpm. First page: no RR.
        var m = try XCTUnwrap(heartRate(hr.decode(page: [0x00, 0xFF, 0xFF, 0xFF, 0x00, 0xFC, 0xFA, 120], at: at(0))))
        XCTAssertEqual(m.beatsPerMinute, 120)
        XCTAssertEqual(m.sensorContact, .notSupported)
        XCTAssertEqual(m.rrIntervals1024, [])
        // 2. Toggle flips (0x80): pages are real. Beat at 0xFE00, count 251: RR = 0xFE00 - 0xFC00 = 512.
        m = try XCTUnwrap(heartRate(hr.decode(page: [0x80, 0xFF, 0xFF, 0xFF, 0x00, 0xFE, 0xFB, 120], at: at(0.5))))
        XCTAssertEqual(m.rrIntervals1024, [512])
        // 3. Page 4, beat time wraps: 0xFE00 + 512 = 0x10000 -> 0x0000; previous beat 0xFE00 in bytes 2-3.
        //    RR = 0x0000 - 0xFE00 mod 65536 = 512.
        m = try XCTUnwrap(heartRate(hr.decode(page: [0x84, 0xFF, 0x00, 0xFE, 0x00, 0x00, 0xFC, 120], at: at(1))))
        XCTAssertEqual(m.rrIntervals1024, [512])
        // 4. Two pages lost: count 252 -> 255 (3 beats). Page 4 still gives the last one:
        //    beat 0x0600 (3 × 512 later), previous 0x0400: RR = 0x200.
        m = try XCTUnwrap(heartRate(hr.decode(page: [0x04, 0xFF, 0x00, 0x04, 0x00, 0x06, 0xFF, 120], at: at(2.5))))
        XCTAssertEqual(m.rrIntervals1024, [512])
        // 5. Count wraps 255 -> 1 (two beats) on page 0: which interval is which is unknown: none.
        m = try XCTUnwrap(heartRate(hr.decode(page: [0x00, 0xFF, 0xFF, 0xFF, 0x00, 0x0A, 0x01, 118], at: at(3.5))))
        XCTAssertEqual(m.beatsPerMinute, 118)
        XCTAssertEqual(m.rrIntervals1024, [])
        // 6. The same beat again 0.25 s later: a 4 Hz repeat, no reading. 7. Still no beat 1 s on: a reading, no RR.
        XCTAssertEqual(hr.decode(page: [0x00, 0xFF, 0xFF, 0xFF, 0x00, 0x0A, 0x01, 118], at: at(3.75)), [])
        m = try XCTUnwrap(heartRate(hr.decode(page: [0x80, 0xFF, 0xFF, 0xFF, 0x00, 0x0A, 0x01, 118], at: at(4.6))))
        XCTAssertEqual(m.rrIntervals1024, [])
        // 8. Page 7, battery 85 % (byte 1) beside the heart rate.
        let readings = hr.decode(page: [0x87, 85, 0xFF, 0x2F, 0x00, 0x0C, 0x02, 118], at: at(5))
        XCTAssertEqual(readings.first, ANTReading(characteristic: 0x2A19, payload: [85]))
        XCTAssertEqual(readings.count, 2)
        // 9. An unknown page number is counted, its heart rate still read.
        XCTAssertEqual(hr.decode(page: [0x89, 0, 0, 0, 0x00, 0x0E, 0x03, 118], at: at(5.5)).count, 1)
        XCTAssertEqual(hr.counters[.unknownPages], 1)
        XCTAssertEqual(hr.counters[.pages], 9)
        XCTAssertEqual(hr.counters[.implausible], 0)
    }

    /// A legacy strap never flips the toggle: bytes 1-3 are not a page's, so "page 4" is not read.
    func testLegacyStrapBytesOneToThreeAreIgnored() throws {
        var hr = channel(120)
        _ = hr.decode(page: [0x04, 0x12, 0x34, 0x56, 0x00, 0x10, 0x05, 60], at: at(0))
        // Count 5 -> 7 (skipped beat); a page-4 reading of bytes 2-3 (0x5634) would give an RR.
        let m = try XCTUnwrap(heartRate(hr.decode(page: [0x04, 0x12, 0x00, 0x18, 0x00, 0x20, 0x07, 60], at: at(2))))
        XCTAssertEqual(m.rrIntervals1024, [])
        XCTAssertEqual(hr.counters[.unknownPages], 0)
    }

    func testAbsurdHeartRatesAreCountedNotRead() {
        var hr = channel(120)
        XCTAssertEqual(hr.decode(page: [0x00, 0xFF, 0xFF, 0xFF, 0x00, 0x10, 0x05, 0], at: at(0)), [])    // 0: none
        XCTAssertEqual(hr.decode(page: [0x00, 0xFF, 0xFF, 0xFF, 0x00, 0x12, 0x06, 251], at: at(0.25)), [])
        XCTAssertEqual(hr.counters[.implausible], 2)
    }

    /// After a silence past the gap limit the previous beat is forgotten: no RR spans it.
    func testAGapForgetsThePreviousBeat() throws {
        var hr = channel(120)
        _ = hr.decode(page: [0x00, 0xFF, 0xFF, 0xFF, 0x00, 0x10, 0x05, 60], at: at(0))
        let m = try XCTUnwrap(heartRate(hr.decode(page: [0x00, 0xFF, 0xFF, 0xFF, 0x00, 0x14, 0x06, 60], at: at(11))))
        XCTAssertEqual(m.rrIntervals1024, [])
        XCTAssertEqual(hr.counters[.gaps], 1)
    }

    // MARK: bicycle power (type 11)

    func power(_ readings: [ANTReading], file: StaticString = #filePath, line: UInt = #line) -> CyclingPowerMeasurement? {
        XCTAssertEqual(readings.count, 1, file: file, line: line)
        guard case .cyclingPower(let m)? = readings.first?.measurement else { return nil }
        return m
    }

    /// Page 0x10: event count byte 1, cadence byte 3, accumulated power 4-5, instantaneous 6-7.
    func testStandardPowerAveragesOverEventsAcrossRollovers() throws {
        var p = channel(11)
        // Events 254, accumulated 65400 (0xFF78), instantaneous 200 W (0x00C8), 90 rpm. First page: 200 W.
        var m = try XCTUnwrap(power(p.decode(page: [0x10, 0xFE, 0xFF, 90, 0x78, 0xFF, 0xC8, 0x00], at: at(0))))
        XCTAssertEqual(m.instantaneousPower, 200)
        let first = try XCTUnwrap(m.crank)
        // Events 254 -> 0 (2 events), accumulated 65400 + 420 = 65820 -> 284 (0x011C): 420 / 2 = 210 W.
        // The virtual crank at 90 rpm turned 1.5 times in 1 s: 1 whole turn, the last 0.5 turn ago
        // at 1.5 turns/s = 1/3 s ago: at 2/3 s = 682.67/1024 -> 682.
        m = try XCTUnwrap(power(p.decode(page: [0x10, 0x00, 0xFF, 90, 0x1C, 0x01, 0xD2, 0x00], at: at(1))))
        XCTAssertEqual(m.instantaneousPower, 210)
        let second = try XCTUnwrap(m.crank)
        XCTAssertEqual(second.cumulative, first.cumulative + 1)
        XCTAssertEqual(second.lastEventTime1024 &- first.lastEventTime1024, 682)
        // The event count stands still: a coasting meter repeating itself, no reading.
        XCTAssertEqual(p.decode(page: [0x10, 0x00, 0xFF, 0, 0x1C, 0x01, 0x00, 0x00], at: at(1.25)), [])
        // 1 event, accumulated +4200 (0x1068 + 284 = 0x1184): 4200 W is refused and counted.
        XCTAssertEqual(p.decode(page: [0x10, 0x01, 0xFF, 0, 0x84, 0x11, 0x68, 0x10], at: at(1.5)), [])
        XCTAssertEqual(p.counters[.implausible], 1)
    }

    /// Page 0x12: events byte 1, ticks 2, cadence 3, accumulated period 4-5 (1/2048 s), torque 6-7 (1/32 N·m).
    func testCrankTorqueGivesPowerAndCadenceAcrossRollovers() throws {
        var p = channel(11)
        XCTAssertEqual(p.decode(page: [0x12, 10, 10, 90, 0x00, 0xFC, 0x00, 0xFF], at: at(0)), [])
        // Period 0xFC00 + 1365 = 65877 -> 341 (0x0155); torque 0xFF00 + 960 = 66240 -> 704 (0x02C0): 30 N·m.
        // Power = 128π × 960 / 1365 = 282.8 W -> 283. Cadence = 60 × 2048 × 1 / 1365 = 90.02 rpm.
        let m = try XCTUnwrap(power(p.decode(page: [0x12, 11, 11, 90, 0x55, 0x01, 0xC0, 0x02], at: at(0.67))))
        XCTAssertEqual(m.instantaneousPower, 283)
        // One revolution, its event 1365/2048 s later = 682/1024 s (rounded down).
        XCTAssertEqual(m.crank, CSCMeasurement.Revolutions(cumulative: 1, lastEventTime1024: 682))
        // A 0x10 page from the same meter adds power but no second, made-up crank count.
        let standard = try XCTUnwrap(power(p.decode(page: [0x10, 5, 0xFF, 90, 0x00, 0x01, 0x1B, 0x01], at: at(0.75))))
        XCTAssertNil(standard.crank)
    }

    /// Page 0x11: as 0x12 with the wheel's period. 1 event, 1024/2048 s, torque 320/32 = 10 N·m:
    /// power = 128π × 320 / 1024 = 125.66 W -> 126.
    func testWheelTorque() throws {
        var p = channel(11)
        XCTAssertEqual(p.decode(page: [0x11, 0xFF, 0xFF, 0xFF, 0x00, 0xFE, 0x00, 0x10], at: at(0)), [])
        let m = try XCTUnwrap(power(p.decode(page: [0x11, 0x00, 0x00, 0xFF, 0x00, 0x02, 0x40, 0x11], at: at(0.5))))
        XCTAssertEqual(m.instantaneousPower, 126)
        XCTAssertEqual(m.wheel, CyclingPowerMeasurement.WheelRevolutions(cumulative: 1, lastEventTime2048: 1024))
        XCTAssertNil(m.crank)
    }

    /// Common page 82: battery status in byte 7 bits 4-6 (3: ok -> 50 %); 80 is known, 0x30 is not.
    func testCommonPages() {
        var p = channel(11)
        XCTAssertEqual(p.decode(page: [0x52, 0xFF, 0x00, 0x10, 0x20, 0x00, 0x80, 0x34], at: at(0)),
                       [ANTReading(characteristic: 0x2A19, payload: [50])])
        XCTAssertEqual(p.decode(page: [0x50, 0xFF, 0xFF, 0x01, 0x01, 0x00, 0x10, 0x00], at: at(0.25)), [])
        XCTAssertEqual(p.decode(page: [0x30, 0, 0, 0, 0, 0, 0, 0], at: at(0.5)), [])
        XCTAssertEqual(p.counters[.unknownPages], 1)
    }

    // MARK: speed and cadence (types 121, 122, 123)

    func csc(_ readings: [ANTReading]) -> CSCMeasurement? {
        guard readings.count == 1, case .cyclingSpeedCadence(let m)? = readings.first?.measurement else { return nil }
        return m
    }

    /// Type 121: cadence time 0-1, cadence count 2-3, speed time 4-5, speed count 6-7 (1/1024 s, revolutions).
    func testCombinedSpeedCadenceRollsOverIntoCSC() throws {
        var s = channel(121)
        let a = try XCTUnwrap(csc(s.decode(page: [0x00, 0xFF, 0xFF, 0xFF, 0x00, 0xFE, 0xFE, 0xFF], at: at(0))))
        XCTAssertEqual(a.wheel, CSCMeasurement.Revolutions(cumulative: 65534, lastEventTime1024: 0xFE00))
        XCTAssertEqual(a.crank, CSCMeasurement.Revolutions(cumulative: 65535, lastEventTime1024: 0xFF00))
        // Cadence: time 0xFF00 -> 0x0280 (Δ 896 = 0.875 s), count 65535 -> 0 (1 turn): 60 / 0.875 = 68.57 rpm.
        // Speed: time 0xFE00 -> 0x0100 (Δ 768 = 0.75 s), count 65534 -> 1 (3 turns): the wheel total
        // passes 16 bits, 65537. With a 2.096 m wheel: 3 × 2.096 / 0.75 = 8.384 m/s.
        let b = try XCTUnwrap(csc(s.decode(page: [0x80, 0x02, 0x00, 0x00, 0x00, 0x01, 0x01, 0x00], at: at(1))))
        XCTAssertEqual(b.wheel?.cumulative, 65537)
        XCTAssertEqual(try XCTUnwrap(CSCMeasurement.cadenceRPM(from: a, to: b)), 68.571, accuracy: 0.001)
        XCTAssertEqual(try XCTUnwrap(CSCMeasurement.speedMetresPerSecond(from: a, to: b, wheelCircumferenceMetres: 2.096)),
                       8.384, accuracy: 0.0001)
        // At rest the sensor repeats itself: once a second is kept.
        XCTAssertEqual(s.decode(page: [0x80, 0x02, 0x00, 0x00, 0x00, 0x01, 0x01, 0x00], at: at(1.25)), [])
        XCTAssertEqual(s.decode(page: [0x80, 0x02, 0x00, 0x00, 0x00, 0x01, 0x01, 0x00], at: at(2.1)).count, 1)
    }

    /// Types 122/123: page byte with toggle, event time 4-5, count 6-7. Page 4: battery status byte 3.
    func testSeparateCadenceAndSpeedSensors() throws {
        var c = channel(122)
        let c1 = try XCTUnwrap(csc(c.decode(page: [0x00, 0xFF, 0xFF, 0xFF, 0x00, 0x10, 0x05, 0x00], at: at(0))))
        XCTAssertNil(c1.wheel)
        XCTAssertEqual(c1.crank, CSCMeasurement.Revolutions(cumulative: 5, lastEventTime1024: 0x1000))
        // Toggle flips, page 4: status 2 (good) -> 80 %.
        let readings = c.decode(page: [0x84, 0xFF, 0x80, 0x23, 0x00, 0x14, 0x06, 0x00], at: at(0.7))
        XCTAssertEqual(readings.first, ANTReading(characteristic: 0x2A19, payload: [80]))
        var s = channel(123)
        _ = s.decode(page: [0x00, 0xFF, 0xFF, 0xFF, 0x00, 0x10, 0xFF, 0xFF], at: at(0))
        let s2 = try XCTUnwrap(csc(s.decode(page: [0x00, 0xFF, 0xFF, 0xFF, 0x00, 0x14, 0x01, 0x00], at: at(1))))
        XCTAssertNil(s2.crank)
        XCTAssertEqual(s2.wheel, CSCMeasurement.Revolutions(cumulative: 65537, lastEventTime1024: 0x1400))
    }

    // MARK: stride-based speed and distance (type 124)

    /// Page 1: time frac/int (bytes 1-2), distance int (3) and frac (4 high nibble, 1/16 m),
    /// speed int (4 low nibble) and frac (5, 1/256), strides (6). Page 2: cadence int (3), frac (4 high).
    func testFootpodSpeedCadenceAndDistanceRollover() throws {
        var f = channel(124)
        // Time 10.5 s, distance 250.5 m, speed 3 + 128/256 = 3.5 m/s (896/256), 20 strides.
        var r = f.decode(page: [0x01, 100, 10, 250, 0x83, 0x80, 20, 0], at: at(0))
        guard case .runningSpeedCadence(let a)? = r.first?.measurement else { return XCTFail("no RSC") }
        XCTAssertEqual(a.speed256, 896)
        XCTAssertEqual(a.totalDistanceDecimetres, 0)
        // Page 2: cadence 85 + 8/16 = 85.5 strides/min = 171 steps/min.
        XCTAssertEqual(f.decode(page: [0x02, 0xFF, 0xFF, 85, 0x83, 0x80, 0x00, 0x00], at: at(0.25)), [])
        // Distance 250.5 m -> 2.0 m: raw 4008 -> 32 sixteenths, (32 - 4008) mod 4096 = 120 = 7.5 m.
        r = f.decode(page: [0x01, 100, 11, 2, 0x03, 0x80, 22, 0], at: at(1))
        guard case .runningSpeedCadence(let b)? = r.first?.measurement else { return XCTFail("no RSC") }
        XCTAssertEqual(b.totalDistanceDecimetres, 75)
        XCTAssertEqual(b.cadencePerMinute, 171)
        XCTAssertEqual(b.speed256, 896)
        XCTAssertTrue(b.isRunning)
        XCTAssertEqual(f.decode(page: [0x0F, 0, 0, 0, 0, 0, 0, 0], at: at(1.25)), [])
        XCTAssertEqual(f.counters[.unknownPages], 1)
    }

    /// One table: every row has a decoder, distinct device types, and the BLE characteristic
    /// of a sensor row (what the daemon looks its kind up by).
    func testTheProfileTable() {
        XCTAssertEqual(ANTDeviceProfile.table.map(\.deviceType), [120, 11, 121, 122, 123, 124])
        XCTAssertEqual(ANTDeviceProfile.table.map(\.period), [8070, 8182, 8086, 8102, 8118, 8134])
        for row in ANTDeviceProfile.table {
            XCTAssertNotNil(SensorProfile.measuring(row.characteristic), row.name)
        }
        XCTAssertEqual(ANTDeviceProfile.forDeviceType(0x80 | 120)?.name, "heart rate")
        XCTAssertNil(ANTDeviceProfile.forDeviceType(17))
    }
}
