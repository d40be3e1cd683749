import XCTest
@testable import PacerCore

/// The set log's rules with hand-computed values, and the set log through the session core.
final class StrengthTests: XCTestCase {
    private let t0: Int64 = 1_790_000_000_000   // 2026-09-21T14:13:20Z

    // MARK: rules

    func testEpley() {
        // 100 × (1 + 10/30) = 133.33; 80 × (1 + 8/30) = 101.33; one rep is the weight × 31/30.
        XCTAssertEqual(StrengthRules.epley(weight: 100, reps: 10), 133.333, accuracy: 0.001)
        XCTAssertEqual(StrengthRules.epley(weight: 80, reps: 8), 101.333, accuracy: 0.001)
        XCTAssertEqual(StrengthRules.epley(weight: 60, reps: 1), 62, accuracy: 1e-9)
    }

    func testMomentumComparesTheLastFiveWithTheFiveBefore() {
        // 12 sessions: the 2 oldest are outside both windows. Before: 100..104 (mean 102),
        // recent: 110..130 step 5 (mean 120): 120/102 − 1 = 0.17647.
        let volumes: [Double] = [1, 1, 100, 101, 102, 103, 104, 110, 115, 120, 125, 130]
        XCTAssertEqual(StrengthRules.momentum(volumes)!, 120.0 / 102.0 - 1, accuracy: 1e-12)
        // Three sessions: k = 1, the last against the one before it: 90/100 − 1.
        XCTAssertEqual(StrengthRules.momentum([500, 100, 90])!, -0.1, accuracy: 1e-12)
        XCTAssertNil(StrengthRules.momentum([100]))
        XCTAssertNil(StrengthRules.momentum([0, 50]))
    }

    func testMomentumBands() {
        XCTAssertEqual(StrengthRules.MomentumBand(0.1501), .accelerating)
        XCTAssertEqual(StrengthRules.MomentumBand(0.15), .steady)
        XCTAssertEqual(StrengthRules.MomentumBand(0.05), .steady)
        XCTAssertEqual(StrengthRules.MomentumBand(0.0499), .holding)
        XCTAssertEqual(StrengthRules.MomentumBand(-0.10), .holding)
        XCTAssertEqual(StrengthRules.MomentumBand(-0.1001), .declining)
    }

    private func session(_ weight: Double, reps: [Int], id: UInt64 = 1) -> ExerciseSession {
        var s = ExerciseSession(sessionID: id, day: 0)
        for r in reps { s.add(weight: weight, reps: r, time: 0) }
        return s
    }

    func testNextSessionRule() {
        // Two sessions at 80 kg with every top set at 8 reps or more: +2.5 kg (upper body).
        let ready = [session(80, reps: [8, 9, 8]), session(80, reps: [8, 8, 10])]
        XCTAssertEqual(StrengthRules.next(after: ready, lowerBody: false),
                       NextSession(weightKilograms: 82.5, reps: 8, sets: 3, increase: true))
        // The same for legs: +5 kg.
        XCTAssertEqual(StrengthRules.next(after: ready, lowerBody: true)?.weightKilograms, 85)
        // One top set short of the target in the last session: same weight.
        let short = [session(80, reps: [8, 8, 8]), session(80, reps: [8, 8, 7])]
        XCTAssertEqual(StrengthRules.next(after: short, lowerBody: false),
                       NextSession(weightKilograms: 80, reps: 8, sets: 3, increase: false))
        // Only one session at the new weight: stay there.
        XCTAssertEqual(StrengthRules.next(after: [session(77.5, reps: [8]), session(80, reps: [8, 8])], lowerBody: false)?.increase, false)
        XCTAssertNil(StrengthRules.next(after: [], lowerBody: false))
        // The top weight's reps are the fewest among its sets, lighter sets do not count.
        var mixed = ExerciseSession(sessionID: 1, day: 0)
        mixed.add(weight: 60, reps: 12, time: 0); mixed.add(weight: 80, reps: 9, time: 0); mixed.add(weight: 80, reps: 6, time: 0)
        XCTAssertEqual(mixed.repsAtTopWeight, 6)
        XCTAssertEqual(mixed.volume, 60 * 12 + 80 * 15)
        XCTAssertEqual(mixed.estimatedOneRepMax, 80 * (1 + 9.0 / 30), accuracy: 1e-9)
    }

