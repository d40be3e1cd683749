import XCTest
@testable import PacerCore

final class UnattendedRecordingTests: XCTestCase {
    private func at(_ s: Double) -> MonotonicInstant { MonotonicInstant(seconds: 1000 + s) }

    func testStartsAfterSustainedMovementAndGuessesActivity() {
        var r = UnattendedRecorder(settings: UnattendedRecordingSettings())
        for s in 0..<15 {
            r.observeSpeed(3.0, at: at(Double(s)))
            XCTAssertEqual(r.evaluate(now: at(Double(s)), sessionActive: false), .none, "at \(s) s")
        }
        r.observeSpeed(3.2, at: at(15))
        XCTAssertEqual(r.evaluate(now: at(15), sessionActive: false), .start(.run, reason: "moving for 15 s"))
    }

    func testAStopInMovementRestartsTheClock() {
        var r = UnattendedRecorder(settings: UnattendedRecordingSettings())
        for s in 0..<10 { r.observeSpeed(1.5, at: at(Double(s))) }
        r.observeSpeed(0.1, at: at(10))
        for s in 11..<25 { r.observeSpeed(1.5, at: at(Double(s))) }
        XCTAssertEqual(r.evaluate(now: at(24), sessionActive: false), .none)
        r.observeSpeed(1.5, at: at(26))
        XCTAssertEqual(r.evaluate(now: at(26), sessionActive: false), .start(.walk, reason: "moving for 15 s"))
    }

    func testGPSSilenceIsNotMovement() {
        var r = UnattendedRecorder(settings: UnattendedRecordingSettings())
        for s in 0..<5 { r.observeSpeed(8, at: at(Double(s))) }
        XCTAssertEqual(r.evaluate(now: at(20), sessionActive: false), .none)
    }

    func testRideGuessAndConfiguredActivityWins() {
        var r = UnattendedRecorder(settings: UnattendedRecordingSettings())
        for s in 0...15 { r.observeSpeed(7.5, at: at(Double(s))) }
        XCTAssertEqual(r.evaluate(now: at(15), sessionActive: false), .start(.ride, reason: "moving for 15 s"))
        var settings = UnattendedRecordingSettings()
        settings.activity = .walk
        var fixed = UnattendedRecorder(settings: settings)
        for s in 0...15 { fixed.observeSpeed(7.5, at: at(Double(s))) }
        XCTAssertEqual(fixed.evaluate(now: at(15), sessionActive: false), .start(.walk, reason: "moving for 15 s"))
    }

    func testStartsOnSkinContactOnlyWhenConfigured() {
        var r = UnattendedRecorder(settings: UnattendedRecordingSettings())
        for s in 0...15 { r.observeContact(true, at: at(Double(s))) }
        XCTAssertEqual(r.evaluate(now: at(15), sessionActive: false), .start(.run, reason: "heart-rate strap worn"))
        var settings = UnattendedRecordingSettings()
        settings.autoStart = .movement
        var movementOnly = UnattendedRecorder(settings: settings)
        for s in 0...30 { movementOnly.observeContact(true, at: at(Double(s))) }
        XCTAssertEqual(movementOnly.evaluate(now: at(30), sessionActive: false), .none)
        settings.autoStart = .off
        var off = UnattendedRecorder(settings: settings)
        for s in 0...30 { off.observeSpeed(3, at: at(Double(s))); off.observeContact(true, at: at(Double(s))) }
        XCTAssertEqual(off.evaluate(now: at(30), sessionActive: false), .none)
    }

    func testStopsAfterIdleMinutesAndWaitsBeforeStartingAgain() {
        var r = UnattendedRecorder(settings: UnattendedRecordingSettings())
        r.sessionStarted(at: at(0))
        for s in 0..<60 { r.observeSpeed(3, at: at(Double(s))) }
        for s in 60..<700 { r.observeSpeed(0, at: at(Double(s))) }
        XCTAssertEqual(r.evaluate(now: at(600), sessionActive: true), .none)
        XCTAssertEqual(r.evaluate(now: at(659), sessionActive: true), .stop(reason: "idle for 10 min"))
        r.sessionEnded(at: at(659))
        // Moving again straight after the stop: disarmed until idle for a minute.
        for s in 660..<700 { r.observeSpeed(3, at: at(Double(s))) }
        XCTAssertEqual(r.evaluate(now: at(699), sessionActive: false), .none)
        for s in 700..<770 { r.observeSpeed(0, at: at(Double(s))) }
        XCTAssertEqual(r.evaluate(now: at(769), sessionActive: false), .none)
        for s in 770...785 { r.observeSpeed(3, at: at(Double(s))) }
        XCTAssertEqual(r.evaluate(now: at(785), sessionActive: false), .start(.run, reason: "moving for 15 s"))
    }

