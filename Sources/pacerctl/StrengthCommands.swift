import PacerCore
import PacerSystem

/// `set`, `exercises`, `strength`, `evaluate`: the set log and what it says.
enum StrengthCommands {
    static let set = Subcommand(name: "set", usage: "set EXERCISE WEIGHT REPS [--muscle M] [--unit kg|lb] | set --undo "
                                + "[--socket PATH] [--journal DIR [--at RFC3339]] [--json]",
                                summary: "log a set in pacerd's strength session (or offline into the journal's session of that day)") { argv in
        let args = try CommandArguments(argv, flags: ["undo", "json"], options: DaemonClientOptions.options.union(["muscle", "unit", "journal", "at"]))
        let entry = args.flag("undo") ? nil : try StrengthCommands.entry(args)
        if args.flag("undo"), let extra = args.positionals.first { throw UsageError("unexpected argument '\(extra)'") }
        if let journal = args.option("journal") {
            var time = JournalWriter.wallClock()
            if let text = args.option("at") {
                guard let t = UTCTime(rfc3339: text) else { throw UsageError("--at must be an RFC 3339 time such as 2026-03-01T18:30:00Z, not '\(text)'") }
                time = t
            }
            let result: OfflineSetLog.Result
            do {
                result = try OfflineSetLog.append(entry, at: time, calendar: SystemTimeZone.calendar(), journal: journal)
            } catch let error as StrengthSetError {
                printError("pacerctl set: \(error.description)")
                return 1
            }
            let line = result.set.map { StrengthSetReply.line($0, session: String(result.session)) }
                ?? StrengthSetReply.undoLine(number: result.undone ?? 0, session: String(result.session))
            return try DaemonCommands.printSet(try JSONValue.parse(line.dropLast()), json: args.flag("json"))
        }
        guard args.option("at") == nil else { throw UsageError("--at needs --journal (pacerd logs a set at the time it gets it)") }
        let options = try DaemonClientOptions(args)
        let connection = try options.connect()
        try connection.send((entry.map { ClientRequest.set($0) } ?? .setUndo).line)
        guard let reply = try connection.readReply(classes: ["ACK", "ERROR"], timeout: 5) else { throw DaemonClientError("no reply from pacerd") }
        return try DaemonCommands.printSet(reply, json: options.json)
    }

    private static func entry(_ args: CommandArguments) throws -> StrengthSetEntry {
        guard args.positionals.count == 3 else { throw UsageError("give EXERCISE WEIGHT REPS (quote a name with spaces)") }
        let p = args.positionals
        guard let weight = Double(p[1]), weight.isFinite else { throw UsageError("weight '\(p[1])' is not a number") }
        guard let reps = Int(p[2]) else { throw UsageError("reps '\(p[2])' is not a whole number") }
        var muscle: MuscleGroup?
        if let name = args.option("muscle") {
            guard let m = MuscleGroup(name: name) else { throw UsageError("--muscle must be one of \(MuscleGroup.names)") }
            muscle = m
        }
        let factor: Double
        switch args.option("unit") ?? "kg" {
        case "kg": factor = 1
        case "lb": factor = StrengthSetEntry.kilogramsPerPound
        case let other: throw UsageError("--unit must be kg or lb, not '\(other)'")
        }
        let entry = StrengthSetEntry(exercise: p[0], muscle: muscle, weightKilograms: weight * factor, reps: reps)
        do { return try entry.validated() } catch { throw UsageError(error.description) }
    }

    static let exercises = Subcommand(name: "exercises", usage: "exercises [--muscle M] [--json]",
                                      summary: "the built-in exercise catalogue by muscle group") { argv in
        let args = try CommandArguments(argv, flags: ["json"], options: ["muscle"])
        var muscle: MuscleGroup?
        if let name = args.option("muscle") {
            guard let m = MuscleGroup(name: name) else { throw UsageError("--muscle must be one of \(MuscleGroup.names)") }
            muscle = m
        }
        let list = ExerciseCatalogue.exercises(of: muscle)
        let out = BufferedOutput()
        if args.flag("json") {
            var w = JSONWriter()
            w.beginArray()
            for e in list {
                w.beginObject()
                w.key("exercise"); w.value(e.name)
                w.key("muscle"); w.value(e.muscle.rawValue)
                w.key("body"); w.value(e.muscle.isLowerBody ? "lower" : "upper")
                w.endObject()
            }
            w.endArray()
            try out.write(String(decoding: w.bytes, as: UTF8.self) + "\n")
        } else {
            for e in list { try out.write(UnitSystem.pad(e.muscle.rawValue, 9) + "  " + (e.muscle.isLowerBody ? "lower" : "upper") + "  " + e.name + "\n") }
        }
        try out.flush()
        return 0
    }

