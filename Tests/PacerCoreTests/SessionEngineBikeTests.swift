import XCTest
@testable import PacerCore

/// A ride's power meter and speed/cadence sensor through the engine: indoors with no GPS, and
/// outdoors with the GPS lost for half a minute.
final class SessionEngineBikeTests: XCTestCase {
    private let t0 = UTCTime(year: 2026, month: 3, day: 1, hour: 7, minute: 0, second: 0)!
    private func at(_ s: Double) -> MonotonicInstant { MonotonicInstant(seconds: 1000 + s) }

    /// 0x2A63 with instantaneous power and crank data.
    private func power(_ watts: Int16, crank: UInt16, time: UInt16) -> CyclingPowerMeasurement {
        let p = UInt16(bitPattern: watts)
        return try! CyclingPowerMeasurement(bytes: [0x20, 0x00, UInt8(p & 0xFF), UInt8(p >> 8),
                                                    UInt8(crank & 0xFF), UInt8(crank >> 8), UInt8(time & 0xFF), UInt8(time >> 8)])
    }

    private func collect() -> (emit: (SessionOutput) -> Void, events: () -> [SessionEvent], samples: () -> [SessionSample]) {
        final class Box: @unchecked Sendable { var events: [SessionEvent] = []; var samples: [SessionSample] = [] }
        let box = Box()
        return ({ switch $0 { case .event(let e): box.events.append(e); case .sample(let s): box.samples.append(s); case .trainer: break } },
                { box.events }, { box.samples })
    }

    /// 120 s on a trainer: 200 W, 60 rpm, wheel at 4 rev/s of 2000 mm (8 m/s), no GPS at all.
    func testIndoorRideTakesDistanceFromTheWheelAndPowerFromTheMeter() throws {
        var config = PacerConfig()
        config.wheelCircumferenceMillimetres = 2000
        var engine = SessionEngine(config: config, activity: .ride)
        let out = collect()
        try engine.handle(.start(nil), at: at(0), time: t0, emit: out.emit)
        for s in 0..<120 {
            let i = UInt16(s)
            engine.handle(power: power(200, crank: i, time: i &* 1024), at: at(Double(s)), emit: out.emit)
            engine.handle(bike: BikeSensorReading(wheelRevolutions: UInt32(4 * s), lastWheelEventTime: i &* 1024),
                          at: at(Double(s) + 0.5), emit: out.emit)
        }
        let live = engine.liveState(at: at(119.5))
        XCTAssertEqual(live.power, 200)
        XCTAssertEqual(live.power3s, 200)
        XCTAssertEqual(try XCTUnwrap(live.cadence), 60, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(live.speed), 8, accuracy: 1e-9)
        try engine.handle(.stop, at: at(120), time: t0, emit: out.emit)

        let s = engine.summary()
        XCTAssertEqual(s.distanceMeters, 119 * 8, accuracy: 1e-9, "119 wheel intervals of 4 revolutions")
        XCTAssertEqual(s.movingSeconds, 120, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(s.averageSpeed), 119 * 8 / 120, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(s.powerAverage), 200, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(s.powerNormalized), 200, accuracy: 1e-9)
        XCTAssertEqual(s.powerMax, 200)
        XCTAssertEqual(try XCTUnwrap(s.cadenceAverage), 60, accuracy: 1e-9)
        XCTAssertEqual(s.laps.count, 1)
        XCTAssertEqual(try XCTUnwrap(s.laps[0].powerAverage), 200, accuracy: 1e-9)
        XCTAssertEqual(s.laps[0].powerMax, 200)
        let json = s.json
        XCTAssertTrue(json.contains("\"cadence_avg_rpm\":60"), json)
        XCTAssertTrue(json.contains("\"cadence_avg_spm\":null"), json)
        XCTAssertTrue(json.contains("\"power_avg_w\":200"), json)
        XCTAssertTrue(json.contains("\"power_max_w\":200"), json)
        XCTAssertTrue(json.contains("\"power_np_w\":200"), json)

        let samples = out.samples()
        XCTAssertEqual(samples.count, 121)
        XCTAssertEqual(samples[60].power, 200)
        XCTAssertEqual(try XCTUnwrap(samples[60].cadence), 60, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(samples[60].speed), 8, accuracy: 1e-9)
        XCTAssertEqual(samples.last!.distanceMeters, s.distanceMeters, accuracy: 1e-9)
    }

    /// Two laps at different power: each lap's average, maximum and NP are its own.
    func testLapsCarryTheirOwnPower() throws {
        var engine = SessionEngine(activity: .ride)
        let out = collect()
        try engine.handle(.start(nil), at: at(0), time: t0, emit: out.emit)
        for s in 0..<60 { engine.handle(power: power(150, crank: 0, time: 0), at: at(Double(s)), emit: out.emit) }
        try engine.handle(.lap, at: at(60), time: t0, emit: out.emit)
        for s in 60..<120 { engine.handle(power: power(s == 90 ? 600 : 250, crank: 0, time: 0), at: at(Double(s)), emit: out.emit) }
        try engine.handle(.stop, at: at(120), time: t0, emit: out.emit)
        let s = engine.summary()
        XCTAssertEqual(s.laps.count, 2)
        XCTAssertEqual(try XCTUnwrap(s.laps[0].powerAverage), 150, accuracy: 1e-9)
        XCTAssertEqual(s.laps[0].powerMax, 150)
        let lapJoules: Double = 59 * 250 + 600
        XCTAssertEqual(try XCTUnwrap(s.laps[1].powerAverage), lapJoules / 60, accuracy: 1e-9)
        XCTAssertEqual(s.laps[1].powerMax, 600)
        XCTAssertEqual(s.powerMax, 600)
        let joules: Double = 60 * 150 + 59 * 250 + 600
        XCTAssertEqual(try XCTUnwrap(s.powerAverage), joules / 120, accuracy: 1e-9)
        XCTAssertGreaterThan(try XCTUnwrap(s.laps[1].powerNormalized), try XCTUnwrap(s.laps[1].powerAverage))
    }

    /// 5 m/s east for 150 s with no fix from 60 to 90 s; a wheel sensor turns throughout. The wheel
    /// fills the gap and the GPS's bridge over it is not added again: about 750 m, not 900.
    func testWheelFillsAGPSGapWithoutCountingItTwice() throws {
        var gen = SyntheticFixes(seed: 11)
        let (fixes, truth) = gen.make(duration: 150, dropouts: [60...90]) { t in (5 * t, 0) }
        var config = PacerConfig()
        config.wheelCircumferenceMillimetres = 2500
        var engine = SessionEngine(config: config, activity: .ride)
        let out = collect()
        try engine.handle(.start(nil), at: at(0), time: t0, emit: out.emit)
        var next = 0
        for s in 0...150 {
            while next < fixes.count, fixes[next].1 <= at(Double(s)) {
                engine.handle(fix: fixes[next].0, at: fixes[next].1, emit: out.emit)
                next += 1
            }
            // 2 rev/s of 2.5 m: 5 m/s.
            engine.handle(bike: BikeSensorReading(wheelRevolutions: UInt32(2 * s), lastWheelEventTime: UInt16(s) &* 1024),
                          at: at(Double(s) + 0.2), emit: out.emit)
        }
        try engine.handle(.stop, at: at(150.5), time: t0, emit: out.emit)
        let s = engine.summary()
        XCTAssertEqual(s.distanceMeters, truth, accuracy: truth * 0.02)
    }
}
