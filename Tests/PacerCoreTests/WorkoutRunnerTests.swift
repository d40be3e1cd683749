import XCTest
@testable import PacerCore

/// The workout on the receiver's timeline (issue 44): step boundaries to the second whatever the
/// sample times, the grace before a reading counts as out, ramps, distance steps, repeats, the
/// lap button and skip, and compliance numbers worked out by hand.
final class WorkoutRunnerTests: XCTestCase {
    func runner(_ text: String, ftp: Double? = 200) throws -> WorkoutRunner {
        var profile = AthleteProfile()
        profile.explicitZoneLowerBounds = [110, 130, 148, 163, 176]
        profile.maxHeartRate = 190
        return WorkoutRunner(try WorkoutTextReader.read(Array(text.utf8)), athlete: WorkoutAthlete(ftpWatts: ftp, profile: profile))
    }

    func power(_ t: Double, _ watts: Double, distance: Double? = nil) -> WorkoutSample {
        WorkoutSample(time: t, distance: distance, readings: [.power: watts])
    }

    func testStepsChangeAtTheirSecondWhateverTheSampleTimes() throws {
        var r = try runner("1m 200W; 30s 100W")
        var events: [WorkoutEvent] = []
        var t = 10.0
        while t < 120 {
            events += r.update(power(t, 200))
            t += 0.7
        }
        XCTAssertEqual(events.filter { $0.type != "target_low" && $0.type != "target_high" },
                       [.step(index: 0, at: 10), .step(index: 1, at: 70), .finished(at: 100)])
        XCTAssertTrue(r.finished)
        XCTAssertEqual(r.compliance.map(\.start), [10, 70])
        XCTAssertEqual(r.compliance.map(\.end), [70, 100])
        XCTAssertEqual(r.update(power(200, 100)), [], "nothing after the end")
        XCTAssertEqual(r.status?.finished, true)
    }

    func testOneLateSampleCrossesEveryBoundaryInBetween() throws {
        var r = try runner("2x(10s, 5s); 1m")
        XCTAssertEqual(r.update(WorkoutSample(time: 0)), [.step(index: 0, at: 0)])
        XCTAssertEqual(r.update(WorkoutSample(time: 29)), [.step(index: 1, at: 10), .step(index: 2, at: 15), .step(index: 3, at: 25)])
        XCTAssertEqual(r.status?.remainingSeconds, 1)
        XCTAssertEqual(r.update(WorkoutSample(time: 90)), [.step(index: 4, at: 30), .finished(at: 90)])
    }

    func testGraceBeforeAReadingCountsAsOut() throws {
        var r = try runner("2m 200-220W")
        var events: [WorkoutEvent] = []
        // Below from the start: a trainer's ramp and the 3 s power's lag get 10 s from the step's start.
        for t in 0...9 { events += r.update(power(Double(t), 150)) }
        XCTAssertEqual(events, [.step(index: 0, at: 0)])
        XCTAssertNil(r.status?.inTarget)
        events += r.update(power(10, 150))
        XCTAssertEqual(events.last, .targetLow(step: 0, at: 10))
        XCTAssertEqual(r.status?.judgement, .below)
        XCTAssertEqual(r.status?.inTarget, false)
        for t in 10...19 { events += r.update(power(Double(t), 210)) }
        XCTAssertEqual(r.status?.inTarget, true)
        for t in 20...23 { events += r.update(power(Double(t), 300)) }   // 4 s out: within the grace
        for t in 24...29 { events += r.update(power(Double(t), 215)) }
        for t in 30...40 { events += r.update(power(Double(t), 300)) }
        XCTAssertEqual(events, [.step(index: 0, at: 0), .targetLow(step: 0, at: 10), .targetHigh(step: 0, at: 35)])
        XCTAssertEqual(r.status?.judgement, .above)
        XCTAssertEqual(r.status?.range, 200...220)
    }

    /// The heart takes a minute to reach a new effort's rate: a heart rate step is judged out
    /// from its start only after 60 s, then after the usual 5 s.
    func testAHeartRateStepSettlesForAMinute() throws {
        var r = try runner("5m 150-160bpm")
        var events: [WorkoutEvent] = []
        for t in 0...59 { events += r.update(WorkoutSample(time: Double(t), readings: [.heartRate: 120 + Double(t) / 3])) }
        XCTAssertEqual(events, [.step(index: 0, at: 0)])
        events += r.update(WorkoutSample(time: 60, readings: [.heartRate: 140]))
        XCTAssertEqual(events.last, .targetLow(step: 0, at: 60))
        for t in 61...70 { events += r.update(WorkoutSample(time: Double(t), readings: [.heartRate: 155])) }
        for t in 71...76 { events += r.update(WorkoutSample(time: Double(t), readings: [.heartRate: 170])) }
        XCTAssertEqual(events.last, .targetHigh(step: 0, at: 76))
    }

    func testARampsTargetMovesOverTheStep() throws {
        var r = try runner("100s ramp 50-100%")
        _ = r.update(power(0, 100))
        XCTAssertEqual(r.status?.range, 100...100)
        _ = r.update(power(50, 150))
        XCTAssertEqual(r.status?.range, 150...150)
        // A single value is held within 5 %: 150 is in, 142.5 to 157.5 around it.
        XCTAssertEqual(r.status?.inTarget, true)
        _ = r.update(power(75, 150))
        XCTAssertEqual(r.status?.range, 175...175)
        XCTAssertEqual(r.compliance.first?.resolvedAtStart, 100...100)
        _ = r.update(power(100, 200))
        XCTAssertEqual(r.compliance.first?.resolvedAtEnd, 200...200)
    }