    static let strength = Subcommand(name: "strength", usage: "strength [EXERCISE] " + JournalReportOptions.usage,
                                     summary: "per exercise: sessions, records, momentum, next session; recovery per muscle group") { argv in
        let args = try CommandArguments(argv, flags: JournalReportOptions.flags, options: JournalReportOptions.options)
        // Checked before the options are read: a second EXERCISE is reported before a bad option value.
        guard args.positionals.count <= 1 else { throw UsageError("give at most one EXERCISE (quote a name with spaces)") }
        let o = try JournalReportOptions(args)
        let log = try StrengthHistory.load(directory: o.journal)
        var only: UInt16?
        if let name = args.positionals.first {
            guard let e = log.exercise(named: name) else {
                printError("pacerctl strength: no set of '\(name)' in \(o.journal)")
                return 1
            }
            only = e
        }
        let progress = ExerciseProgress.all(log, calendar: o.calendar, only: only)
        let recovery = MuscleRecovery.report(log, calendar: o.calendar, now: o.now, today: o.today)
        if o.json {
            var w = JSONWriter(capacity: 4096 + log.rows.count * 32)
            StrengthText.strengthJSON(progress, recovery: recovery, into: &w)
            try CommandOutput.write(w)
        } else {
            try CommandOutput.write(StrengthText.strength(progress, recovery: recovery, units: o.units))
        }
        return 0
    }

    static let evaluate = Subcommand(name: "evaluate", usage: "evaluate [--activity A] " + JournalReportOptions.usage,
                                     summary: "2-4 findings about the latest session against the ones before") { argv in
        let (args, o) = try JournalReportOptions.parse(argv, options: ["activity"])
        let history = try HistoryOptions.openHistory(o.journal)
        let index = history.index
        let rows = (0..<index.count).filter { index.startMilliseconds($0).map { $0 <= o.now } ?? false }
            .sorted { (index.startMilliseconds($0)!, index.id($0)) < (index.startMilliseconds($1)!, index.id($1)) }
        let activity = try HistoryOptions.activity(args) ?? rows.last.map(index.activity) ?? .strength
        let evaluation: WorkoutEvaluation
        if activity == .strength {
            evaluation = WorkoutEvaluation.strength(try StrengthHistory.load(directory: o.journal), calendar: o.calendar, now: o.now,
                                                    today: o.today, units: o.units)
        } else {
            let sessions = rows.filter { index.activity($0) == activity }.map { i in
                let r = index.row(i)
                return WorkoutEvaluation.SessionRow(id: r.id, start: r.start!, activity: activity, distance: r.distance, moving: r.moving,
                                                    heartRateAverage: index.summary(i)?.heartRateAverage, trimp: r.trimp)
            }
            let load = TrainingLoad.days(MotivationHistory(index: index, calendar: o.calendar), settings: o.config.motivation, through: o.today)
            evaluation = WorkoutEvaluation.endurance(sessions, activity: activity, calendar: o.calendar, tsb: load.last?.tsb, units: o.units)
        }
        if o.json {
            var w = JSONWriter(capacity: 1024)
            StrengthText.evaluationJSON(evaluation, into: &w)
            try CommandOutput.write(w)
        } else {
            try CommandOutput.write(StrengthText.evaluation(evaluation))
        }
        return 0
    }
}

extension DaemonCommands {
    /// Prints a set's ACK (or an ERROR); returns 1 for an ERROR.
    static func printSet(_ reply: JSONValue, json: Bool) throws -> Int32 {
        let out = BufferedOutput()
        if json {
            var w = JSONWriter()
            w.value(reply)
            try out.write(String(decoding: w.bytes, as: UTF8.self) + "\n")
            try out.flush()
            return reply["class"]?.string == "ERROR" ? 1 : 0
        }
        if case let .error(message)? = ServerReply(json: reply) {
            printError("pacerd: \(message)")
            return 1
        }
        let session = reply["session"]?.string.map { " (session \($0))" } ?? ""
        if let undone = reply["undone"]?.integer {
            try out.write("set \(undone) undone\(session)\n")
        } else {
            var text = "set \(reply["set"]?.integer ?? 0): \(reply["exercise"]?.string ?? "")"
                + " \(StrengthSet.kilograms(reply["weight_kg"]?.number ?? 0)) kg x \(reply["reps"]?.integer ?? 0)\(session)"
            if let avg = reply["hr_avg"]?.integer { text += ", HR \(avg) avg / \(reply["hr_max"]?.integer ?? avg) max" }
            if let rest = reply["rest_s"]?.integer { text += ", rest \(UnitSystem.clock(Double(rest)))" }
            try out.write(text + "\n")
        }
        try out.flush()
        return 0
    }
}
