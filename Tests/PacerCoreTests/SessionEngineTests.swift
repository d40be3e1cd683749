import XCTest
@testable import PacerCore

final class SessionEngineTests: XCTestCase {
    private let t0 = UTCTime(year: 2026, month: 3, day: 1, hour: 7, minute: 0, second: 0)!
    private func at(_ s: Double) -> MonotonicInstant { MonotonicInstant(seconds: 1000 + s) }

    /// Runs `fixes` through an engine started at t=0 and stopped at `stop`, collecting outputs.
    private func run(_ fixes: [(GNSSFix, MonotonicInstant)], config: PacerConfig = PacerConfig(), activity: Activity = .run,
                     stop: Double, extra: (inout SessionEngine, (SessionOutput) -> Void) -> Void = { _, _ in })
        -> (SessionSummary, [SessionEvent], [SessionSample]) {
        var engine = SessionEngine(config: config, activity: activity)
        var events: [SessionEvent] = [], samples: [SessionSample] = []
        let emit: (SessionOutput) -> Void = {
            switch $0 { case .event(let e): events.append(e); case .sample(let s): samples.append(s); case .trainer: break }
        }
        try! engine.handle(.start(nil), at: at(0), time: t0, emit: emit)
        for (fix, instant) in fixes { engine.handle(fix: fix, at: instant, emit: emit) }
        extra(&engine, emit)
        try! engine.handle(.stop, at: at(stop), time: t0, emit: emit)
        return (engine.summary(), events, samples)
    }

    func testRunWithARedLightAutoPausesAndSplitsPerKilometre() {
        var gen = SyntheticFixes(seed: 5)
        // 3 m/s for 400 s, stand 90 s, 3 m/s for 400 s: 2400 m, 800 s moving.
        let (fixes, truth) = gen.make(duration: 890) { t in
            let moving = t < 400 ? t : (t < 490 ? 400 : t - 90)
            return (3 * moving, 0)
        }
        let (summary, events, samples) = run(fixes, stop: 890)
        XCTAssertEqual(summary.distanceMeters, truth, accuracy: truth * 0.01)
        XCTAssertEqual(summary.movingSeconds, 800, accuracy: 800 * 0.02)
        XCTAssertEqual(summary.elapsedSeconds, 890)
        XCTAssertEqual(events.filter { $0.type == "autopaused" }.count, 1)
        XCTAssertEqual(events.filter { $0.type == "autoresumed" }.count, 1)
        XCTAssertEqual(summary.splits.count, 3)
        XCTAssertEqual(summary.splits[0].distanceMeters, 1000, accuracy: 0.001)
        XCTAssertEqual(summary.splits[0].movingSeconds, 333, accuracy: 4)
        XCTAssertEqual(summary.splits[2].distanceMeters, truth - 2000, accuracy: truth * 0.01)
        XCTAssertEqual(summary.laps.count, 3, "auto-lap every km plus the final partial lap")
        XCTAssertEqual(events.filter { $0.type == "split" }.count, 2)
        XCTAssertEqual(samples.count, 891, "one sample per second, both ends included")
        XCTAssertEqual(samples.last!.distanceMeters, summary.distanceMeters, accuracy: 0.001)
        XCTAssertEqual(events.first?.type, "session_started")
        XCTAssertEqual(events.last?.type, "session_stopped")
        // Without a footpod the stride model gives steps at running cadence, none while standing.
        let steps = Double(summary.steps!)
        XCTAssertEqual(steps, 800 / 60 * StrideModel.cadence(speed: 3, activity: .run, heightCentimetres: 175)!, accuracy: steps * 0.03)
        XCTAssertNotNil(summary.calories)
        XCTAssertGreaterThan(summary.calories!, 100)
    }

