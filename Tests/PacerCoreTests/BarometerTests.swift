import XCTest
@testable import PacerCore

/// Environmental Sensing decoders (0x2A6D/0x2A6E/0x2A6C), the `[altitude]` key, and the
/// barometric altimeter on hand-made pressure series.
final class BarometerTests: XCTestCase {
    func testEnvironmentalSensingVectors() throws {
        // 96 278.6 Pa = 962 786 x 0.1 Pa = 0x000EB0E2, little-endian.
        let p = try GATTMeasurement(characteristic: 0x2A6D, bytes: [0xE2, 0xB0, 0x0E, 0x00])
        XCTAssertEqual(p, .pressure(try EnvironmentalPressure(bytes: [0xE2, 0xB0, 0x0E, 0x00])))
        XCTAssertEqual(try EnvironmentalPressure(bytes: [0xE2, 0xB0, 0x0E, 0x00]).pascals, 96_278.6, accuracy: 1e-9)
        XCTAssertEqual(EnvironmentalPressure(pascals: 96_278.6).bytes, [0xE2, 0xB0, 0x0E, 0x00])
        XCTAssertThrowsError(try EnvironmentalPressure(bytes: [0xE2, 0xB0, 0x0E]))
        XCTAssertThrowsError(try EnvironmentalPressure(bytes: [0, 0, 0, 0]))          // 0 Pa: broken sensor
        XCTAssertThrowsError(try EnvironmentalPressure(bytes: [0xE2, 0xB0, 0x0E, 0x00, 0x00]))
        // -12.34 degC = -1234 = 0xFB2E
        XCTAssertEqual(try EnvironmentalTemperature(bytes: [0x2E, 0xFB]).celsius, -12.34, accuracy: 1e-9)
        XCTAssertEqual(EnvironmentalTemperature(celsius: -12.34).bytes, [0x2E, 0xFB])
        XCTAssertThrowsError(try EnvironmentalTemperature(bytes: [0x00, 0x80]))        // "unknown"
        // -5.00 m = -500 = 0xFFFE0C as sint24; 8848.86 m = 884886 = 0x0D8096
        XCTAssertEqual(try EnvironmentalElevation(bytes: [0x0C, 0xFE, 0xFF]).metres, -5.0, accuracy: 1e-9)
        XCTAssertEqual(try EnvironmentalElevation(bytes: [0x96, 0x80, 0x0D]).metres, 8848.86, accuracy: 1e-9)
        XCTAssertEqual(SensorKind(advertisedServices: [0x181A]), .barometer)
        XCTAssertEqual(SensorKind.barometer.measurementCharacteristic, 0x2A6D)
    }

    func testAltitudeSourceKey() throws {
        XCTAssertEqual(try PacerConfig(parsing: "[altitude]\nsource = barometer\n", file: "f").altitude.source, .barometer)
        XCTAssertEqual(PacerConfig().altitude.source, .auto)
        do {
            _ = try PacerConfig(parsing: "[altitude]\nsource = radar\n", file: "/etc/pacer/pacer.conf")
            XCTFail("a bad source must be an error")
        } catch let error as ConfigError {
            XCTAssertEqual(error.line, 2)
            XCTAssertTrue("\(error)".contains("source"), "\(error)")
            XCTAssertTrue("\(error)".contains("auto, gps, barometer"), "\(error)")
        }
    }

    func testISA() {
        XCTAssertEqual(BarometricAltimeter.isaAltitude(pascals: 101_325), 0, accuracy: 1e-9)
        XCTAssertEqual(BarometricAltimeter.isaAltitude(pascals: 89_874.6), 1000, accuracy: 0.2)
    }

    private static func pascals(atAltitude h: Double) -> Double { 101_325 * pow(1 - 2.25577e-5 * h, 5.25588) }

    /// A 30 m climb and descent with 1 Pa noise, a gust spike, and a GPS that reads 20 m high:
    /// gain and loss about 30 m each; the altitude is calibrated onto the GPS; the spike dropped.
    func testClimbSpikeAndCalibration() {
        var altimeter = BarometricAltimeter()
        var generator = SystemRandomNumberGenerator()
        for second in 0..<1200 {
            let t = Double(second)
            let h = 400 + 15 * (1 - cos(2 * Double.pi * t / 1200))       // up 30 m and down again
            var p = BarometerTests.pascals(atAltitude: h) + Double.random(in: -1.5...1.5, using: &generator)
            if second == 300 || second == 301 { p += 120 }                   // a gust
            let instant = MonotonicInstant(nanoseconds: Int64(second) * 1_000_000_000)
            altimeter.update(pascals: p, speed: 3, at: instant)
            altimeter.calibrate(gpsAltitude: h + 20, verticalSigma: 5, at: instant)
        }
        XCTAssertEqual(altimeter.gain, 30, accuracy: 1)
        XCTAssertEqual(altimeter.loss, 30, accuracy: 1.5)
        XCTAssertGreaterThanOrEqual(altimeter.rejectedSpikes, 1)
        XCTAssertEqual(altimeter.altitude ?? 0, 420, accuracy: 1.5)
        XCTAssertLessThan(altimeter.deadBand, 1.5)
    }