    /// Indoors, no fix and no strap: pedalling the trainer starts a ride and keeps it from
    /// stopping as idle; stopping pedalling for 10 min stops it; a treadmill's footpod starts a run.
    func testPedallingOrStridingIndoorsIsMovement() {
        var r = UnattendedRecorder(settings: UnattendedRecordingSettings())
        for s in 0..<15 {
            r.observeSensorMovement(.ride, at: at(Double(s)))
            XCTAssertEqual(r.evaluate(now: at(Double(s)), sessionActive: false), .none)
        }
        r.observeSensorMovement(.ride, at: at(15))
        XCTAssertEqual(r.evaluate(now: at(15), sessionActive: false), .start(.ride, reason: "pedalling for 15 s"))
        r.sessionStarted(at: at(15))
        for s in 16..<1800 { r.observeSensorMovement(.ride, at: at(Double(s))) }
        XCTAssertEqual(r.evaluate(now: at(1800), sessionActive: true), .none, "half an hour of pedalling is not idle")
        for s in 1800..<2500 { r.observeSensorMovement(nil, at: at(Double(s))) }
        XCTAssertEqual(r.evaluate(now: at(2398), sessionActive: true), .none)
        XCTAssertEqual(r.evaluate(now: at(2399), sessionActive: true), .stop(reason: "idle for 10 min"))

        var treadmill = UnattendedRecorder(settings: UnattendedRecordingSettings())
        for s in 0...14 { treadmill.observeSensorMovement(.run, at: at(Double(s))) }
        XCTAssertEqual(treadmill.evaluate(now: at(20), sessionActive: false), .none, "a footpod silent for 6 s is no movement")
        for s in 30...45 { treadmill.observeSensorMovement(.run, at: at(Double(s))) }
        XCTAssertEqual(treadmill.evaluate(now: at(45), sessionActive: false), .start(.run, reason: "striding for 15 s"))
    }

    func testIdleStopCanBeDisabled() {
        var settings = UnattendedRecordingSettings()
        settings.autoStopIdleMinutes = 0
        var r = UnattendedRecorder(settings: settings)
        r.sessionStarted(at: at(0))
        XCTAssertEqual(r.evaluate(now: at(100_000), sessionActive: true), .none)
    }

    func testResumePolicy() {
        let last = UTCTime(year: 2026, month: 3, day: 1, hour: 7, minute: 0, second: 0)!
        func after(_ s: Int64) -> UTCTime { UTCTime(millisecondsSinceEpoch: last.millisecondsSinceEpoch + s * 1000) }
        XCTAssertTrue(SessionResumePolicy.shouldResume(lastRecord: last, now: after(60), withinMinutes: 15))
        XCTAssertTrue(SessionResumePolicy.shouldResume(lastRecord: last, now: after(900), withinMinutes: 15))
        XCTAssertFalse(SessionResumePolicy.shouldResume(lastRecord: last, now: after(901), withinMinutes: 15))
        XCTAssertTrue(SessionResumePolicy.shouldResume(lastRecord: last, now: after(-30), withinMinutes: 15))
        XCTAssertFalse(SessionResumePolicy.shouldResume(lastRecord: last, now: after(1), withinMinutes: 0))
    }

    func testActivityGuess() {
        XCTAssertEqual(ActivityGuess.activity(averageSpeed: 1.4), .walk)
        XCTAssertEqual(ActivityGuess.activity(averageSpeed: 3.0), .run)
        XCTAssertEqual(ActivityGuess.activity(averageSpeed: 6.0), .ride)
        XCTAssertEqual(ActivityGuess.activity(averageSpeed: 6.0, footpodCadence: 180), .run)
        XCTAssertEqual(ActivityGuess.activity(averageSpeed: nil), .run)
    }
}

final class AlertMonitorTests: XCTestCase {
    private func at(_ s: Double) -> MonotonicInstant { MonotonicInstant(seconds: s) }
    private func kinds(_ e: [LiveEvent]) -> [LiveEvent.Kind] { e.map(\.kind) }

    func testZoneChangeMustHold() {
        var m = AlertMonitor(settings: AlertSettings())
        XCTAssertEqual(kinds(m.heartRate(120, zone: 1, at: at(0), time: nil)), [])
        let first = m.heartRate(121, zone: 1, at: at(5), time: nil)
        XCTAssertEqual(kinds(first), [.zoneChanged])
        XCTAssertEqual(first[0]["zone"], .number(1))
        XCTAssertEqual(first[0]["previous"], .null)
        // A 3 s excursion into zone 2 is not announced.
        XCTAssertEqual(kinds(m.heartRate(131, zone: 2, at: at(10), time: nil)), [])
        XCTAssertEqual(kinds(m.heartRate(129, zone: 1, at: at(13), time: nil)), [])
        XCTAssertEqual(kinds(m.heartRate(131, zone: 2, at: at(14), time: nil)), [])
        let second = m.heartRate(133, zone: 2, at: at(19), time: nil)
        XCTAssertEqual(kinds(second), [.zoneChanged])
        XCTAssertEqual(second[0]["previous"], .number(1))
    }