    func testDistanceStepsEndWhereTheDistanceIsReached() throws {
        var r = try runner("400mtr; 200mtr")
        var events: [WorkoutEvent] = []
        for t in 0...250 { events += r.update(WorkoutSample(time: Double(t), distance: 3 * Double(t))) }
        XCTAssertEqual(events.count, 3)
        XCTAssertEqual(events[0], .step(index: 0, at: 0))
        guard case .step(1, let at) = events[1] else { return XCTFail("\(events)") }
        XCTAssertEqual(at, 133 + 1.0 / 3, accuracy: 1e-9)   // 399 m at 133 s, 402 m at 134 s
        XCTAssertEqual(events[2], .finished(at: 200))        // 600 m exactly at 200 s
        var s = try runner("1km")
        _ = s.update(WorkoutSample(time: 0, distance: 500))
        _ = s.update(WorkoutSample(time: 100, distance: 800))
        XCTAssertEqual(s.status?.remainingMeters, 700)
        XCTAssertNil(s.status?.remainingSeconds)
    }

    func testLapButtonEndsOnlyAnOpenStepAndSkipEndsAny() throws {
        var r = try runner("open z2; 10m; 5m")
        _ = r.update(WorkoutSample(time: 0))
        XCTAssertEqual(r.update(WorkoutSample(time: 1000)), [], "an open step waits for the lap button")
        XCTAssertEqual(r.lapPressed(at: 1000.5), [.step(index: 1, at: 1000.5)])
        XCTAssertEqual(r.lapPressed(at: 1001), [], "a timed step runs on")
        XCTAssertEqual(r.skip(at: 1100), [.step(index: 2, at: 1100)])
        XCTAssertEqual(r.update(WorkoutSample(time: 1399)), [])
        XCTAssertEqual(r.update(WorkoutSample(time: 1400)), [.finished(at: 1400)])
    }

    func testComplianceByHand() throws {
        var r = try runner("10s 200-220W; 10s 100W")
        for t in 0...20 {
            let watts: Double = t < 5 ? 210 : t < 10 ? 250 : t < 15 ? 100 : 90
            _ = r.update(power(Double(t), watts))
        }
        XCTAssertEqual(r.compliance.count, 2)
        // Step 1: 210 W held over 0-5 s (in), 250 W over 5-10 s (out).
        XCTAssertEqual(r.compliance[0].secondsInTarget, 5)
        XCTAssertEqual(r.compliance[0].secondsMeasured, 10)
        XCTAssertEqual(try XCTUnwrap(r.compliance[0].average), 230, accuracy: 1e-9)
        XCTAssertEqual(r.compliance[0].resolvedAtStart, 200...220)
        // Step 2: 100 W over 10-15 s (in 95-105), 90 W over 15-20 s (out).
        XCTAssertEqual(r.compliance[1].secondsInTarget, 5)
        XCTAssertEqual(try XCTUnwrap(r.compliance[1].average), 95, accuracy: 1e-9)
        XCTAssertEqual(r.compliance[1].end, 20)
    }

    func testAReadingHoldsForFiveSecondsAtMost() throws {
        var r = try runner("1m 140-150bpm")
        _ = r.update(WorkoutSample(time: 0, readings: [.heartRate: 145]))
        _ = r.update(WorkoutSample(time: 20, readings: [.heartRate: 145]))
        XCTAssertEqual(r.compliance[0].secondsMeasured, 5)
        XCTAssertEqual(r.compliance[0].secondsInTarget, 5)
    }

    func testTargetsResolveWithTheAthletesZonesAndFTP() throws {
        let a = try runner("1m").athlete
        XCTAssertEqual(a.range(of: WorkoutTarget(.heartRate, .zone, low: 2, high: 2), at: 0), 130...147)
        XCTAssertEqual(a.range(of: WorkoutTarget(.heartRate, .zone, low: 5, high: 5), at: 0), 176...190)
        XCTAssertEqual(a.range(of: WorkoutTarget(.heartRate, .maxHeartRate, low: 0.5, high: 0.6), at: 0), 95...114)
        XCTAssertEqual(a.range(of: WorkoutTarget(.power, .ftp, low: 0.75, high: 0.8), at: 0), 150...160)
        let zone2 = try XCTUnwrap(a.range(of: WorkoutTarget(.power, .zone, low: 2, high: 2), at: 0))
        XCTAssertEqual(zone2.lowerBound, 112, accuracy: 1e-9)
        XCTAssertEqual(zone2.upperBound, 150, accuracy: 1e-9)
        var noFTP = try runner("1m 75%", ftp: nil)
        _ = noFTP.update(power(0, 10))
        XCTAssertEqual(noFTP.update(power(30, 10)), [], "no FTP: shown, not judged")
        XCTAssertNil(noFTP.status?.range)
        XCTAssertEqual(noFTP.status?.target?.low, 0.75)
    }

    func testSamplesOutOfOrderOrNotNumbersAreIgnored() throws {
        var r = try runner("10s; 10s")
        _ = r.update(WorkoutSample(time: 5))
        XCTAssertEqual(r.update(WorkoutSample(time: 3)), [])
        XCTAssertEqual(r.update(WorkoutSample(time: .nan)), [])
        XCTAssertEqual(r.update(WorkoutSample(time: .infinity)), [])
        XCTAssertEqual(r.update(WorkoutSample(time: 15, readings: [.power: .nan])), [.step(index: 1, at: 15)])
        XCTAssertEqual(r.status?.step, 1)
        XCTAssertEqual(r.status?.steps, 2)
    }
}
