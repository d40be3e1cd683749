import PacerCore
import PacerSystem

/// `journal-synth --sets N`: strength sessions holding N sets in all (4 exercises × 5 sets a
/// session, an A/B/C split of 12 catalogue exercises with slowly rising weights), each with
/// heart-rate samples and no position; `--sets-csv FILE` also writes every set as a CSV row
/// (session, time_ms, exercise, weight_kg, reps) for the benchmark's sqlite3 peer.
extension JournalSynthCommand {
    static let setsPerSession = 20

    static func writeStrength(sets total: Int, samples perSession: Int, spanDays: Double, writer: JournalWriter, csvPath: String?) throws {
        let split = [["Bench Press", "Incline Bench Press", "Dumbbell Fly", "Triceps Pushdown"],
                     ["Deadlift", "Barbell Row", "Pull-Up", "Barbell Curl"],
                     ["Squat", "Leg Press", "Romanian Deadlift", "Overhead Press"]]
        let base: [String: Double] = ["Bench Press": 70, "Incline Bench Press": 55, "Dumbbell Fly": 14, "Triceps Pushdown": 25,
                                      "Deadlift": 110, "Barbell Row": 60, "Pull-Up": 10, "Barbell Curl": 30,
                                      "Squat": 90, "Leg Press": 150, "Romanian Deadlift": 80, "Overhead Press": 40]
        let sessions = (total + setsPerSession - 1) / setsPerSession
        let spacing = (spanDays * 86_400_000).clampedInt64(.towardZero) / Int64(max(1, sessions))
        let day0 = UTCTime(year: 2023, month: 1, day: 2, hour: 17, minute: 30, second: 0)!.millisecondsSinceEpoch
        var rng: UInt64 = 0x2545_F491_4F6C_DD1D
        func random() -> Double {
            rng = rng &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(rng >> 11) / Double(1 << 53)
        }
        var csv = "session,time_ms,exercise,weight_kg,reps\n"
        var written = 0
        for n in 0..<sessions {
            let start = UTCTime(millisecondsSinceEpoch: day0 + Int64(n) * spacing)
            let id = try writer.beginSession(activity: .strength, start: start, config: "max_hr=188\nrest_hr=58")
            let seconds = 3600.0
            let step = seconds / Double(max(2, perSession) - 1)
            var log = StrengthSessionLog()
            var nextSample = 0
            let progress = Double(n) / Double(max(1, sessions))
            for (k, exercise) in split[n % 3].enumerated() {
                for s in 0..<5 where written < total {
                    let at = Double(k * 5 + s + 1) * 170
                    while nextSample < perSession, Double(nextSample) * step <= at {
                        let t = start.adding(milliseconds: (Double(nextSample) * step * 1000).clampedInt64(.towardZero))
                        writer.append(sample: SessionSample(time: t, distanceMeters: 0, heartRate: 95 + (random() * 60).clampedInt(.towardZero)))
                        nextSample += 1
                    }
                    let weight = ((base[exercise]! * (1 + 0.4 * progress) + random() * 5) * 2).rounded() / 2
                    let reps = 5 + (random() * 6).clampedInt(.towardZero)
                    let time = start.adding(milliseconds: (at * 1000).clampedInt64(.towardZero))
                    let set = log.log(StrengthSetEntry(exercise: exercise, muscle: ExerciseCatalogue.lookup(exercise)?.muscle,
                                                       weightKilograms: weight, reps: reps), at: time)
                    try writer.append(event: set.event)
                    if csvPath != nil { csv += "\(id),\(time.millisecondsSinceEpoch),\(exercise),\(StrengthSet.kilograms(weight)),\(reps)\n" }
                    written += 1
                }
            }
            while nextSample < perSession {
                let t = start.adding(milliseconds: (Double(nextSample) * step * 1000).clampedInt64(.towardZero))
                writer.append(sample: SessionSample(time: t, distanceMeters: 0, heartRate: 95 + (random() * 60).clampedInt(.towardZero)))
                nextSample += 1
            }
            let end = start.adding(milliseconds: (seconds * 1000).clampedInt64(.towardZero))
            try writer.endSession(summary: SessionSummary(activity: .strength, start: start, end: end, elapsedSeconds: seconds,
                                                          movingSeconds: seconds, heartRateAverage: 124, heartRateMax: 160,
                                                          calories: 350, trimp: 60 + 20 * random()))
        }
        try writer.commit()
        if let csvPath {
            let file = try JournalFile(path: csvPath, writable: true, create: true)
            try file.truncate(to: 0)
            try file.writeAll(Array(csv.utf8), at: 0)
        }
    }
}