    func testHeartRateLimitsWithHysteresis() {
        var settings = AlertSettings()
        settings.heartRateHigh = 170
        settings.heartRateLow = 120
        var m = AlertMonitor(settings: settings)
        XCTAssertEqual(kinds(m.heartRate(150, zone: nil, at: at(0), time: nil)), [])
        XCTAssertEqual(kinds(m.heartRate(171, zone: nil, at: at(1), time: nil)), [.heartRateHigh])
        XCTAssertEqual(kinds(m.heartRate(175, zone: nil, at: at(2), time: nil)), [])
        XCTAssertEqual(kinds(m.heartRate(169, zone: nil, at: at(3), time: nil)), [])
        XCTAssertEqual(kinds(m.heartRate(167, zone: nil, at: at(4), time: nil)), [.heartRateInRange])
        XCTAssertEqual(kinds(m.heartRate(119, zone: nil, at: at(5), time: nil)), [.heartRateLow])
        XCTAssertEqual(kinds(m.heartRate(nil, zone: nil, at: at(6), time: nil)), [])
        XCTAssertEqual(kinds(m.heartRate(125, zone: nil, at: at(7), time: nil)), [.heartRateInRange])
    }

    func testGPSTransitions() {
        var m = AlertMonitor(settings: AlertSettings())
        XCTAssertEqual(kinds(m.gps(.noDevice, time: nil)), [])
        XCTAssertEqual(kinds(m.gps(.noFix, time: nil)), [])
        let fix = m.gps(.fix, time: nil)
        XCTAssertEqual(kinds(fix), [.gpsFix])
        XCTAssertEqual(fix[0]["regained"], .bool(false))
        XCTAssertEqual(kinds(m.gps(.fix, time: nil)), [])
        XCTAssertEqual(kinds(m.gps(.noFix, time: nil)), [.gpsLost])
        XCTAssertEqual(m.gps(.fix, time: nil)[0]["regained"], .bool(true))
        XCTAssertEqual(kinds(m.gps(.noDevice, time: nil)), [.gpsDeviceLost])
    }

    func testSensorsAndBattery() {
        var m = AlertMonitor(settings: AlertSettings())
        var strap = LiveSensorState(kind: .heartRate, address: "AA:BB:CC:DD:EE:FF", name: "H10", state: .searching)
        XCTAssertEqual(kinds(m.sensor(strap, time: nil)), [])
        strap.state = .connected
        strap.batteryPercent = 60
        XCTAssertEqual(kinds(m.sensor(strap, time: nil)), [.sensorConnected])
        strap.batteryPercent = 15
        XCTAssertEqual(kinds(m.sensor(strap, time: nil)), [.sensorBatteryLow])
        XCTAssertEqual(kinds(m.sensor(strap, time: nil)), [])
        strap.state = .lost
        XCTAssertEqual(kinds(m.sensor(strap, time: nil)), [.sensorLost])
        strap.state = .connected
        XCTAssertEqual(kinds(m.sensor(strap, time: nil)), [.sensorConnected])
    }
}

final class DaemonConfigTests: XCTestCase {
    func testDaemonSectionsParse() throws {
        let text = """
        [unattended]
        auto_start = contact
        start_speed_mps = 1.5
        start_after_s = 20
        activity = ride
        auto_stop_idle_min = 5
        resume_within_min = 30
        [alerts]
        hr_high = 175
        hr_low = none
        battery_low_pct = 10
        [display]
        clock = 12
        """
        let c = try PacerConfig(parsing: text, file: "t.conf")
        XCTAssertEqual(c.unattended.autoStart, .contact)
        XCTAssertEqual(c.unattended.startSpeed, 1.5)
        XCTAssertEqual(c.unattended.startAfterSeconds, 20)
        XCTAssertEqual(c.unattended.activity, .ride)
        XCTAssertEqual(c.unattended.autoStopIdleMinutes, 5)
        XCTAssertEqual(c.unattended.resumeWithinMinutes, 30)
        XCTAssertEqual(c.alerts.heartRateHigh, 175)
        XCTAssertNil(c.alerts.heartRateLow)
        XCTAssertEqual(c.alerts.batteryLowPercent, 10)
        XCTAssertFalse(c.twentyFourHourClock)
        XCTAssertNil(try PacerConfig(parsing: "[unattended]\nactivity = auto\n", file: "t").unattended.activity)
    }

    func testBadDaemonValuesNameFileLineAndKey() {
        for (text, key) in [("[unattended]\nauto_start = sometimes\n", "unattended.auto_start"),
                            ("[alerts]\n\nhr_high = 500\n", "alerts.hr_high"),
                            ("[display]\nclock = 13\n", "display.clock"),
                            ("[unattended]\nfly = yes\n", "unattended.fly")] {
            XCTAssertThrowsError(try PacerConfig(parsing: text, file: "p.conf")) { error in
                let e = error as? ConfigError
                XCTAssertEqual(e?.key, key)
                XCTAssertEqual(e?.file, "p.conf")
                XCTAssertEqual(e?.line, text.hasPrefix("[alerts]") ? 3 : 2)
            }
        }
    }
}
