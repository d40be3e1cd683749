import XCTest
@testable import PacerCore

final class AwardsAndLoadTests: XCTestCase {
    typealias F = MotivationFixtures

    func ledger(_ sessions: [SessionFacts], _ config: String = "", calendar: LocalCalendar = .utc, through: String = "2026-12-31") throws -> AwardLedger {
        AwardLedger(history: MotivationHistory(calendar: calendar, sessions: sessions), settings: try F.settings(config), through: F.day(through))
    }

    func testMilestonesAndTheSessionThatEarnedThem() throws {
        let l = try ledger([F.session(1, "2026-03-01", km: 6, minutes: 40), F.session(2, "2026-03-02", km: 4.5, minutes: 70),
                            F.session(3, "2026-03-03", km: 30, minutes: 90, activity: .ride)])
        XCTAssertEqual(l.earned.map(\.id), ["first-run", "single-5k", "distance-10km", "duration-1h", "first-ride"])
        XCTAssertEqual(l.earned.map(\.session), [1, 1, 2, 2, 3])
        XCTAssertEqual(l.earned[0].earnedAt, UTCTime(rfc3339: "2026-03-01T07:40:00Z"))
        let next = Dictionary(uniqueKeysWithValues: l.next.map { ($0.family, $0) })
        XCTAssertEqual(next["distance"]?.id, "distance-50km")
        XCTAssertEqual(next["distance"]?.progress ?? 0, 40.5, accuracy: 1e-9)
        XCTAssertEqual(next["first"]?.id, "first-walk")
        XCTAssertEqual(next["single"]?.id, "single-10k")   // the 30 km ride is not on foot
        XCTAssertEqual(next["duration"]?.id, "duration-2h")
    }

    func testDeletingTheEarningSessionRevokesAndOrderDoesNotMatter() throws {
        let a = F.session(1, "2026-03-01", km: 6), b = F.session(2, "2026-03-05", km: 7)
        let both = try ledger([b, a])
        XCTAssertEqual(both.earned.first?.session, 1)
        XCTAssertEqual(both.earned, try ledger([a, b]).earned)
        let without = try ledger([b])
        XCTAssertEqual(without.earned.first { $0.id == "first-run" }?.session, 2)
        XCTAssertEqual(try ledger([a, b], through: "2026-03-04").earned.map(\.session), [1, 1])   // --today before b
    }

    func testPersonalRecordsOnlyWhenBroken() throws {
        let l = try ledger([F.session(1, "2026-03-01", best: [300, 1600]), F.session(2, "2026-03-02", best: [310, 1500]),
                            F.session(3, "2026-03-03", best: [290, nil]), F.session(4, "2026-03-04", best: [280]).with(activity: .walk)])
        XCTAssertEqual(l.earned.filter { $0.family == "record" }.map(\.id), ["pr-run-5 km-2", "pr-run-1 km-3"])
    }

    func testEarlyStartIsLocalTime() throws {
        let plusOne = LocalCalendar(initialOffset: 3600)
        XCTAssertFalse(try ledger([F.session(1, "2026-03-01", "06:30", offsetHours: 0)], calendar: plusOne).earned.contains { $0.id == "early-start" })
        let early = try ledger([F.session(1, "2026-03-01", "05:30", offsetHours: 1)], calendar: plusOne)
        XCTAssertEqual(early.earned.first { $0.id == "early-start" }?.value, 5.5)
    }

    func testGoalAndHabitStreakAwardsAndWeeklyGoals() throws {
        let config = "[goals]\ndaily_distance_km = 5\nweekly_sessions = 2\n[habit daily-run]\ndays = daily\n"
        var sessions: [SessionFacts] = []
        let first = F.day("2026-02-02")   // a Monday
        for k in 0..<28 where k != 9 {      // day 9 missing: the goal streak restarts on day 10
            sessions.append(F.session(UInt64(k + 1), LocalCalendar.dateString(day: first + k), km: 5))
        }
        let l = try ledger(sessions, config, through: "2026-03-01")
        let streak = l.earned.filter { $0.family == "goal-streak" }
        XCTAssertEqual(streak.map(\.id), ["goal-streak-7", "goal-streak-7"])   // days 0-6 and 10-16
        XCTAssertEqual(streak.map(\.session), [7, 17])
        XCTAssertEqual(l.earned.filter { $0.family == "habit-daily-run-streak" }.map(\.session), [7, 17])
        XCTAssertEqual(l.earned.first { $0.id == "weekly-goals-4" }?.session, 23)   // 2nd session of week 4 (day 22)
        XCTAssertEqual(l.next.first { $0.family == "goal-streak" }?.progress, 18)   // days 10...27
    }