    /// The GPS lost for ten minutes inside a café and found again where it was left: that was a
    /// stop, not ten minutes of moving (it counted as moving, as the receiver's no-fix sentences
    /// kept coming). A tunnel crossed at running speed keeps its time, and the distances are
    /// the filter's either way.
    func testAGPSGapThatEndsWhereItBeganIsNotMovingTime() {
        func noFix(_ t: Double) -> (GNSSFix, MonotonicInstant) {
            (GNSSFix(time: UTCTime(millisecondsSinceEpoch: t0.millisecondsSinceEpoch + Int64(t * 1000)), mode: .noFix), at(t))
        }
        func withNoFixSentences(_ fixes: [(GNSSFix, MonotonicInstant)], in gap: ClosedRange<Double>) -> [(GNSSFix, MonotonicInstant)] {
            let inside = stride(from: gap.lowerBound, through: gap.upperBound, by: 1).map(noFix)
            return (fixes + inside).sorted { $0.1 < $1.1 }
        }
        // 3 m/s for 310 s, the GPS lost from 301 s (in the door at speed), inside until 900 s,
        // 3 m/s for 300 s.
        var gen = SyntheticFixes(seed: 11)
        let cafe: ClosedRange<Double> = 301...899
        let (stopFixes, stopTruth) = gen.make(duration: 1200, dropouts: [cafe]) { t in
            (3 * (t < 310 ? t : (t < 900 ? 310 : t - 590)), 0)
        }
        let (stop, _, stopSamples) = run(withNoFixSentences(stopFixes, in: cafe), stop: 1200)
        XCTAssertEqual(stop.movingSeconds, 600, accuracy: 12)
        XCTAssertEqual(stop.distanceMeters, stopTruth, accuracy: stopTruth * 0.01)
        XCTAssertEqual(stop.elapsedSeconds, 1200)
        // The same gap crossed at speed (a tunnel of 600 s) is moving time.
        var tunnelGen = SyntheticFixes(seed: 11)
        let (tunnelFixes, tunnelTruth) = tunnelGen.make(duration: 1200, dropouts: [cafe]) { t in (3 * t, 0) }
        let (tunnel, _, tunnelSamples) = run(withNoFixSentences(tunnelFixes, in: cafe), stop: 1200)
        XCTAssertEqual(tunnel.movingSeconds, 1200, accuracy: 12)
        XCTAssertEqual(tunnel.distanceMeters, tunnelTruth, accuracy: tunnelTruth * 0.01)
        // Steps follow: none for the café (they were estimated for its first 120 s, at the speed
        // before it), the whole tunnel at the bridge's speed (they stopped 120 s into it).
        let perSecond = StrideModel.cadence(speed: 3, activity: .run, heightCentimetres: 175)! / 60
        XCTAssertEqual(Double(stop.steps!), 610 * perSecond, accuracy: 610 * perSecond * 0.03)
        XCTAssertEqual(Double(tunnel.steps!), 1200 * perSecond, accuracy: 1200 * perSecond * 0.03)
        // Energy too (no heart rate: MET at the speed): the café is as auto-paused time.
        let kcalPerSecond = EnergyModel.metKilocalories(met: EnergyModel.met(activity: .run, speed: 3),
                                                        athlete: PacerConfig().athlete, seconds: 1)
        XCTAssertEqual(stop.calories!, 610 * kcalPerSecond, accuracy: 610 * kcalPerSecond * 0.03)
        XCTAssertEqual(tunnel.calories!, 1200 * kcalPerSecond, accuracy: 1200 * kcalPerSecond * 0.03)
        for samples in [stopSamples, tunnelSamples] {
            let counts = samples.compactMap(\.steps)
            XCTAssertEqual(counts, counts.sorted())
            XCTAssertEqual(counts.last, samples.last?.steps)
        }
        // With auto-pause off, moving time is the timer's, gap or not.
        var timer = PacerConfig()
        timer.recording.autoPauseEnabled = false
        XCTAssertEqual(run(withNoFixSentences(stopFixes, in: cafe), config: timer, stop: 1200).0.movingSeconds, 1200, accuracy: 1)
    }

    func testHeartRateHoldsAtMostFiveSecondsAndContactLossIsNoHeartRate() {
        var config = PacerConfig()
        config.athlete.explicitZoneLowerBounds = [100, 120, 140, 160, 180]
        let (summary, events, _) = run([], config: config, stop: 60) { engine, emit in
            // 10 s at 125 bpm (zone 2), once a second.
            for s in 0..<10 { engine.handle(heartRate: HeartRateReading(beatsPerMinute: 125), at: self.at(Double(s)), emit: emit) }
            // Silence until 20 s: the value at 9 s holds until 14 s only.
            engine.handle(heartRate: HeartRateReading(beatsPerMinute: 150, contactDetected: true), at: self.at(20), emit: emit)
            // Contact lost at 22 s: 150 held 2 s; the "rate" 40 is not a heart rate.
            engine.handle(heartRate: HeartRateReading(beatsPerMinute: 40, contactDetected: false), at: self.at(22), emit: emit)
            engine.handle(heartRate: HeartRateReading(beatsPerMinute: 185, contactDetected: true), at: self.at(58), emit: emit)
            // The manual pause does not stop the zone clock.
            try! engine.handle(.pause, at: self.at(58.5), time: self.t0, emit: emit)
        }
        XCTAssertEqual(summary.heartRateZoneSeconds!, [0, 14, 2, 0, 2], "zone seconds")
        XCTAssertEqual(summary.heartRateMax, 185)
        let expectedAverage: Double = (125.0 * 14 + 150.0 * 2 + 185.0 * 2) / 18.0
        XCTAssertEqual(summary.heartRateAverage!, expectedAverage, accuracy: 1e-9)
        let zoneEvents = events.compactMap { e -> Int?? in if case .zoneChanged(_, _, let to, _) = e { return to }; return nil }
        XCTAssertEqual(zoneEvents, [2, 3, nil, 5])
        XCTAssertGreaterThan(summary.trimp!, 0)
    }

