import XCTest
@testable import PacerCore

final class MotivationMonitorTests: XCTestCase {
    typealias F = MotivationFixtures
    let config = """
    [goals]
    daily_distance_km = 5
    [habit morning-run]
    activity = run
    days = mon,wed,fri
    min_distance_km = 3
    remind_at = 07:30
    """

    func utc(_ text: String) -> UTCTime { UTCTime(rfc3339: text)! }

    func testGoalReachedOnceWhileRecordingThenHabitStreakAndAwardsAtStop() throws {
        let history = MotivationHistory(calendar: .utc, sessions: [F.session(1, "2026-03-02", km: 4)])   // Monday
        var m = MotivationMonitor(settings: try F.settings(config), history: history)
        var live = F.session(2, "2026-03-04", km: 4.9)
        XCTAssertEqual(m.progress(live: live, now: utc("2026-03-04T07:25:00Z")), [])
        XCTAssertEqual(m.goals(live: live, now: utc("2026-03-04T07:25:00Z")).daily.first?.done ?? 0, 4.9, accuracy: 1e-9)
        live.distanceMeters = 5001
        let reached = m.progress(live: live, now: utc("2026-03-04T07:26:00Z"))
        XCTAssertEqual(reached.map(\.kind), [.goalReached])
        XCTAssertEqual(reached.first?["goal"], .string("daily_distance_km"))
        XCTAssertEqual(reached.first?["target"], .number(5))
        XCTAssertEqual(reached.first?["done"], .number(5.001))
        live.distanceMeters = 6000
        XCTAssertEqual(m.progress(live: live, now: utc("2026-03-04T07:27:00Z")), [])   // once
        let stopped = m.sessionStopped(live, now: utc("2026-03-04T07:40:00Z"))
        XCTAssertEqual(stopped.map(\.kind), [.habitDone, .streak, .awardEarned, .awardEarned])
        XCTAssertEqual(stopped[1]["days"], .number(2))   // Monday and Wednesday
        XCTAssertEqual(stopped[2]["id"], .string("distance-10km"))
        XCTAssertEqual(stopped[3]["id"], .string("single-5k"))
        XCTAssertEqual(m.history.sessions.count, 2)
    }

    func testAGoalMetBeforePacerdStartedIsNotAnnounced() throws {
        let history = MotivationHistory(calendar: .utc, sessions: [F.session(1, "2026-03-04", km: 6)])
        var m = MotivationMonitor(settings: try F.settings(config), history: history)
        XCTAssertEqual(m.progress(live: F.session(2, "2026-03-04", "09:00", km: 1), now: utc("2026-03-04T09:10:00Z")), [])
        XCTAssertFalse(m.sessionStopped(F.session(2, "2026-03-04", "09:00", km: 1), now: utc("2026-03-04T09:20:00Z")).contains { $0.kind == .goalReached })
    }

    func testReminderOnceWhenDueAndNotDone() throws {
        let berlin = try F.berlin()
        var m = MotivationMonitor(settings: try F.settings(config), history: MotivationHistory(calendar: berlin))
        // Wednesday 4 March, 07:30 in Berlin is 06:30 UTC.
        XCTAssertEqual(m.tick(now: utc("2026-03-04T06:29:58Z")), [])   // first tick only sets the clock
        XCTAssertEqual(m.tick(now: utc("2026-03-04T06:29:59Z")), [])
        let due = m.tick(now: utc("2026-03-04T06:30:00Z"))
        XCTAssertEqual(due.map(\.kind), [.reminder])
        XCTAssertEqual(due.first?["habit"], .string("morning-run"))
        XCTAssertEqual(m.tick(now: utc("2026-03-04T06:30:01Z")), [])
        XCTAssertEqual(m.tick(now: utc("2026-03-04T09:00:00Z")), [])
        // Thursday is not scheduled; Friday is, but the run is already done.
        XCTAssertEqual(m.tick(now: utc("2026-03-05T06:29:00Z")), [])
        XCTAssertEqual(m.tick(now: utc("2026-03-05T06:31:00Z")), [])
        _ = m.sessionStopped(SessionFacts(id: 1, start: utc("2026-03-06T05:00:00Z").millisecondsSinceEpoch, activity: .run, distanceMeters: 3000),
                             now: utc("2026-03-06T05:40:00Z"))
        XCTAssertEqual(m.tick(now: utc("2026-03-06T06:29:00Z")), [])
        XCTAssertEqual(m.tick(now: utc("2026-03-06T06:31:00Z")), [])
        // A daemon started at 09:00 does not remind of 07:30.
        var late = MotivationMonitor(settings: try F.settings(config), history: MotivationHistory(calendar: berlin))
        XCTAssertEqual(late.tick(now: utc("2026-03-04T08:00:00Z")), [])
        XCTAssertEqual(late.tick(now: utc("2026-03-04T08:00:01Z")), [])
    }
}

