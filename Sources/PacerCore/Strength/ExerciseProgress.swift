/// One exercise over the whole log: its sessions, personal records, momentum and the predicted
/// next session (`pacerctl strength`).
public struct ExerciseProgress: Sendable {
    public struct Record: Equatable, Sendable {
        public var value: Double
        public var day: Int
    }

    public var name: String
    public var muscle: MuscleGroup?
    /// Oldest first.
    public var sessions: [ExerciseSession] = []
    public var heaviest: Record?
    public var bestOneRepMax: Record?
    public var biggestVolume: Record?

    /// Mean volume of the last 5 sessions against the 5 before (`StrengthRules.momentum`).
    public var momentum: Double? { StrengthRules.momentum(sessions.map(\.volume)) }
    public var next: NextSession? { StrengthRules.next(after: sessions, lowerBody: muscle?.isLowerBody ?? false) }

    /// Every exercise of the log (in order of first appearance), from rows in time order; one
    /// pass, no hashing per set.
    public static func all(_ log: StrengthLog, calendar: LocalCalendar, only exercise: UInt16? = nil) -> [ExerciseProgress] {
        var progress = log.exercises.map { ExerciseProgress(name: $0, muscle: ExerciseCatalogue.lookup($0)?.muscle) }
        for r in log.rows where exercise == nil || r.exercise == exercise {
            let e = Int(r.exercise)
            if progress[e].muscle == nil, let m = MuscleGroup(code: r.muscle) { progress[e].muscle = m }
            var k = progress[e].sessions.count - 1
            while k >= 0, progress[e].sessions[k].sessionID != r.session, progress[e].sessions.count - k <= 3 { k -= 1 }
            if k < 0 || progress[e].sessions[k].sessionID != r.session {
                progress[e].sessions.append(ExerciseSession(sessionID: r.session, day: calendar.day(milliseconds: r.time)))
                k = progress[e].sessions.count - 1
            }
            progress[e].sessions[k].add(weight: r.weight, reps: Int(r.reps), time: r.time)
        }
        var result: [ExerciseProgress] = []
        for var p in progress where !p.sessions.isEmpty {
            for s in p.sessions {
                if s.topWeight > p.heaviest?.value ?? 0 { p.heaviest = Record(value: s.topWeight, day: s.day) }
                if s.estimatedOneRepMax > p.bestOneRepMax?.value ?? 0 { p.bestOneRepMax = Record(value: s.estimatedOneRepMax, day: s.day) }
                if s.volume > p.biggestVolume?.value ?? 0 { p.biggestVolume = Record(value: s.volume, day: s.day) }
            }
            result.append(p)
        }
        return result
    }
}