    private func row(_ hoursAgo: Double, _ muscle: MuscleGroup, _ weight: Double, _ reps: Int, now: Int64, log: inout StrengthLog, session: UInt64) {
        let time = UTCTime(millisecondsSinceEpoch: now - Int64(hoursAgo * 3_600_000))
        log.append(StrengthSet(number: log.rows.count + 1, time: time, exercise: "x-\(muscle.rawValue)", muscle: muscle,
                               weightKilograms: weight, reps: reps), session: session)
    }

    func testRecoveryDecaysWithA48HourTimeConstant() {
        // One leg day of 1000 kg 48 h ago: F = 1000 e^−1 = 367.88, V = 1000 → 63.21 % recovered.
        let now = t0
        var log = StrengthLog()
        row(48, .legs, 100, 10, now: now, log: &log, session: 1)
        let today = LocalCalendar.utc.day(milliseconds: now)
        let legs = MuscleRecovery.report(log, calendar: .utc, now: now, today: today).first { $0.muscle == .legs }!
        XCTAssertEqual(legs.recoveryPercent, 100 * (1 - exp(-1.0)), accuracy: 1e-9)
        XCTAssertEqual(legs.trainingDays, 1)
        XCTAssertNil(legs.warning)
        XCTAssertEqual(MuscleRecovery.report(log, calendar: .utc, now: now, today: today).first { $0.muscle == .chest }!.recoveryPercent, 100)
        // 96 h: 1 − e^−2 = 86.47 %.
        var older = StrengthLog()
        row(96, .legs, 100, 10, now: now, log: &older, session: 1)
        XCTAssertEqual(MuscleRecovery.report(older, calendar: .utc, now: now, today: today).first { $0.muscle == .legs }!.recoveryPercent,
                       100 * (1 - exp(-2.0)), accuracy: 1e-9)
    }

    func testRecoveryWarnings() {
        // Chest 24 h and 48 h ago (consecutive days, the last yesterday): F = 1000 (e^−0.5 + e^−1)
        // = 974.41 of V = 1000 → 2.56 %.
        let now = t0   // 14:13 UTC: 24 h and 48 h ago fall on the two days before
        let today = LocalCalendar.utc.day(milliseconds: now)
        var log = StrengthLog()
        row(48, .chest, 100, 10, now: now, log: &log, session: 1)
        row(24, .chest, 100, 10, now: now, log: &log, session: 2)
        let chest = MuscleRecovery.report(log, calendar: .utc, now: now, today: today).first { $0.muscle == .chest }!
        XCTAssertEqual(chest.warning, .consecutiveDays)
        XCTAssertEqual(chest.recoveryPercent, 100 * (1 - exp(-0.5) - exp(-1.0)), accuracy: 1e-9)
        // Back on 4 of the last 7 days, never two in a row: too many days.
        var back = StrengthLog()
        for d in [0.0, 2, 4, 6] { row(d * 24 + 1, .back, 50, 10, now: now, log: &back, session: UInt64(d + 1)) }
        let b = MuscleRecovery.report(back, calendar: .utc, now: now, today: today).first { $0.muscle == .back }!
        XCTAssertEqual(b.trainingDays, 4)
        XCTAssertEqual(b.warning, .tooManyDays)
        // Three days a week, with rest between: no warning.
        var fine = StrengthLog()
        for d in [0.0, 2, 4] { row(d * 24 + 1, .back, 50, 10, now: now, log: &fine, session: UInt64(d + 1)) }
        XCTAssertNil(MuscleRecovery.report(fine, calendar: .utc, now: now, today: today).first { $0.muscle == .back }!.warning)
    }

    // MARK: evaluation

    private func log(_ sessions: [[(String, Double, Int)]]) -> StrengthLog {
        var log = StrengthLog()
        for (k, sets) in sessions.enumerated() {
            for (i, s) in sets.enumerated() {
                let time = UTCTime(millisecondsSinceEpoch: t0 + Int64(k) * 4 * 86_400_000 + Int64(i) * 180_000)
                log.append(StrengthSet(number: i + 1, time: time, exercise: s.0, muscle: nil, weightKilograms: s.1, reps: s.2),
                           session: UInt64(k + 1))
            }
        }
        return log
    }

