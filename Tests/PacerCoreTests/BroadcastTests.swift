import XCTest
@testable import PacerCore

/// BLE re-broadcast (#18): the encoders round-trip through the decoders pacerd reads sensors
/// with, and the plan turns a STATE's numbers into the values a central is notified of.
final class BroadcastTests: XCTestCase {
    func testConfigIsOffByDefaultAndNamesBadValues() throws {
        XCTAssertFalse(PacerConfig().broadcast.isEnabled)
        let c = try PacerConfig(parsing: "[broadcast]\nheart_rate = yes\npower = on\nspeed_cadence = no\nname = Pi Sensor\n", file: "p.conf")
        XCTAssertEqual(c.broadcast.kinds, [.heartRate, .power])
        XCTAssertEqual(c.broadcast.name, "Pi Sensor")
        XCTAssertEqual(try PacerConfig(parsing: "[broadcast]\nspeed_cadence = true\n", file: "p").broadcast.kinds, [.footpod])
        for (bad, key, message) in [("[broadcast]\nheart_rate = maybe", "broadcast.heart_rate", "'maybe' is not a boolean (true/false)"),
                                    ("[broadcast]\nbike = yes", "broadcast.bike", "unknown key (known: heart_rate, speed_cadence, power, name)"),
                                    ("[broadcast]\nname = ", "broadcast.name", "must not be empty"),
                                    ("[broadcast]\nname = A name far too long for it", "broadcast.name",
                                     "'A name far too long for it' is longer than 18 bytes (an advertisement has 31)")] {
            XCTAssertThrowsError(try PacerConfig(parsing: bad, file: "p.conf"), bad) { error in
                let e = error as? ConfigError
                XCTAssertEqual(e?.key, key, bad)
                XCTAssertEqual(e?.line, 2, bad)
                XCTAssertEqual(e?.message, message, bad)
            }
        }
    }

    func testHeartRateRoundTripsWithEightAndSixteenBitRates() throws {
        for (bpm, sixteen) in [(0, false), (72, false), (255, false), (256, true), (300, true), (65535, true)] {
            let bytes = HeartRateMeasurement.encode(beatsPerMinute: bpm, rrIntervals1024: [820, 815])
            let m = try HeartRateMeasurement(bytes: bytes)
            XCTAssertEqual(Int(m.beatsPerMinute), bpm)
            XCTAssertEqual(m.isSixteenBitRate, sixteen, "\(bpm)")
            XCTAssertEqual(m.sensorContact, .detected)
            XCTAssertEqual(m.rrIntervals1024, [820, 815])
            XCTAssertEqual(m.ignoredTrailingBytes, 0)
            XCTAssertNil(m.energyExpendedKilojoules)
        }
        XCTAssertEqual(HeartRateMeasurement.encode(beatsPerMinute: 150, rrIntervals1024: [410]), [0x16, 150, 0x9A, 0x01])
        XCTAssertEqual(HeartRateMeasurement.encode(beatsPerMinute: 70), [0x06, 70], "no RR intervals: no RR flag")
        let noContact = try HeartRateMeasurement(bytes: HeartRateMeasurement.encode(beatsPerMinute: 90, contact: .notDetected))
        XCTAssertFalse(noContact.isHeartRateValid)
        let energy = try HeartRateMeasurement(bytes: HeartRateMeasurement.encode(beatsPerMinute: 140, energyExpendedKilojoules: 1234))
        XCTAssertEqual(energy.energyExpendedKilojoules, 1234)
        XCTAssertEqual(try HeartRateMeasurement(bytes: HeartRateMeasurement.encode(beatsPerMinute: -5)).beatsPerMinute, 0)
    }

