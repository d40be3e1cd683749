/// The words and numbers of `strength` and `evaluate` (text and JSON), in one place.
public enum StrengthText {
    public static let poundsPerKilogram = 1 / StrengthSetEntry.kilogramsPerPound

    /// A weight in the display unit: `82.5 kg`, `181.9 lb`.
    public static func weight(_ kg: Double, _ units: UnitSystem) -> String {
        units == .metric ? StrengthSet.kilograms((kg * 10).rounded() / 10) + " kg" : UnitSystem.fixed(kg * poundsPerKilogram, 1) + " lb"
    }

    /// `+12.5 %`, `-3.0 %`.
    public static func percent(_ fraction: Double) -> String {
        (fraction >= 0 ? "+" : "-") + UnitSystem.fixed(abs(fraction) * 100, 1) + " %"
    }

    public static func warning(_ r: MuscleRecovery) -> String {
        let why = r.warning == .tooManyDays ? "trained on \(r.trainingDays) of the last 7 days" : "trained on consecutive days"
        return "\(r.muscle.rawValue) \(why): \(r.recoveryPercent.wholeText()) % recovered, give it a rest day"
    }

    // MARK: strength

    public static func strength(_ exercises: [ExerciseProgress], recovery: [MuscleRecovery], units: UnitSystem) -> String {
        var out = ""
        for p in exercises {
            out += "\(p.name)" + (p.muscle.map { " (\($0.rawValue))" } ?? "") + "\n"
            var rows = [["date", "sets", "top", "reps", "volume", "e1RM"]]
            for s in p.sessions.suffix(10) {
                rows.append([LocalCalendar.dateString(day: s.day), String(s.sets), weight(s.topWeight, units), String(s.totalReps),
                             weight(s.volume, units), weight(s.estimatedOneRepMax, units)])
            }
            let widths = [12, 5, 10, 5, 12, 10]
            for row in rows { out += "  " + zip(row, widths).map { UnitSystem.pad($0, $1) }.joined(separator: " ") + "\n" }
            func record(_ r: ExerciseProgress.Record?) -> String { r.map { "\(weight($0.value, units)) (\(LocalCalendar.dateString(day: $0.day)))" } ?? "-" }
            out += "  PR: top \(record(p.heaviest)), e1RM \(record(p.bestOneRepMax)), volume \(record(p.biggestVolume))\n"
            if let m = p.momentum { out += "  momentum \(percent(m)): \(StrengthRules.MomentumBand(m).rawValue)\n" }
            if let n = p.next {
                out += "  next: \(n.sets) × \(n.reps) at \(weight(n.weightKilograms, units))" + (n.increase ? " (up a step)" : "") + "\n"
            }
            out += "\n"
        }
        if exercises.isEmpty { out += "no sets logged\n\n" }
        out += "recovery (last 7 days)\n"
        for r in recovery {
            out += "  " + UnitSystem.pad(r.muscle.rawValue, 10) + UnitSystem.pad("\(r.trainingDays) d", 5)
                + UnitSystem.pad("\(r.recoveryPercent.wholeText()) %", 6) + (r.warning != nil ? "  ! " + warning(r) : "") + "\n"
        }
        return out
    }

    public static func strengthJSON(_ exercises: [ExerciseProgress], recovery: [MuscleRecovery], into w: inout JSONWriter) {
        func day(_ d: Int?) { w.value(d.map(LocalCalendar.dateString(day:))) }
        w.beginObject()
        w.key("exercises"); w.beginArray()
        for p in exercises {
            w.beginObject()
            w.key("exercise"); w.value(p.name)
            w.key("muscle"); w.value(p.muscle?.rawValue)
            w.key("body"); w.value(p.muscle.map { $0.isLowerBody ? "lower" : "upper" })
            w.key("sessions"); w.beginArray()
            for s in p.sessions { ExerciseSessionJSON.write(s, into: &w) }
            w.endArray()
            w.key("pr"); w.beginObject()
            for (key, r) in [("weight", p.heaviest), ("e1rm", p.bestOneRepMax), ("volume", p.biggestVolume)] {
                w.key(key + "_kg"); w.value(r?.value, decimals: 3)
                w.key(key + "_date"); day(r?.day)
            }
            w.endObject()
            w.key("momentum")
            if let m = p.momentum {
                w.beginObject()
                w.key("fraction"); w.value(m, decimals: 4)
                w.key("band"); w.value(StrengthRules.MomentumBand(m).rawValue)
                w.endObject()
            } else { w.null() }
            w.key("next")
            if let n = p.next {
                w.beginObject()
                w.key("weight_kg"); w.value(n.weightKilograms, decimals: 3)
                w.key("reps"); w.value(n.reps)
                w.key("sets"); w.value(n.sets)
                w.key("increase"); w.value(n.increase)
                w.endObject()
            } else { w.null() }
            w.endObject()
        }
        w.endArray()
        w.key("recovery"); w.beginArray()
        for r in recovery {
            w.beginObject()
            w.key("muscle"); w.value(r.muscle.rawValue)
            w.key("training_days_7d"); w.value(r.trainingDays)
            w.key("recovery_pct"); w.value(r.recoveryPercent, decimals: 1)
            w.key("last_trained"); day(r.lastDay)
            w.key("warning"); w.value(r.warning?.rawValue)
            w.endObject()
        }
        w.endArray()
        w.endObject()
    }

    // MARK: evaluate

    public static func evaluation(_ e: WorkoutEvaluation) -> String {
        guard !e.findings.isEmpty else { return "no \(e.activity.rawValue) session to evaluate\n" }
        var out = "\(e.activity.profile.title) session \(e.sessionID.map(String.init) ?? "-")"
            + (e.day.map { " on " + LocalCalendar.dateString(day: $0) } ?? "") + "\n"
        for f in e.findings { out += "  - \(f.text)\n" }
        return out
    }

    public static func evaluationJSON(_ e: WorkoutEvaluation, into w: inout JSONWriter) {
        w.beginObject()
        w.key("activity"); w.value(e.activity.rawValue)
        w.key("session"); w.value(e.sessionID.map(String.init))
        w.key("date"); w.value(e.day.map(LocalCalendar.dateString(day:)))
        w.key("findings"); w.beginArray()
        for f in e.findings {
            w.beginObject()
            w.key("kind"); w.value(f.kind)
            w.key("text"); w.value(f.text)
            w.key("value"); w.value(f.value, decimals: 4)
            w.endObject()
        }
        w.endArray()
        w.endObject()
    }
}