    private func kinds(_ l: StrengthLog) -> [String] {
        WorkoutEvaluation.strength(l, calendar: .utc, now: t0 + 100 * 86_400_000, today: 20_000).findings.map(\.kind)
    }

    func testEvaluationKinds() {
        let before = [("Bench Press", 80.0, 8), ("Bench Press", 80, 8)]
        XCTAssertEqual(kinds(log([before, [("Bench Press", 82.5, 8), ("Bench Press", 82.5, 9)]])).first, "progressive_overload")
        XCTAssertEqual(kinds(log([before, [("Bench Press", 82.5, 8), ("Bench Press", 82.5, 8)]])).first, "strength")
        XCTAssertEqual(kinds(log([before, [("Bench Press", 80, 9), ("Bench Press", 80, 8)]])).first, "endurance")
        XCTAssertEqual(kinds(log([before, [("Bench Press", 80, 8), ("Bench Press", 80, 8)]])).first, "maintenance")
        XCTAssertEqual(kinds(log([before])).first, "first_session")
        // Overload: 1402.5 vs 1280 kg of volume, +9.57 %; momentum k = 1, the same fraction, steady.
        let e = WorkoutEvaluation.strength(log([before, [("Bench Press", 82.5, 8), ("Bench Press", 82.5, 9)]]), calendar: .utc,
                                           now: t0 + 100 * 86_400_000, today: 20_000)
        XCTAssertEqual(e.findings.map(\.kind), ["progressive_overload", "volume_up", "momentum_steady"])
        XCTAssertEqual(e.findings[1].value!, 1402.5 / 1280 - 1, accuracy: 1e-12)
        XCTAssertEqual(e.findings[1].text, "volume 1402.5 kg vs 1280 kg (+9.6 %)")
        XCTAssertEqual(e.sessionID, 2)
        // The main exercise is the latest session's largest volume: squat here, not the curl.
        let mixed = log([[("Squat", 100, 5)], [("Barbell Curl", 30, 10), ("squat", 95, 5)]])
        XCTAssertTrue(WorkoutEvaluation.strength(mixed, calendar: .utc, now: t0 + 100 * 86_400_000, today: 20_000)
            .findings[0].text.hasPrefix("Squat: top 95 kg"))
    }

    func testEnduranceEvaluation() {
        // 10 km in 3000 s at 150 bpm, then 10 km in 2900 s at 152 bpm: pace 5:00 → 4:50 /km,
        // efficiency 200/150 = 1.3333 → (10000/2900·60)/152 = 1.3612 m/min per bpm, +2.09 %.
        let rows = [WorkoutEvaluation.SessionRow(id: 1, start: t0, activity: .run, distance: 10_000, moving: 3000, heartRateAverage: 150, trimp: 100),
                    WorkoutEvaluation.SessionRow(id: 2, start: t0 + 86_400_000, activity: .run, distance: 3000, moving: 900, heartRateAverage: 140, trimp: 30),
                    WorkoutEvaluation.SessionRow(id: 3, start: t0 + 2 * 86_400_000, activity: .run, distance: 10_000, moving: 2900, heartRateAverage: 152, trimp: 110)]
        let e = WorkoutEvaluation.endurance(rows, activity: .run, calendar: .utc, tsb: -15)
        XCTAssertEqual(e.findings.map(\.kind), ["pace_faster", "efficiency_up", "momentum_accelerating", "load_productive"])
        XCTAssertEqual(e.findings[0].value!, -10, accuracy: 1e-9)
        let efficiencyAfter: Double = 10_000.0 / 2900 * 60 / 152, efficiencyBefore: Double = 10_000.0 / 3000 * 60 / 150
        XCTAssertEqual(e.findings[1].value!, efficiencyAfter / efficiencyBefore - 1, accuracy: 1e-12)
        // Momentum k = 1: the last 10 km against the 3 km before it.
        XCTAssertEqual(e.findings[2].value!, 10_000.0 / 3000 - 1, accuracy: 1e-12)
    }

