import XCTest
@testable import PacerCore

final class GoalAndHabitTests: XCTestCase {
    typealias F = MotivationFixtures
    let today = F.day("2026-03-04")   // a Wednesday

    func testGoalStreakTodayDoesNotBreakItAndTwoSessionsAddUp() throws {
        let settings = try F.settings("[goals]\ndaily_distance_km = 5\nweekly_sessions = 4\n")
        var sessions = [F.session(1, "2026-02-27", km: 6),                       // Fri: met, then a gap
                        F.session(2, "2026-03-01", km: 6), F.session(3, "2026-03-02", km: 5),
                        F.session(4, "2026-03-03", km: 4), F.session(5, "2026-03-03", "18:00", km: 2)]
        var r = GoalReport(history: MotivationHistory(calendar: .utc, sessions: sessions), settings: settings, day: today)
        XCTAssertEqual(r.daily.map(\.done), [0])
        XCTAssertEqual(r.streakDays, 3)
        XCTAssertEqual(r.longestStreakDays, 3)
        XCTAssertEqual(r.weekly.map(\.done), [3])    // Mon 1 + Tue 2 sessions; Sunday is last week
        sessions.append(F.session(6, "2026-03-04", km: 5.5))
        r = GoalReport(history: MotivationHistory(calendar: .utc, sessions: sessions), settings: settings, day: today)
        XCTAssertEqual(r.streakDays, 4)
        XCTAssertEqual(r.daily.first?.met, true)
        XCTAssertEqual(r.weekly.first?.met, true)
        // The day before: today's session does not count, Sunday's streak of 2 stands.
        r = GoalReport(history: MotivationHistory(calendar: .utc, sessions: sessions), settings: settings, day: F.day("2026-03-02"))
        XCTAssertEqual(r.streakDays, 2)
    }

    func testLiveExtraCountsTowardsToday() throws {
        let settings = try F.settings("[goals]\ndaily_distance_km.run = 5\n")
        let h = MotivationHistory(calendar: .utc, sessions: [F.session(1, "2026-03-04", km: 3), F.session(2, "2026-03-04", km: 10, activity: .ride)])
        var extra = DayTotals()
        extra.add(F.session(3, "2026-03-04", km: 2.5))
        XCTAssertEqual(GoalReport(history: h, settings: settings, day: today).daily.first?.done, 3)   // the ride does not count
        XCTAssertEqual(GoalReport(history: h, settings: settings, day: today, extra: extra).daily.first?.done, 5.5)
    }

    func testWeeklyGoalAcrossNewYear() throws {
        let settings = try F.settings("[goals]\nweekly_distance_km = 10\n")
        let h = MotivationHistory(calendar: .utc, sessions: [F.session(1, "2025-12-29", km: 4), F.session(2, "2026-01-02", km: 6.5),
                                                             F.session(3, "2025-12-28", km: 50)])
        let r = GoalReport(history: h, settings: settings, day: F.day("2026-01-03"))
        XCTAssertEqual(r.weekly.first?.done, 10.5)
        XCTAssertEqual(r.weekly.first?.met, true)
    }