/// The motivation events as `pacerctl watch` words them.
final class MotivationEventTextTests: XCTestCase {
    func testWords() {
        let text = EventText(DisplayPreferences(units: .metric, twentyFourHour: true, utcOffsetSeconds: 3600))
        let t = UTCTime(rfc3339: "2026-03-04T06:30:00Z")
        XCTAssertEqual(text.line(LiveEvent(.goalReached, time: t, details: [("goal", .string("daily_distance_km")), ("target", .number(5)), ("done", .number(5.001))])),
                       "07:30:00 goal reached: daily distance km: 5.00 of 5")
        XCTAssertEqual(text.line(LiveEvent(.reminder, time: t, details: [("habit", .string("morning-run"))])),
                       "07:30:00 reminder: morning-run is due today")
        XCTAssertEqual(text.line(LiveEvent(.streak, time: t, details: [("habit", .string("morning-run")), ("days", .number(4))])),
                       "07:30:00 habit morning-run: 4 in a row")
        XCTAssertEqual(text.line(LiveEvent(.awardEarned, time: t, details: [("id", .string("single-5k")), ("title", .string("First 5 km"))])),
                       "07:30:00 award: First 5 km")
        XCTAssertEqual(text.line(LiveEvent(.habitDone, time: t, details: [("habit", .string("morning-run"))])),
                       "07:30:00 habit morning-run done for today")
    }
}

/// The motivation requests on the socket.
final class MotivationRequestTests: XCTestCase {
    func parse(_ text: String) throws(RequestError) -> ClientRequest { try ClientRequest(line: Array(text.utf8)) }

    func testRequestsRoundTripAndBadParameters() throws {
        XCTAssertEqual(try parse(#"{"cmd":"goals"}"#), .goals(date: nil))
        XCTAssertEqual(try parse(#"{"cmd":"goals","date":"2026-03-04"}"#), .goals(date: "2026-03-04"))
        XCTAssertEqual(try parse(#"{"cmd":"habits"}"#), .habits)
        XCTAssertEqual(try parse(#"{"cmd":"awards"}"#), .awards)
        XCTAssertEqual(try parse(#"{"cmd":"load","days":30}"#), .load(days: 30))
        for r in [ClientRequest.goals(date: "2026-03-04"), .load(days: 7), .habits, .awards] {
            XCTAssertEqual(try ClientRequest(line: r.line.dropLast()), r)
            XCTAssertFalse(r.isControl)
        }
        XCTAssertThrowsError(try parse(#"{"cmd":"goals","date":"2026-02-30"}"#))
        XCTAssertThrowsError(try parse(#"{"cmd":"load","days":-1}"#))
        XCTAssertThrowsError(try parse(#"{"cmd":"load","days":1.5}"#))
    }

    func testStateCarriesGoalsOnlyWhenSet() throws {
        var state = LiveState(time: nil, gps: LiveGPSState(source: "none"))
        XCTAssertFalse(String(decoding: state.line, as: UTF8.self).contains("goals"))
        let settings = try MotivationFixtures.settings("[goals]\ndaily_steps = 8000\n")
        state.goals = GoalReport(history: MotivationHistory(calendar: .utc), settings: settings, day: MotivationFixtures.day("2026-03-04"))
        XCTAssertTrue(String(decoding: state.line, as: UTF8.self).hasSuffix(#""goals":{"date":"2026-03-04","week_start":"2026-03-02","daily":[{"goal":"steps","target":8000,"done":0,"met":false}],"weekly":[],"streak_days":0,"longest_streak_days":0}}"# + "\n"))
    }
}
