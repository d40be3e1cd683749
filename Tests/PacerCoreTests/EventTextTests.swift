import XCTest
@testable import PacerCore

/// Event lines as `pacerctl watch` prints them: words and units, not field dumps.
final class EventTextTests: XCTestCase {
    let time = UTCTime(millisecondsSinceEpoch: 1_772_348_709_000) // 2026-03-01T07:05:09Z
    let metric = EventText(DisplayPreferences(units: .metric, twentyFourHour: true, utcOffsetSeconds: 3600))
    let imperial = EventText(DisplayPreferences(units: .imperial, twentyFourHour: false, utcOffsetSeconds: 0))

    func testLapInTheUsersUnitsAndClock() {
        let lap = SegmentSummary(index: 3, elapsedSeconds: 312, movingSeconds: 312, distanceMeters: 1000,
                                 averageSpeed: 1000.0 / 312, heartRateAverage: 151)
        let event = LiveEvent(.lap(time: time, lap: lap, trigger: .distance), sessionID: "s1")
        XCTAssertEqual(metric.line(event), "08:05:09 lap 3: 1.00 km in 5:12, 5:12 /km, 151 bpm")
        XCTAssertEqual(imperial.line(event), "7:05:09 AM lap 3: 0.62 mi in 5:12, 8:22 /mi, 151 bpm")
    }

    func testGPSFixFirstAndRegained() {
        var monitor = AlertMonitor(settings: AlertSettings())
        let first = monitor.gps(.fix, time: time)
        _ = monitor.gps(.noFix, time: time)
        let again = monitor.gps(.fix, time: time)
        XCTAssertEqual(first.map(metric.line), ["08:05:09 GPS fix"])
        XCTAssertEqual(again.map(metric.line), ["08:05:09 GPS fix regained"])
        XCTAssertEqual(monitor.gps(.noDevice, time: time).map(metric.line), ["08:05:09 GPS receiver lost"])
    }

    func testZoneHeartRateAndBatteryAlerts() {
        let zone = LiveEvent(.zoneChanged(time: time, from: 2, to: 3, heartRate: 152), sessionID: nil)
        XCTAssertEqual(metric.line(zone), "08:05:09 heart-rate zone 3 (was 2) at 152 bpm")
        var settings = AlertSettings()
        settings.heartRateHigh = 175
        var monitor = AlertMonitor(settings: settings)
        let high = monitor.heartRate(181, zone: nil, at: MonotonicInstant(nanoseconds: 0), time: time)
        XCTAssertEqual(high.map(metric.line), ["08:05:09 heart rate high: 181 bpm (limit 175)"])
        var strap = LiveSensorState(kind: .heartRate, address: "00:22:D0:AA:BB:01", name: "Polar H10", state: .connected)
        strap.batteryPercent = 8
        let battery = monitor.sensor(strap, time: time).filter { $0.kind == .sensorBatteryLow }
        XCTAssertEqual(battery.map(metric.line), ["08:05:09 heart-rate strap Polar H10 battery low: 8 %"])
    }
}