    func testCommandsAndTheirEvents() throws {
        var engine = SessionEngine()
        var events: [SessionEvent] = []
        let emit: (SessionOutput) -> Void = { if case .event(let e) = $0 { events.append(e) } }
        XCTAssertThrowsError(try engine.handle(.pause, at: at(0), time: t0, emit: emit))
        try engine.handle(.start(.walk), at: at(0), time: t0, emit: emit)
        XCTAssertEqual(engine.activity, .walk)
        XCTAssertThrowsError(try engine.handle(.start(nil), at: at(1), time: t0, emit: emit))
        try engine.handle(.lap, at: at(10), time: t0, emit: emit)
        try engine.handle(.pause, at: at(20), time: t0, emit: emit)
        XCTAssertEqual(engine.phase, .paused)
        XCTAssertThrowsError(try engine.handle(.pause, at: at(21), time: t0, emit: emit))
        try engine.handle(.resume, at: at(30), time: t0, emit: emit)
        try engine.handle(.stop, at: at(40), time: t0, emit: emit)
        XCTAssertEqual(engine.phase, .stopped)
        XCTAssertEqual(events.map(\.type), ["session_started", "lap", "paused", "resumed", "lap", "session_stopped"])
        XCTAssertEqual(events[2].time, UTCTime(millisecondsSinceEpoch: t0.millisecondsSinceEpoch + 20_000))
        let summary = engine.summary()
        XCTAssertEqual(summary.laps.count, 2)
        XCTAssertEqual(summary.laps[0].elapsedSeconds, 10)
        XCTAssertEqual(summary.elapsedSeconds, 40)
        XCTAssertNil(summary.heartRateAverage)
        XCTAssertNil(summary.heartRateZoneSeconds)
        XCTAssertNil(summary.steps, "no GPS and no footpod: steps unknown, not 0")
        XCTAssertTrue(summary.json.contains("\"hr_avg\":null"))
        XCTAssertTrue(summary.json.contains("\"steps\":null"))
    }

    func testFootpodCadenceCountsSteps() {
        let (summary, _, _) = run([], stop: 120) { engine, emit in
            for s in 0...100 { engine.handle(footpod: FootpodReading(speed: 3, cadence: 170), at: self.at(Double(s)), emit: emit) }
        }
        // 100 s credited between readings, plus 5 s held after the last one.
        XCTAssertEqual(summary.steps, Int((170.0 / 60 * 105).rounded()))
        XCTAssertEqual(summary.cadenceAverage!, 170, accuracy: 1e-9)
    }

    func testCrankCadenceWithRollover() {
        var calc = CrankCadenceCalculator()
        XCTAssertNil(calc.update(revolutions: 65_534, eventTime: 64_000, at: at(0)))
        // 2 revolutions across the counter wrap in 1.5 s (event time wraps too): 80 rpm.
        XCTAssertEqual(calc.update(revolutions: 0, eventTime: 64_000 &+ 1536, at: at(1.5))!, 80, accuracy: 1e-9)
        XCTAssertEqual(calc.update(revolutions: 0, eventTime: 64_000 &+ 1536, at: at(2.5))!, 80, accuracy: 1e-9)
        XCTAssertEqual(calc.update(revolutions: 0, eventTime: 64_000 &+ 1536, at: at(6)), 0, "no crank event for 4.5 s")
    }