    // MARK: the set and its journal form

    func testSetDetailRoundTripsAndDocumentedForm() {
        let set = StrengthSet(number: 3, time: UTCTime(millisecondsSinceEpoch: t0), exercise: "Bench Press", muscle: .chest,
                              weightKilograms: 82.5, reps: 8, heartRateAverage: 141, heartRateMax: 156, restSeconds: 95)
        XCTAssertEqual(set.event, .marker(time: set.time, kind: "set", detail: "3 82.5 8 chest 141 156 95 Bench Press"))
        XCTAssertEqual(StrengthSet(set.event), set)
        let bare = StrengthSet(number: 1, time: set.time, exercise: "My  odd lift", muscle: nil, weightKilograms: 33.75, reps: 12)
        XCTAssertEqual(bare.event, .marker(time: set.time, kind: "set", detail: "1 33.75 12 - - - - My  odd lift"))
        XCTAssertEqual(StrengthSet(bare.event), bare)
        XCTAssertNil(StrengthSet(.marker(time: set.time, kind: "set", detail: "1 x 8 - - - - Squat")))
        XCTAssertEqual(StrengthSet.sets(in: [set.event, bare.event, StrengthSet.undoEvent(number: 3, time: set.time)]), [bare])
        // Through the record codec unchanged (an event record, type 6).
        var frame: [UInt8] = []
        JournalRecord.event(set.event).appendFrame(to: &frame)
        XCTAssertEqual(frame[0], 6, "a format 3 long frame starts with its record type")
    }

    func testBadInputIsRefused() {
        func message(_ e: StrengthSetEntry) -> String? {
            do { _ = try e.validated(); return nil } catch { return error.description }
        }
        XCTAssertEqual(message(.init(exercise: "Squat", weightKilograms: 0, reps: 5)), "weight must be more than 0 and at most 1000 kg")
        XCTAssertEqual(message(.init(exercise: "Squat", weightKilograms: 1000.5, reps: 5)), "weight must be more than 0 and at most 1000 kg")
        XCTAssertEqual(message(.init(exercise: "Squat", weightKilograms: .nan, reps: 5)), "weight must be more than 0 and at most 1000 kg")
        XCTAssertEqual(message(.init(exercise: "Squat", weightKilograms: 5e-324, reps: 5)), "weight must be more than 0 and at most 1000 kg",
                       "less than the journal's gram is 0")
        XCTAssertEqual(message(.init(exercise: "Squat", weightKilograms: 100, reps: 0)), "reps must be 1 to 1000")
        XCTAssertEqual(message(.init(exercise: "Squat", weightKilograms: 100, reps: 1001)), "reps must be 1 to 1000")
        XCTAssertEqual(message(.init(exercise: "  ", weightKilograms: 100, reps: 5)), "the exercise name is empty")
        XCTAssertNil(message(.init(exercise: "Squat", weightKilograms: 1000, reps: 1000)))
        // Catalogue names are matched case-insensitively and take the catalogue's spelling and group.
        let known = try! StrengthSetEntry(exercise: " bench press ", weightKilograms: 80, reps: 8).validated()
        XCTAssertEqual(known.exercise, "Bench Press")
        XCTAssertEqual(known.muscle, .chest)
        XCTAssertEqual(try! StrengthSetEntry(exercise: "Zercher carry", weightKilograms: 80, reps: 8).validated().muscle, nil)
    }

