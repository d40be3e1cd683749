import XCTest
@testable import PacerCore

final class DisplayTests: XCTestCase {
    let t = UTCTime(year: 2026, month: 3, day: 1, hour: 14, minute: 5, second: 9)!

    func testUnitsAndClocks() {
        let metric = MeasurementFormatter(DisplayPreferences(units: .metric, twentyFourHour: true, utcOffsetSeconds: 3600))
        XCTAssertEqual(metric.clock(t), "15:05:09")
        XCTAssertEqual(metric.distance(5234), "5.23")
        XCTAssertEqual(metric.pace(secondsPerKilometre: 312.4), "5:12")
        XCTAssertEqual(metric.speed(10), "36.0")
        XCTAssertEqual(metric.duration(3725.9), "1:02:05")
        XCTAssertEqual(metric.duration(65), "1:05")
        XCTAssertEqual(metric.pace(secondsPerKilometre: nil), "--")
        let imperial = MeasurementFormatter(DisplayPreferences(units: .imperial, twentyFourHour: false, utcOffsetSeconds: -5 * 3600))
        XCTAssertEqual(imperial.clock(t), "9:05:09 AM")
        XCTAssertEqual(imperial.clock(UTCTime(year: 2026, month: 3, day: 1, hour: 17, minute: 0, second: 0)), "12:00:00 PM")
        XCTAssertEqual(imperial.distance(1609.344 * 3.1), "3.10")
        XCTAssertEqual(imperial.pace(secondsPerKilometre: 300), "8:03")
        XCTAssertEqual(imperial.speed(10), "22.4")
        XCTAssertEqual(imperial.elevation(100), "328")
        XCTAssertEqual(imperial.distanceUnit + imperial.paceUnit + imperial.speedUnit, "mi/mimph")
    }

    func testStatusReportAndWatchFrame() {
        let state = LiveState(
            time: t,
            session: LiveSession(id: "7", activity: .run, elapsedSeconds: 1865, movingSeconds: 1830, distanceMeters: 5602,
                                 paceSecondsPerKilometre: 328, averagePaceSecondsPerKilometre: 327, lap: 6, heartRate: 152,
                                 heartRateZone: 3, cadence: 172, steps: 5230, calories: 402, elevationGain: 48),
            gps: LiveGPSState(mode: 3, state: .fix, latitude: 48.1, longitude: 11.5, satellitesUsed: 9, hdop: 0.9, source: "serial:/dev/x"),
            sensors: [LiveSensorState(kind: .heartRate, address: "AA", name: "Polar H10", state: .connected, batteryPercent: 80)])
        let text = LiveStateReport(DisplayPreferences()).text(state)
        XCTAssertTrue(text.contains("session     7, run, recording\n"), text)
        XCTAssertTrue(text.contains("elapsed     31:05   moving 30:30\n"), text)
        XCTAssertTrue(text.contains("distance    5.60 km   lap 6\n"), text)
        XCTAssertTrue(text.contains("heart rate  152 bpm   zone 3\n"), text)
        XCTAssertTrue(text.contains("gps         3D fix, 9 sats, hdop 0.9, 48.10000, 11.50000, (serial:/dev/x)\n"), text)
        XCTAssertTrue(text.contains("sensor      heart rate Polar H10 connected, battery 80%\n"), text)
        let frame = WatchScreen(DisplayPreferences()).frame(state, events: ["14:05 lap"], connected: true, width: 100)
        XCTAssertTrue(frame.hasPrefix("\u{1B}[H"), "redraws from the top left")
        XCTAssertTrue(frame.hasSuffix("\u{1B}[J"), "clears what is left below")
        // The elapsed time 31:05 in big digits: the first row of "3", "1", ":", "0", "5".
        XCTAssertTrue(frame.contains(BigDigitFont.render("31:05")[0]), frame)
        XCTAssertTrue(frame.contains(BigDigitFont.render("152")[4]), frame)
        XCTAssertTrue(frame.contains("PACE /km"))
        XCTAssertTrue(frame.contains("14:05 lap"))
        XCTAssertEqual(BigDigitFont.render("1:0"), [" █    ███", "██  █ █ █", " █    █ █", " █  █ █ █", "███   ███"])
    }
}