    func testRMSSDOnARealRestingRecording() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpus/hrm/rr/hrv_rest_rri.txt")
        let values = try String(contentsOf: url, encoding: .utf8).split(whereSeparator: \.isNewline).compactMap { Double($0) }
        XCTAssertEqual(values.count, 910)
        var acc = RMSSDAccumulator()
        for v in values { acc.add(milliseconds: v) }
        // Textbook RMSSD over the successive differences that pass the 20 % artefact rule.
        var sum = 0.0, n = 0
        for i in 1..<values.count where abs(values[i] - values[i - 1]) <= 0.2 * values[i - 1] {
            sum += (values[i] - values[i - 1]) * (values[i] - values[i - 1]); n += 1
        }
        XCTAssertEqual(acc.rmssd!, (sum / Double(n)).squareRoot(), accuracy: 1e-9)
        XCTAssertGreaterThan(acc.rmssd!, 10)
        XCTAssertLessThan(acc.rmssd!, 200)
        // A missed beat (double interval) is an artefact, not variability.
        var clean = RMSSDAccumulator()
        for v in [800.0, 810, 805, 1610, 800, 805] { clean.add(milliseconds: v) }
        XCTAssertEqual(clean.rmssd!, ((100.0 + 25 + 25) / 3).squareRoot(), accuracy: 1e-9)
    }

    func testEnergyModels() {
        var a = AthleteProfile()
        a.weightKilograms = 70; a.age = 35; a.sex = .male
        // Keytel male at 150 bpm: (-55.0969 + 94.635 + 13.916 + 7.0595) / 4.184 kcal/min.
        XCTAssertEqual(EnergyModel.keytelKilocaloriesPerMinute(heartRate: 150, athlete: a), 60.5136 / 4.184, accuracy: 1e-3)
        XCTAssertEqual(EnergyModel.keytelKilocaloriesPerMinute(heartRate: 20, athlete: a), 0, "never negative")
        // ACSM running at 3 m/s: VO2 = 3.5 + 0.2 * 180 = 39.5 ml/kg/min = 11.29 MET.
        XCTAssertEqual(EnergyModel.met(activity: .run, speed: 3), 39.5 / 3.5, accuracy: 1e-9)
        XCTAssertEqual(EnergyModel.metKilocalories(met: 10, athlete: a, seconds: 3600), 700, accuracy: 1e-9)
        // Banister: 60 min at 100 % reserve = 60 * 0.64 * e^1.92.
        a.maxHeartRate = 190; a.restHeartRate = 60
        XCTAssertEqual(EnergyModel.banisterTRIMP(heartRate: 190, minutes: 60, athlete: a), 60 * 0.64 * exp(1.92), accuracy: 1e-9)
    }

    func testElevationIgnoresNoiseButCountsHills() {
        var noise = SeededNoise(seed: 9)
        var tracker = ElevationTracker()
        var flat = ElevationTracker()
        var correlated = 0.0
        for s in 0..<1800 {
            correlated = 0.98 * correlated + 0.2 * 3 * noise.gaussian()
            // Three 30 m hills of 10 minutes each.
            let hill = 15 - 15 * cos(Double(s) / 600 * 2 * .pi * 1)
            tracker.update(altitude: 400 + hill * 2 + correlated, at: at(Double(s)))
            flat.update(altitude: 400 + correlated, at: at(Double(s)))
        }
        print("elevation: hills gain \(tracker.gain) (truth 180), flat gain \(flat.gain)")
        XCTAssertEqual(tracker.gain, 180, accuracy: 180 * 0.15)
        XCTAssertLessThan(flat.gain, 15)
    }

    func testElevationIgnoresAltitudeDriftWhileStandingStill() {
        // Flat ground; during a 60 s stop at a light the receiver's altitude drifts up 9 m and stays.
        var tracker = ElevationTracker()
        for s in 0..<400 {
            let altitude = s < 200 ? 50.0 : 59.0
            if (140..<200).contains(s) { tracker.suspend(); continue }
            tracker.update(altitude: altitude, verticalSigma: 4.7, speed: 3, at: at(Double(s)))
        }
        XCTAssertEqual(tracker.gain, 0, accuracy: 1e-9)
        // Moving, the same 9 m rise is a climb.
        var moving = ElevationTracker()
        for s in 0..<400 {
            moving.update(altitude: s < 200 ? 50.0 : 59.0, verticalSigma: 4.7, speed: 3, at: at(Double(s)))
        }
        XCTAssertEqual(moving.gain, 9, accuracy: 0.5)
    }

    func testElevationDropsMultipathAltitudeJumps() {
        var tracker = ElevationTracker()
        // Flat at 300 m with a 5 s multipath excursion 60 m up and another 40 m down.
        for s in 0..<600 {
            var altitude = 300.0
            if (100..<105).contains(s) { altitude += 60 }
            if (400..<404).contains(s) { altitude -= 40 }
            tracker.update(altitude: altitude, verticalSigma: 5, speed: 3, at: at(Double(s)))
        }
        XCTAssertEqual(tracker.gain, 0, accuracy: 1e-9)
        XCTAssertEqual(tracker.loss, 0, accuracy: 1e-9)
        XCTAssertEqual(tracker.rejectedOutliers, 9)
        // A level change that persists (a wrong first fix, a real step) is accepted after the reset time.
        var stepped = ElevationTracker()
        for s in 0..<200 { stepped.update(altitude: s < 50 ? 300 : 340, verticalSigma: 5, speed: 3, at: at(Double(s))) }
        XCTAssertEqual(stepped.gain, 40, accuracy: 0.5)
    }
}