    func testSetRequestOnTheSocket() throws {
        let line = Array(#"{"cmd":"set","exercise":"Bench Press","muscle":"chest","weight_kg":80,"reps":8}"#.utf8)
        XCTAssertEqual(try ClientRequest(line: line), .set(StrengthSetEntry(exercise: "Bench Press", muscle: .chest, weightKilograms: 80, reps: 8)))
        XCTAssertEqual(try ClientRequest(line: ClientRequest.set(.init(exercise: "Squat", weightKilograms: 102.5, reps: 5)).line),
                       .set(.init(exercise: "Squat", weightKilograms: 102.5, reps: 5)))
        XCTAssertEqual(try ClientRequest(line: Array(#"{"cmd":"set","undo":true}"#.utf8)), .setUndo)
        XCTAssertTrue(ClientRequest.setUndo.isControl)
        func message(_ s: String) -> String? {
            do { _ = try ClientRequest(line: Array(s.utf8)); return nil } catch { return error.message }
        }
        XCTAssertEqual(message(#"{"cmd":"set","exercise":"Squat","weight_kg":"80","reps":8}"#), "\"weight_kg\" must be a number")
        XCTAssertEqual(message(#"{"cmd":"set","exercise":"Squat","weight_kg":80,"reps":8.5}"#), "\"reps\" must be a whole number")
        XCTAssertEqual(message(#"{"cmd":"set","weight_kg":80,"reps":8}"#), "\"exercise\" must be a string")
        XCTAssertEqual(message(#"{"cmd":"set","exercise":"Squat","muscle":"toes","weight_kg":80,"reps":8}"#),
                       "\"muscle\" must be one of chest, back, legs, arms, shoulders, core")
    }

    // MARK: through the session core

    private func heartRate(_ bpm: UInt8) -> [UInt8] { [0x06, bpm] }   // contact detected, uint8 bpm

    func testStrengthSessionRecordsHeartRateAndSetsWithoutPosition() throws {
        var recorder = SessionRecorder(settings: .init(config: PacerConfig(), activity: .run))
        var journal: [JournalEntry] = []
        let sink: (RecorderOutput) -> Void = { if case .journal(let e) = $0 { journal.append(e) } }
        let base = t0
        func at(_ s: Double) -> InputInstant {
            InputInstant(monotonic: MonotonicInstant(seconds: s), systemTime: UTCTime(millisecondsSinceEpoch: base + Int64(s * 1000)))
        }
        // Idle: a set is refused.
        XCTAssertThrowsError(try recorder.logSet(.init(exercise: "Squat", weightKilograms: 100, reps: 5), at: at(0)).outputs.forEach(sink)) {
            XCTAssertEqual(($0 as? StrengthSetError)?.description, "no session is being recorded: start one with 'pacerctl start strength'")
        }
        try recorder.command(.start(.strength), at: at(0), emit: sink)
        // A GPS with fixes indoors: the session takes no position from it.
        for s in 1...100 {
            let fix = GNSSFix(time: UTCTime(millisecondsSinceEpoch: base + Int64(s) * 1000), mode: .threeD, latitude: 47 + Double(s) * 1e-4,
                              longitude: 8, altitudeMSL: 400, speed: 3, hdop: 1, satellitesUsed: 9)
            recorder.fix(fix, at: at(Double(s) + 0.05), emit: sink)
            // 100 bpm until 60 s, then 130..149 while the set of 8 reps (24 s) ends at 80 s.
            let bpm: UInt8 = s <= 60 ? 100 : UInt8(130 + (s - 61))
            recorder.notification(characteristic: 0x2A37, payload: heartRate(bpm), at: at(Double(s) + 0.5)).outputs.forEach(sink)
            if s == 30 { try recorder.logSet(.init(exercise: "squat", weightKilograms: 100, reps: 5), at: at(30.6)).outputs.forEach(sink) }
            if s == 80 { try recorder.logSet(.init(exercise: "Squat", weightKilograms: 100, reps: 8), at: at(80.6)).outputs.forEach(sink) }
        }
        XCTAssertThrowsError(try recorder.logSet(.init(exercise: "Squat", weightKilograms: -1, reps: 5), at: at(100.6)).outputs.forEach(sink))
        XCTAssertEqual(try recorder.undoSet(at: at(100.7), emit: sink), 2)
        try recorder.command(.stop, at: at(101), emit: sink)

        let samples = journal.compactMap { if case .sample(let s) = $0 { s } else { nil } }
        XCTAssertGreaterThan(samples.count, 90)
        XCTAssertTrue(samples.allSatisfy { $0.latitude == nil && $0.distanceMeters == 0 })
        // The values run 130 + (s − 61) bpm. The one sent at 100.5 s (logged before the stop came)
        // is the session's last reading: the stop ends it after every notification in its log.
        // The last whole second's sample, 100 s, holds the one before it.
        XCTAssertEqual(samples.last?.heartRate, 168)
        let sets = journal.compactMap { if case .event(let e) = $0 { StrengthSet(e) } else { nil } }
        XCTAssertEqual(sets.count, 2)
        // Commands land on the live receiver's timeline: the latest fix, at s + 0.05 (the first fix
        // re-anchored the receiver 50 ms onto the session's system-clock start).
        // Set 1 logged at 30.05 s, 5 reps = 15 s from 15.05 s: the values at 15.5 ... 29.5 s, all 100 bpm.
        XCTAssertEqual(sets[0].number, 1)
        XCTAssertEqual(sets[0].exercise, "Squat")
        XCTAssertEqual(sets[0].muscle, .legs)
        XCTAssertEqual(sets[0].heartRateAverage, 100)
        XCTAssertNil(sets[0].restSeconds)
        // Set 2 logged at 80.05 s, 8 reps = 24 s from 56.05 s: 56.5..60.5 at 100 (5 values),
        // 61.5..79.5 at 130..148 (19): (500 + 19·139) / 24 = 130.9 → 131; max 148; rest 56.05 − 30.05 = 26 s.
        XCTAssertEqual(sets[1].heartRateAverage, 131)
        XCTAssertEqual(sets[1].heartRateMax, 148)
        XCTAssertEqual(sets[1].restSeconds, 26)
        let undo = journal.compactMap { if case .event(let e) = $0 { StrengthSet.undoneNumber(e) } else { nil } }
        XCTAssertEqual(undo, [2])
        guard case .end(let summary)? = journal.last else { return XCTFail("no end") }
        XCTAssertEqual(summary.activity, .strength)
        XCTAssertEqual(summary.distanceMeters, 0)
        XCTAssertNotNil(summary.trimp)
        XCTAssertNotNil(summary.calories)
        XCTAssertEqual(summary.heartRateMax, 169)
        XCTAssertEqual(summary.elapsedSeconds, 100.5, accuracy: 0.001)
        // A run refuses sets.
        try recorder.command(.start(.run), at: at(200), emit: sink)
        XCTAssertThrowsError(try recorder.logSet(.init(exercise: "Squat", weightKilograms: 100, reps: 5), at: at(201)).outputs.forEach(sink)) {
            XCTAssertEqual(($0 as? StrengthSetError)?.description, "sets are logged in a strength session, not in a run session")
        }
    }

    func testASetEnteredAfterwardsRestsFromTheSetBeforeItInTime() {
        let at = { (minute: Int64) in UTCTime(millisecondsSinceEpoch: self.t0 + minute * 60_000) }
        let earlier = [StrengthSet(number: 1, time: at(0), exercise: "Squat", muscle: .legs, weightKilograms: 100, reps: 5),
                       StrengthSet(number: 2, time: at(10), exercise: "Squat", muscle: .legs, weightKilograms: 100, reps: 5)]
        var log = StrengthSessionLog(events: earlier.map(\.event))
        // Logged for minute 6: 5 reps = 15 s from 5:45, rest from the set at minute 0: 345 s; number 3.
        let late = log.log(StrengthSetEntry(exercise: "Squat", weightKilograms: 100, reps: 5), at: at(6))
        XCTAssertEqual(late.number, 3)
        XCTAssertEqual(late.restSeconds, 345)
        // The next live set rests from the latest set in time (minute 10): 12:00 − 15 s − 10:00 = 105 s.
        XCTAssertEqual(log.log(StrengthSetEntry(exercise: "Squat", weightKilograms: 100, reps: 5), at: at(12)).restSeconds, 105)
    }

    func testUnattendedRecordingNeverStartsASessionWithoutATrack() throws {
        XCTAssertThrowsError(try PacerConfig(parsing: "[unattended]\nactivity = strength\n", file: "pacer.conf")) {
            let e = $0 as? ConfigError
            XCTAssertEqual(e?.line, 2)
            XCTAssertEqual(e?.message, "a strength session is started by command, not by movement: use run, walk, ride or auto")
        }
        XCTAssertEqual(try PacerConfig(parsing: "[unattended]\nactivity = ride\n", file: "pacer.conf").unattended.activity, .ride)
        XCTAssertEqual(Activity.allCases.map(\.profile.journalCode), [0, 1, 2, 3, 4])
        // One row per activity (`profile` takes the first row that matches).
        XCTAssertEqual(ActivityProfile.table.map(\.activity), Activity.allCases)
        XCTAssertEqual(ActivityProfile.activity(journalCode: 3), .strength)
        XCTAssertNil(ActivityProfile.activity(journalCode: 9))
    }

    // MARK: journal

    func testAnEndedSessionGainsASetThroughReopenedAndASupersedingEnd() throws {
        let start = UTCTime(millisecondsSinceEpoch: t0)
        let set1 = StrengthSet(number: 1, time: start, exercise: "Squat", muscle: .legs, weightKilograms: 100, reps: 5)
        let set2 = StrengthSet(number: 2, time: UTCTime(millisecondsSinceEpoch: t0 + 600_000), exercise: "Squat", muscle: .legs,
                               weightKilograms: 105, reps: 5)
        var first = SessionSummary(activity: .strength, start: start, end: start)
        first.elapsedSeconds = 0
        var second = first
        second.elapsedSeconds = 600
        var bytes = JournalFormat.segmentHeader(number: 1)
        JournalRecord.sessionStart(id: 7, activity: .strength, start: start, config: "").appendFrame(to: &bytes)
        JournalRecord.event(set1.event).appendFrame(to: &bytes)
        JournalRecord.sessionEnd(id: 7, summary: first).appendFrame(to: &bytes)
        JournalRecord.reopened(id: 7, time: set2.time).appendFrame(to: &bytes)
        JournalRecord.event(set2.event).appendFrame(to: &bytes)
        JournalRecord.sessionEnd(id: 7, summary: second).appendFrame(to: &bytes)
        var assembler = JournalAssembler()
        var done: [JournalSession] = []
        var builder = StrengthLogBuilder()
        let result = bytes.withUnsafeBytes { raw in
            JournalScanner.scan(raw) { type, payload, offset in
                if let s = try! assembler.consume(type: type, payload: payload, segment: 1, offset: offset) { done.append(s) }
                if let r = try! JournalRecord.decode(type: type, payload: payload) { builder.consume(r) }
                return true
            }
        }
        XCTAssertEqual(result.end, .clean)
        XCTAssertEqual(done.map(\.id), [7, 7])
        XCTAssertEqual(done.map(\.isContinuation), [false, true])
        XCTAssertEqual(done[1].summary?.elapsedSeconds, 600)
        XCTAssertEqual(done[1].activity, .strength)
        XCTAssertEqual(builder.finish().sets(session: 7), [set1, set2])
    }

    func testStrengthIndexRoundTrips() {
        var log = StrengthLog()
        log.append(StrengthSet(number: 1, time: UTCTime(millisecondsSinceEpoch: t0), exercise: "bench press", muscle: nil,
                               weightKilograms: 82.5, reps: 8, heartRateAverage: 140, heartRateMax: 155, restSeconds: 90), session: 3)
        log.append(StrengthSet(number: 2, time: UTCTime(millisecondsSinceEpoch: t0 + 1000), exercise: "Zercher carry", muscle: .core,
                               weightKilograms: 60, reps: 1), session: 3)
        let sizes = [HistoryIndex.SegmentSize(number: 1, size: 1234)]
        let bytes = log.encode(segments: sizes)
        var read: [HistoryIndex.SegmentSize] = []
        let back = bytes.withUnsafeBytes { StrengthLog.decode($0, segments: &read) }
        XCTAssertEqual(read, sizes)
        XCTAssertEqual(back?.rows, log.rows)
        XCTAssertEqual(back?.exercises, ["Bench Press", "Zercher carry"])
        XCTAssertEqual(back?.sets(session: 3).first?.muscle, .chest)   // the catalogue's group, stored with the set
        XCTAssertEqual(back?.sets(session: 3).first?.effectiveMuscle, .chest)
        var damaged = bytes
        damaged[40] ^= 1
        XCTAssertNil(damaged.withUnsafeBytes { StrengthLog.decode($0, segments: &read) })
    }
}
