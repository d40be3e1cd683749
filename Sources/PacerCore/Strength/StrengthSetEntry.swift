/// A set as the athlete enters it (socket `set`, `pacerctl set`), before it is checked and
/// numbered. `validated` applies the bad-input rules once for every way in.
public struct StrengthSetEntry: Equatable, Sendable {
    public var exercise: String
    public var muscle: MuscleGroup?
    public var weightKilograms: Double
    public var reps: Int

    public init(exercise: String, muscle: MuscleGroup? = nil, weightKilograms: Double, reps: Int) {
        self.exercise = exercise
        self.muscle = muscle
        self.weightKilograms = weightKilograms
        self.reps = reps
    }

    public static let maximumKilograms = 1000.0
    public static let maximumReps = 1000
    /// Longer names are refused: the name goes into every set record.
    public static let maximumExerciseLength = 64
    public static let kilogramsPerPound = 0.45359237

    /// The entry with its name trimmed and, for a catalogue exercise, spelled as the catalogue
    /// spells it and given its group when none was named; throws the message a user sees.
    public func validated() throws(StrengthSetError) -> StrengthSetEntry {
        var e = self
        e.exercise = exercise.trimmingSpaces
        guard !e.exercise.isEmpty else { throw StrengthSetError("the exercise name is empty") }
        guard e.exercise.count <= StrengthSetEntry.maximumExerciseLength else {
            throw StrengthSetError("the exercise name is longer than \(StrengthSetEntry.maximumExerciseLength) characters")
        }
        guard e.exercise.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else {
            throw StrengthSetError("the exercise name holds control characters")
        }
        // At least the journal's resolution (1 g): 5e-324 kg passed "more than 0" and was logged as 0.
        guard weightKilograms.isFinite, weightKilograms >= 0.001, weightKilograms <= StrengthSetEntry.maximumKilograms else {
            throw StrengthSetError("weight must be more than 0 and at most 1000 kg")
        }
        guard reps > 0, reps <= StrengthSetEntry.maximumReps else { throw StrengthSetError("reps must be 1 to 1000") }
        if let known = ExerciseCatalogue.lookup(e.exercise) {
            e.exercise = known.name
            if e.muscle == nil { e.muscle = known.muscle }
        }
        e.weightKilograms = (weightKilograms * 1000).rounded() / 1000
        return e
    }
}

/// Why a set was refused (bad input, or no strength session to log it in).
public struct StrengthSetError: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