    func testScheduledDaysStreak() throws {
        let habit = try F.settings("[habit morning-run]\nactivity = run\ndays = mon,wed,fri\nmin_distance_km = 3\n").habits[0]
        let base = [F.session(1, "2026-02-23", km: 2), F.session(2, "2026-02-23", km: 2.5),   // Mon: never one session of 3 km
                    F.session(3, "2026-02-25", km: 3), F.session(4, "2026-02-27", km: 4),
                    F.session(5, "2026-03-01", km: 8),                                     // Sun: not scheduled
                    F.session(6, "2026-03-02", km: 3.1), F.session(7, "2026-03-02", km: 9, activity: .walk)]
        var r = HabitReport(habit: habit, history: MotivationHistory(calendar: .utc, sessions: base), weekStart: .monday, day: today)
        XCTAssertEqual(r.currentStreak, 3)      // Wed 25, Fri 27, Mon 2; today still open
        XCTAssertEqual(r.longestStreak, 3)
        XCTAssertFalse(r.doneToday)
        XCTAssertEqual(r.lastDone, F.day("2026-03-02"))   // Monday; Sunday counted as done too
        XCTAssertEqual(r.mark(today), .pending)
        XCTAssertEqual(r.mark(F.day("2026-02-23")), .missed)
        XCTAssertEqual(r.mark(F.day("2026-02-28")), .unscheduled)
        r = HabitReport(habit: habit, history: MotivationHistory(calendar: .utc, sessions: base + [F.session(8, "2026-03-04", km: 5)]),
                        weekStart: .monday, day: today)
        XCTAssertEqual(r.currentStreak, 4)
        XCTAssertTrue(r.doneToday)
        // Missing Monday breaks it even while today is open.
        let missed = base.filter { $0.id != 6 }
        r = HabitReport(habit: habit, history: MotivationHistory(calendar: .utc, sessions: missed), weekStart: .monday, day: today)
        XCTAssertEqual(r.currentStreak, 0)
        XCTAssertEqual(r.longestStreak, 2)
        // Deleting Friday's session (a gap) splits the streak.
        r = HabitReport(habit: habit, history: MotivationHistory(calendar: .utc, sessions: base.filter { $0.id != 4 }), weekStart: .monday, day: today)
        XCTAssertEqual(r.currentStreak, 1)
    }

    func testWeeklyHabitDependsOnTheWeekStart() throws {
        let habit = try F.settings("[habit twice]\ndays = weekly:2\n").habits[0]
        let h = MotivationHistory(calendar: .utc, sessions: [F.session(1, "2026-02-24"), F.session(2, "2026-02-25"),
                                                             F.session(3, "2026-03-01"), F.session(4, "2026-03-02"),
                                                             F.session(5, "2026-03-02", "19:00")])   // same day: one completion
        let monday = HabitReport(habit: habit, history: h, weekStart: .monday, day: today)
        XCTAssertEqual(monday.currentStreak, 1)    // week of 02-23 has 3; this week 1 (still open)
        let sunday = HabitReport(habit: habit, history: h, weekStart: .sunday, day: today)
        XCTAssertEqual(sunday.currentStreak, 2)    // weeks of 02-22 (Tue, Wed) and 03-01 (Sun, Mon)
        XCTAssertEqual(sunday.doneDays.count, 4)
    }

    func testDaysFollowTheLocalZoneAcrossDST() throws {
        let berlin = try F.berlin()
        let habit = try F.settings("[habit late]\ndays = daily\n").habits[0]
        func at(_ id: UInt64, _ utc: String) -> SessionFacts {
            SessionFacts(id: id, start: UTCTime(rfc3339: utc)!.millisecondsSinceEpoch, activity: .run, distanceMeters: 1000)
        }
        // 00:30 local on 28, 29 (CET) and 30 March (CEST).
        let h = MotivationHistory(calendar: berlin, sessions: [at(1, "2026-03-27T23:30:00Z"), at(2, "2026-03-28T23:30:00Z"), at(3, "2026-03-29T22:30:00Z")])
        let r = HabitReport(habit: habit, history: h, weekStart: .monday, day: F.day("2026-03-30"))
        XCTAssertEqual(r.doneDays.map(LocalCalendar.dateString(day:)), ["2026-03-28", "2026-03-29", "2026-03-30"])
        XCTAssertEqual(r.currentStreak, 3)
        // Read in UTC the same sessions fall on 27, 28, 29: today is open, yesterday's streak of 3.
        let utc = HabitReport(habit: habit, history: MotivationHistory(calendar: .utc, sessions: h.sessions), weekStart: .monday, day: F.day("2026-03-30"))
        XCTAssertFalse(utc.doneToday)
    }

    func testInterruptedSessionsCountAndUndatedOnesAreSkipped() {
        var s = SessionSummary(activity: .run, start: UTCTime(rfc3339: "2026-03-04T07:00:00Z"), distanceMeters: 5000, interrupted: true)
        XCTAssertEqual(SessionFacts(s, id: 9)?.distanceMeters, 5000)
        s.start = nil
        XCTAssertNil(SessionFacts(s, id: 9))
    }
}