    /// A flat hour in falling weather (1 hPa, about 8 m of apparent climb) while standing still
    /// at the start: the GPS calibration moves the altitude, never the gain.
    func testFlatNoiseDoesNotClimb() {
        var altimeter = BarometricAltimeter()
        for second in 0..<1800 {
            let noise = Double((second * 7919) % 21 - 10) / 10      // +-1 Pa, deterministic
            let p = BarometerTests.pascals(atAltitude: 100) + noise
            let instant = MonotonicInstant(nanoseconds: Int64(second) * 1_000_000_000)
            altimeter.update(pascals: p, speed: 3, at: instant)
            altimeter.calibrate(gpsAltitude: 100 + 6 * sin(Double(second) / 200), verticalSigma: 5, at: instant)
        }
        XCTAssertLessThan(altimeter.gain, 0.5)
        XCTAssertLessThan(altimeter.loss, 0.5)
    }

    /// A road ride over rollers (300-800 m long, 2-6 m high) at 8 m/s: the climbing is all in
    /// hills passed in 40-100 s. Read at 1 Hz and at 4 Hz with 3 Pa of noise (a BMP280 at low
    /// oversampling), so the fit is held to a rate and a noise it was not chosen on. Every 5
    /// minutes a gust holds the pressure 35 Pa (3 m) off for 3 s, under the gate's climb-rate
    /// bound at this speed. The 4 s low-pass this altimeter had keeps 85-97 % of such a hill's
    /// height and counted 92-95 % of the gain here (217.4 of 235.5 m, 241.6 of 260.8, 126.4 of
    /// 132.5, 239.3 of 251.5); the quadratic fit over 11 s with its refit -1.7..+0.8 %; the fit
    /// without the refit let the gusts add up to 7 m (+5.4 % at 4 Hz).
    func testRollersAtRidingSpeedKeepTheirClimbing() {
        for (rate, noisePa, seed) in [(1.0, 1.0, UInt64(1)), (1.0, 1.0, 2), (4.0, 3.0, 3), (4.0, 3.0, 4)] {
            var noise = SeededNoise(seed: seed)
            // Three sines of distance, as sim/'s terrain, at 8 m/s for 40 minutes.
            let hills = (0..<3).map { _ in
                (height: 1 + 2 * noise.uniform(), wavelength: 300 + 500 * noise.uniform(), phase: 2 * Double.pi * noise.uniform())
            }
            func altitude(_ s: Double) -> Double {
                hills.reduce(300) { $0 + $1.height * sin(2 * .pi * s / $1.wavelength + $1.phase) }
            }
            var altimeter = BarometricAltimeter()
            var trueGain = 0.0, previous = altitude(0)
            let steps = Int(2400 * rate)
            for k in 0...steps {
                let t = Double(k) / rate, h = altitude(8 * t)
                trueGain += max(0, h - previous)
                previous = h
                let gust = k % Int(300 * rate) < Int(3 * rate) && k > 0 ? (k / Int(300 * rate) % 2 == 0 ? 35.0 : -35.0) : 0
                let p = BarometerTests.pascals(atAltitude: h) + noisePa * noise.gaussian() + gust
                altimeter.update(pascals: (p * 10).rounded() / 10, speed: 8, at: MonotonicInstant(nanoseconds: Int64(t * 1e9)))
            }
            print("BARO | rollers \(rate) Hz \(noisePa) Pa seed \(seed): gain \(altimeter.gain) of \(trueGain)")
            XCTAssertGreaterThan(trueGain, 100, "seed \(seed): the rollers are the climbing")
            XCTAssertEqual(altimeter.gain, trueGain, accuracy: 0.03 * trueGain,
                           "\(rate) Hz, \(noisePa) Pa, seed \(seed): true gain \(trueGain)")
        }
    }

    /// The smoother's fit: a parabola comes back exactly at the middle of the span (a low-pass
    /// would cut its top), fewer than 5 readings give their mean, and a 3-reading spike in 11 is
    /// left out by the refit where the plain fit moves 1.8 of its 3 m.
    func testQuadraticSmootherKeepsAParabolaAndLeavesASpikeOut() {
        func instant(_ t: Double) -> MonotonicInstant { MonotonicInstant(nanoseconds: Int64(t * 1e9)) }
        var smoother = QuadraticSmoother(span: 10)
        var value = 0.0
        for t in stride(from: 0.0, through: 20, by: 1) { value = smoother.add(5 - 0.1 * (t - 15) * (t - 15), at: instant(t)) }
        XCTAssertEqual(value, 5, accuracy: 1e-9, "the top of the parabola, at t = 15")
        XCTAssertEqual(QuadraticSmoother.fitAtMiddle([(instant(0), 1), (instant(1), 2), (instant(2), 6), (instant(3), 3)]), 3)
        let spiked = (0...10).map { k in (instant(Double(k)), (4...6).contains(k) ? 103.0 : 100.0) }
        XCTAssertEqual(QuadraticSmoother.fitAtMiddle(spiked), 101.8, accuracy: 0.01, "the plain fit takes 60 % of the spike")
        XCTAssertEqual(QuadraticSmoother.fitAtMiddle(spiked, outlierDistance: 1), 100, accuracy: 1e-9)
    }
}