    func testRRIntervalsAreCutToTheTwentyBytePayloadKeepingTheNewest() throws {
        let rr: [UInt16] = Array(1000...1011)
        let short = HeartRateMeasurement.encode(beatsPerMinute: 120, rrIntervals1024: rr)
        XCTAssertEqual(short.count, 20)
        XCTAssertEqual(try HeartRateMeasurement(bytes: short).rrIntervals1024, Array(1003...1011), "9 fit after flags and an 8-bit rate")
        let long = HeartRateMeasurement.encode(beatsPerMinute: 300, energyExpendedKilojoules: 7, rrIntervals1024: rr)
        XCTAssertEqual(long.count, 19)
        XCTAssertEqual(try HeartRateMeasurement(bytes: long).rrIntervals1024, Array(1005...1011), "7 fit after a 16-bit rate and energy")
        let none = HeartRateMeasurement.encode(beatsPerMinute: 300, energyExpendedKilojoules: 7, rrIntervals1024: rr, maximumLength: 6)
        let decoded = try HeartRateMeasurement(bytes: none)
        XCTAssertEqual(decoded.rrIntervals1024, [], "no room: the RR flag is left clear")
        XCTAssertEqual(decoded.flags & 0x10, 0)
        let wide = HeartRateMeasurement.encode(beatsPerMinute: 120, rrIntervals1024: rr, maximumLength: 244)
        XCTAssertEqual(try HeartRateMeasurement(bytes: wide).rrIntervals1024, rr)
    }

    func testRSCRoundTripsWithOptionalFieldsAndClamps() throws {
        let m = try RSCMeasurement(bytes: RSCMeasurement.encode(speedMetresPerSecond: 3.25, cadencePerMinute: 175,
                                                                strideLengthMetres: 1.11, totalDistanceMetres: 1234.56))
        XCTAssertEqual(m.speed256, 832)
        XCTAssertEqual(m.cadencePerMinute, 175)
        XCTAssertEqual(m.strideLengthCentimetres, 111)
        XCTAssertEqual(m.totalDistanceDecimetres, 12345)
        XCTAssertTrue(m.isRunning)
        let walk = try RSCMeasurement(bytes: RSCMeasurement.encode(speedMetresPerSecond: 1.4, cadencePerMinute: nil))
        XCTAssertEqual(walk.flags, 0)
        XCTAssertEqual(walk.speedMetresPerSecond, 1.4, accuracy: 1.0 / 256)
        XCTAssertEqual(walk.cadencePerMinute, 0)
        XCTAssertNil(walk.strideLengthCentimetres)
        XCTAssertNil(walk.totalDistanceDecimetres)
        let wild = try RSCMeasurement(bytes: RSCMeasurement.encode(speedMetresPerSecond: 1000, cadencePerMinute: 400,
                                                                   strideLengthMetres: .nan, totalDistanceMetres: 1e12))
        XCTAssertEqual(wild.speed256, .max)
        XCTAssertEqual(wild.cadencePerMinute, .max)
        XCTAssertNil(wild.strideLengthCentimetres)
        XCTAssertEqual(wild.totalDistanceDecimetres, .max)
        XCTAssertEqual(try RSCMeasurement(bytes: RSCMeasurement.encode(speedMetresPerSecond: -.infinity, cadencePerMinute: 0)).speed256, 0)
    }

    func testCyclingPowerRoundTripsWithCrankRevolutions() throws {
        let plain = try CyclingPowerMeasurement(bytes: CyclingPowerMeasurement.encode(watts: 249.6))
        XCTAssertEqual(plain.flags, 0)
        XCTAssertEqual(plain.instantaneousPower, 250)
        XCTAssertNil(plain.crank)
        let crank = CSCMeasurement.Revolutions(cumulative: 70_000, lastEventTime1024: 0xFFF0)
        let m = try CyclingPowerMeasurement(bytes: CyclingPowerMeasurement.encode(watts: -40, crank: crank))
        XCTAssertEqual(m.instantaneousPower, -40)
        XCTAssertEqual(m.crank, CSCMeasurement.Revolutions(cumulative: 70_000 & 0xFFFF, lastEventTime1024: 0xFFF0), "16-bit counter wraps")
        XCTAssertEqual(try CyclingPowerMeasurement(bytes: CyclingPowerMeasurement.encode(watts: 1e9)).instantaneousPower, .max)
    }