    func testTrainingLoadByHand() throws {
        let settings = try F.settings("")
        let h = MotivationHistory(calendar: .utc, sessions: [F.session(1, "2026-03-01", trimp: 60), F.session(2, "2026-03-01", "18:00", trimp: 40),
                                                             F.session(3, "2026-03-03", trimp: 50), F.session(4, "2026-03-03", trimp: nil)])
        let rows = TrainingLoad.days(h, settings: settings, through: F.day("2026-03-04"))
        XCTAssertEqual(rows.map(\.stress), [100, 0, 50, 0])
        XCTAssertEqual(rows[0].ctl, 2.3528313347756735, accuracy: 1e-12)
        XCTAssertEqual(rows[0].atl, 13.312210024981841, accuracy: 1e-12)
        XCTAssertEqual(rows[0].tsb, 0)
        XCTAssertEqual(rows[1].ctl, 2.2974731818766507, accuracy: 1e-12)
        XCTAssertEqual(rows[1].tsb, -10.959378690206167, accuracy: 1e-12)
        XCTAssertEqual(rows[2].ctl, 2.2974731818766507 * exp(-1 / 42) + 50 * (1 - exp(-1 / 42)), accuracy: 1e-12)
        XCTAssertEqual(TrainingLoad.days(h, settings: settings, through: F.day("2026-02-28")), [])
        let fast = try F.settings("[load]\nctl_days = 7\natl_days = 7\n")
        XCTAssertTrue(TrainingLoad.days(h, settings: fast, through: F.day("2026-03-04")).allSatisfy { abs($0.ctl - $0.atl) < 1e-12 })
        XCTAssertEqual(TrainingLoad.Reading(tsb: -31), .fatigued)
        XCTAssertEqual(TrainingLoad.Reading(tsb: -30), .productive)
        XCTAssertEqual(TrainingLoad.Reading(tsb: -10), .fresh)
        XCTAssertEqual(TrainingLoad.Reading(tsb: 25.5), .detraining)
    }

    func testConfigErrorsNameFileLineAndKey() {
        func error(_ text: String) -> String {
            do { _ = try PacerConfig(parsing: text, file: "/etc/pacer/pacer.conf"); return "no error" } catch { return "\(error)" }
        }
        XCTAssertEqual(error("[habit run]\nactivity = run\ndays = mon,funday\n"),
                       "/etc/pacer/pacer.conf:3: habit run.days: unknown day 'funday' (mon,tue,wed,thu,fri,sat,sun, daily or weekly:N)")
        XCTAssertEqual(error("[goals]\n\ndaily_distance_km = -5\n"),
                       "/etc/pacer/pacer.conf:3: goals.daily_distance_km: a goal must be above 0 (and at most 1000000), not -5")
        XCTAssertEqual(error("[habit a]\nremind_at = 25:00\n"),
                       "/etc/pacer/pacer.conf:2: habit a.remind_at: '25:00' is not a time of day HH:MM (00:00...23:59)")
        XCTAssertTrue(error("[habit a]\nmin_minutes = -1\n").hasPrefix("/etc/pacer/pacer.conf:2: habit a.min_minutes:"))
        XCTAssertTrue(error("[habit a]\ndays = weekly:9\n").contains("weekly:N needs N in 1...7"))
        XCTAssertTrue(error("[habit a]\n[habit a]\n").hasPrefix("/etc/pacer/pacer.conf:2: habit 'a' is defined twice"))
        XCTAssertTrue(error("[goals]\ndaily_floors = 3\n").contains("goals.daily_floors: unknown key"))
        XCTAssertTrue(error("[goals]\nweek_starts = friday\n").contains("goals.week_starts"))
    }

    func testConfigReadsEveryKey() throws {
        let s = try F.settings("""
        [goals]
        week_starts = sunday
        daily_distance_km = 5
        daily_distance_km.run = 3
        weekly_sessions = 4
        [habit morning-run]
        activity = run
        days = mon,wed,fri
        min_distance_km = 3
        remind_at = 07:30
        [habit gym]
        activity = strength
        days = weekly:2
        min_minutes = 20
        [load]
        ctl_days = 28
        """)
        XCTAssertEqual(s.weekStart, .sunday)
        XCTAssertEqual(s.dailyGoals.map(\.name), ["distance_km", "distance_km.run"])
        XCTAssertEqual(s.weeklyGoals.first?.target, 4)
        XCTAssertEqual(s.habits.map(\.name), ["morning-run", "gym"])
        XCTAssertEqual(s.habits[0].schedule, .days([0, 2, 4]))
        XCTAssertEqual(s.habits[0].remindAt, 7 * 60 + 30)
        XCTAssertEqual(s.habits[0].minimumDistanceMeters, 3000)
        XCTAssertEqual(s.habits[1].schedule, .weekly(2))
        XCTAssertEqual(s.habits[1].minimumMovingSeconds, 1200)
        XCTAssertEqual(s.ctlDays, 28)
        XCTAssertEqual(s.atlDays, 7)
    }
}

extension SessionFacts {
    func with(activity: Activity) -> SessionFacts { var s = self; s.activity = activity; return s }
}
