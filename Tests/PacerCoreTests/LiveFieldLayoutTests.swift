import XCTest
@testable import PacerCore

/// `[display] fields` / `--fields`: the user's order, sizes, colours and labels on the watch
/// screen, and errors that name the field or option that was not understood.
final class LiveFieldLayoutTests: XCTestCase {
    let state = LiveState(
        time: UTCTime(year: 2026, month: 3, day: 1, hour: 14, minute: 5, second: 9)!,
        session: { () -> LiveSession in
            var s = LiveSession(id: "7", activity: .ride, elapsedSeconds: 1865, movingSeconds: 1830, distanceMeters: 15_602, speed: 8.5,
                                lap: 3, heartRate: 152, heartRateZone: 3, cadence: 88, calories: 402, elevationGain: 148)
            s.power = 251
            return s
        }(),
        gps: LiveGPSState(mode: 3, state: .fix, latitude: 48.1, longitude: 11.5, satellitesUsed: 9, hdop: 0.9, source: "serial:/dev/x"),
        sensors: [])

    func testParsesOrderSizesColoursAndLabels() throws {
        let layout = try LiveFieldLayout(parsing: "elapsed:big, distance, pace:big:green , hr:label=no, zone")
        XCTAssertEqual(layout.items.map(\.field), ["elapsed", "distance", "pace", "hr", "zone"])
        XCTAssertEqual(layout.items.map(\.size), [.big, .small, .big, .small, .small])
        XCTAssertEqual(layout.items.map(\.colour), [nil, nil, "green", nil, nil])
        XCTAssertEqual(layout.items.map(\.showLabel), [true, true, true, false, true])
    }

    func testUnknownFieldsAndOptionsAreNamed() {
        XCTAssertThrowsError(try LiveFieldLayout(parsing: "elapsed, heartrate:big")) { error in
            XCTAssertTrue("\(error)".hasPrefix("unknown field 'heartrate'"), "\(error)")
        }
        XCTAssertThrowsError(try LiveFieldLayout(parsing: "hr:huge")) { error in
            XCTAssertTrue("\(error)".hasPrefix("field 'hr': unknown option 'huge'"), "\(error)")
        }
        XCTAssertThrowsError(try LiveFieldLayout(parsing: " , "))
        XCTAssertThrowsError(try PacerConfig(parsing: "[display]\nfields = elapsed, watts\n", file: "p.conf")) { error in
            XCTAssertEqual((error as? ConfigError)?.key, "display.fields")
            XCTAssertEqual((error as? ConfigError)?.line, 2)
            XCTAssertTrue("\(error)".contains("unknown field 'watts'"), "\(error)")
        }
        XCTAssertEqual(try PacerConfig(parsing: "[display]\nfields = power:big, climb\n", file: "p").liveFields.items.map(\.field), ["power", "climb"])
        XCTAssertEqual(PacerConfig().liveFields, .standard)
    }

    func testFrameFollowsTheLayout() throws {
        let layout = try LiveFieldLayout(parsing: "power:big:red, hr, zone, climb:label=no, cadence, last_lap_time, goal")
        let lap = LiveEvent(.lap, time: nil, details: [("index", .number(2)), ("elapsed_s", .number(605)), ("avg_speed_mps", .number(8))])
        let frame = WatchScreen(DisplayPreferences(), layout: layout).frame(state, events: [], connected: true, width: 100, lastLap: lap)
        XCTAssertTrue(frame.contains("POWER W"), frame)
        XCTAssertTrue(frame.contains("\u{1B}[31m" + BigDigitFont.render("251")[0] + "\u{1B}[0m"), frame)
        XCTAssertTrue(frame.contains("heart rate  zone 3 152 · zone 3 · 148 · cadence rpm 88 · last lap 10:05 · goal  --"), frame)
        XCTAssertFalse(frame.contains("TIME"), "elapsed was not asked for")
        // Power comes before heart rate, as the user ordered.
        XCTAssertLessThan(frame.range(of: "POWER")!.lowerBound, frame.range(of: "heart rate")!.lowerBound)
    }

    func testStandardLayoutKeepsTheClassicScreen() {
        let frame = WatchScreen(DisplayPreferences()).frame(state, events: [], connected: true, width: 100)
        for label in ["TIME", "DISTANCE km", "SPEED km/h", "HEART RATE  zone 3"] { XCTAssertTrue(frame.contains(label), label) }
        XCTAssertTrue(frame.contains(BigDigitFont.render("30.6")[0]), frame)   // 8.5 m/s on a ride
        XCTAssertTrue(frame.contains("ride · recording · lap 3 · moving 30:30"), frame)
        let idle = WatchScreen(DisplayPreferences()).frame(LiveState(time: nil, session: nil, gps: state.gps, sensors: []),
                                                          events: [], connected: true, width: 60)
        XCTAssertTrue(idle.contains("no session: start one"), idle)
        XCTAssertFalse(idle.contains("lap"), idle)
    }
}