    func testDeviceInformationStrings() {
        let info = DeviceInformation(manufacturer: "Pacer", model: "pacerd", firmware: "0.1.0")
        XCTAssertEqual(info.characteristics.map(\.characteristic), [0x2A29, 0x2A24, 0x2A26])
        XCTAssertEqual(info.characteristics.map { DeviceInformation.decode($0.value) }, ["Pacer", "pacerd", "0.1.0"])
        let cut = DeviceInformation.encode("Fahrradcomputer für Läufer", maximumLength: 22)
        XCTAssertLessThanOrEqual(cut.count, 22)
        XCTAssertEqual(DeviceInformation.decode(cut), "Fahrradcomputer für L", "cut at a character, not inside one")
        XCTAssertEqual(DeviceInformation.decode(Array("Polar".utf8) + [0, 0]), "Polar")
    }

    func testPlanLayoutFollowsTheSensorTable() {
        let plan = BroadcastPlan(kinds: [.power, .heartRate, .footpod, .speedCadence])
        XCTAssertEqual(plan.kinds, [.heartRate, .footpod, .power], "table order; CSC has no broadcast key")
        XCTAssertEqual(plan.advertisedServices, [0x180D, 0x1814, 0x1818])
        XCTAssertEqual(plan.services.map(\.uuid), [0x180D, 0x1814, 0x1818, 0x180A])
        XCTAssertEqual(plan.services.map { $0.characteristics.filter(\.notifies).map(\.uuid) }, [[0x2A37], [0x2A53], [0x2A63], []])
        XCTAssertEqual(plan.services[2].characteristics.map(\.uuid), [0x2A63, 0x2A65, 0x2A5D])
        XCTAssertEqual(BroadcastPlan(kinds: []).services.map(\.uuid), [0x180A])
    }

    func testPlanNotifiesWhatTheStateShowsAndNothingUnknown() throws {
        var state = LiveState(time: nil, gps: LiveGPSState(mode: 3, state: .fix, speed: 2.9, source: "test"))
        var plan = BroadcastPlan(kinds: [.heartRate, .footpod, .power])
        let idle = plan.notifications(for: BroadcastReadings(state: state, rrIntervals1024: [800]), at: MonotonicInstant(seconds: 1))
        XCTAssertEqual(idle.map(\.characteristic), [0x2A53], "idle: only the GPS speed is known")
        XCTAssertEqual(try RSCMeasurement(bytes: idle[0].value).speedMetresPerSecond, 2.9, accuracy: 1.0 / 256)

        state.session = LiveSession(id: "7", activity: .run, distanceMeters: 812.3, speed: 3.1, heartRate: 151, cadence: 172)
        let readings = BroadcastReadings(state: state, rrIntervals1024: [410, 405])
        let running = plan.notifications(for: readings, at: MonotonicInstant(seconds: 2))
        XCTAssertEqual(running.map(\.characteristic), [0x2A37, 0x2A53], "no power meter heard: no power notified")
        let hr = try HeartRateMeasurement(bytes: running[0].value)
        XCTAssertEqual(hr.beatsPerMinute, 151)
        XCTAssertEqual(hr.rrIntervals1024, [410, 405])
        let rsc = try RSCMeasurement(bytes: running[1].value)
        XCTAssertEqual(rsc.speedMetresPerSecond, 3.1, accuracy: 1.0 / 256)
        XCTAssertEqual(rsc.cadencePerMinute, 172)
        XCTAssertEqual(rsc.totalDistanceMetres ?? 0, 812.3, accuracy: 0.1)
        XCTAssertEqual(rsc.strideLengthMetres ?? 0, 3.1 * 60 / 172, accuracy: 0.01)
        XCTAssertTrue(rsc.isRunning)
    }

