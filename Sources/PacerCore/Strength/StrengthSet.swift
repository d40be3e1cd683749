/// One logged set: what was lifted and how often, when the set was logged (its end), and what
/// the strap said about it.
///
/// JOURNAL. A set is an `event` record (type 6) of kind `set`; its detail is one line of
/// space-separated fields, the exercise last so that it may hold spaces:
/// `NUMBER WEIGHT_KG REPS MUSCLE HR_AVG HR_MAX REST_S EXERCISE`, `-` for an absent value,
/// e.g. `3 82.5 8 chest 141 156 95 Bench Press`. An undo is an event of kind `set_undo` whose
/// detail is the number of the set it removes (a tombstone: the set's record stays).
public struct StrengthSet: Equatable, Sendable {
    /// 1, 2, ... within its session, in logging order (numbers of undone sets are not reused).
    public var number: Int
    public var time: UTCTime
    public var exercise: String
    public var muscle: MuscleGroup?
    public var weightKilograms: Double
    public var reps: Int
    public var heartRateAverage: Int?
    public var heartRateMax: Int?
    /// Seconds from the previous set's log to this set's start; nil for a session's first set.
    public var restSeconds: Int?

    public init(number: Int, time: UTCTime, exercise: String, muscle: MuscleGroup?, weightKilograms: Double, reps: Int,
                heartRateAverage: Int? = nil, heartRateMax: Int? = nil, restSeconds: Int? = nil) {
        self.number = number
        self.time = time
        self.exercise = exercise
        self.muscle = muscle
        self.weightKilograms = weightKilograms
        self.reps = reps
        self.heartRateAverage = heartRateAverage
        self.heartRateMax = heartRateMax
        self.restSeconds = restSeconds
    }

    public static let eventKind = "set"
    public static let undoKind = "set_undo"

    /// Σ weight × reps of this set.
    public var volume: Double { weightKilograms * Double(reps) }

    /// The muscle group: the set's own, else the catalogue's for its exercise.
    public var effectiveMuscle: MuscleGroup? { muscle ?? ExerciseCatalogue.lookup(exercise)?.muscle }

    /// The journal's form of this set.
    public var event: JournalEvent {
        func field(_ v: Int?) -> String { v.map(String.init) ?? "-" }
        let detail = [String(number), StrengthSet.kilograms(weightKilograms), String(reps), muscle?.rawValue ?? "-",
                      field(heartRateAverage), field(heartRateMax), field(restSeconds), exercise].joined(separator: " ")
        return .marker(time: time, kind: StrengthSet.eventKind, detail: detail)
    }

    /// The set an event holds; nil for any other event or a detail that does not parse.
    public init?(_ event: JournalEvent) {
        guard case let .marker(time, kind, detail) = event, kind == StrengthSet.eventKind else { return nil }
        let fields = detail.split(separator: " ", maxSplits: 7, omittingEmptySubsequences: false)
        guard fields.count == 8, let number = Int(fields[0]), let weight = Double(fields[1]), let reps = Int(fields[2]),
              !fields[7].isEmpty else { return nil }
        func optional(_ s: Substring) -> Int? { s == "-" ? nil : Int(s) }
        self.init(number: number, time: time, exercise: String(fields[7]), muscle: MuscleGroup(rawValue: String(fields[3])),
                  weightKilograms: weight, reps: reps, heartRateAverage: optional(fields[4]), heartRateMax: optional(fields[5]),
                  restSeconds: optional(fields[6]))
    }

    /// The undo event removing set `number`.
    public static func undoEvent(number: Int, time: UTCTime) -> JournalEvent {
        .marker(time: time, kind: undoKind, detail: String(number))
    }

    /// The set number an undo event removes; nil for any other event.
    public static func undoneNumber(_ event: JournalEvent) -> Int? {
        guard case let .marker(_, kind, detail) = event, kind == undoKind else { return nil }
        return Int(detail)
    }

    /// The live sets of a session's events, undos applied, in logging order.
    public static func sets(in events: [JournalEvent]) -> [StrengthSet] {
        var sets: [StrengthSet] = []
        for e in events {
            if let s = StrengthSet(e) { sets.append(s) } else if let n = undoneNumber(e) { sets.removeAll { $0.number == n } }
        }
        return sets
    }

    /// Kilograms with as few decimals as they need (80, 82.5, 33.75), at most three.
    public static func kilograms(_ kg: Double) -> String {
        guard let grams = (kg * 1000).roundedInt().map({ Int64($0) }) else { return "-" }
        var text = String(grams / 1000)
        var fraction = grams % 1000
        guard fraction != 0 else { return text }
        var digits = 3
        while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
        let f = String(fraction)
        text += "." + String(repeating: "0", count: digits - f.count) + f
        return text
    }
}