    /// Each broadcast row takes only its own sensor's values (what pacerd keeps for when the STATE
    /// lacks them); a strap without skin contact gives an empty reading, which forgets the last.
    func testEachBroadcastRowTakesOnlyItsOwnSensorsValues() throws {
        func readings(_ measurement: GATTMeasurement) -> [SensorKind: BroadcastReadings] {
            var out: [SensorKind: BroadcastReadings] = [:]
            for row in SensorProfile.table { if let reading = row.broadcast?.reading(measurement) { out[row.kind] = reading } }
            return out
        }
        let strap = try HeartRateMeasurement(bytes: HeartRateMeasurement.encode(beatsPerMinute: 150, rrIntervals1024: [800]))
        XCTAssertEqual(readings(.heartRate(strap)), [.heartRate: BroadcastReadings(heartRate: 150, rrIntervals1024: [800])])
        let loose = try HeartRateMeasurement(bytes: HeartRateMeasurement.encode(beatsPerMinute: 0, contact: .notDetected))
        XCTAssertEqual(readings(.heartRate(loose)), [.heartRate: BroadcastReadings()])
        let footpod = try RSCMeasurement(bytes: RSCMeasurement.encode(speedMetresPerSecond: 3, cadencePerMinute: 170,
                                                                      strideLengthMetres: nil, totalDistanceMetres: nil))
        XCTAssertEqual(readings(.runningSpeedCadence(footpod)), [.footpod: BroadcastReadings(speed: 3, stepCadence: 170)])
        let power = try CyclingPowerMeasurement(bytes: CyclingPowerMeasurement.encode(watts: 210))
        XCTAssertEqual(readings(.cyclingPower(power)), [.power: BroadcastReadings(power: 210)])
        XCTAssertEqual(readings(.pressure(EnvironmentalPressure(pascals: 101_325))), [:], "not a broadcast kind")
    }

    func testSensorsFillOnlyWhatTheStateLacks() {
        let sensors = BroadcastReadings(heartRate: 97, speed: 3.3, stepCadence: 170, power: 180)
        let idle = BroadcastReadings(state: LiveState(time: nil, gps: LiveGPSState(source: "t")), rrIntervals1024: [600])
        XCTAssertEqual(idle.filling(from: sensors), BroadcastReadings(heartRate: 97, rrIntervals1024: [600], speed: 3.3,
                                                                      stepCadence: 170, power: 180), "a strap worn while idle still broadcasts")
        XCTAssertEqual(idle.filling(from: BroadcastReadings(speed: 2)).rrIntervals1024, [], "no heart rate: no RR intervals")
        var state = LiveState(time: nil, gps: LiveGPSState(source: "t"))
        state.session = LiveSession(id: "1", activity: .ride, speed: 8, heartRate: 140, cadence: 88)
        let ride = BroadcastReadings(state: state).filling(from: sensors)
        XCTAssertEqual(ride.heartRate, 140, "the STATE wins")
        XCTAssertEqual(ride.speed, 8)
        XCTAssertEqual(ride.crankCadence, 88)
        XCTAssertNil(ride.stepCadence, "a ride's cadence is the crank's, not a footpod's")
        XCTAssertEqual(ride.power, 180)
    }

    func testSynthesizedCrankRevolutionsGiveTheRideCadenceBack() throws {
        var plan = BroadcastPlan(kinds: [.power])
        var cadence = CrankCadenceCalculator()
        var state = LiveState(time: nil, gps: LiveGPSState(source: "test"))
        state.session = LiveSession(id: "1", activity: .ride, cadence: 90)
        state.session?.power = 230
        var last: Double?
        for second in 0...130 {
            let now = MonotonicInstant(seconds: 100 + Double(second))
            let values = plan.notifications(for: BroadcastReadings(state: state), at: now)
            XCTAssertEqual(values.map(\.characteristic), [0x2A63])
            let m = try CyclingPowerMeasurement(bytes: values[0].value)
            XCTAssertEqual(m.instantaneousPower, 230)
            let crank = try XCTUnwrap(m.crank)
            last = cadence.update(revolutions: UInt16(crank.cumulative), eventTime: crank.lastEventTime1024, at: now)
        }
        XCTAssertEqual(try XCTUnwrap(last), 90, accuracy: 1, "130 s: past a 16-bit event-time wrap (64 s)")
    }
}
