/// The built-in exercises by muscle group (WorkoutEvaluator's Suggestions page). Any other
/// name is a custom exercise: allowed, matched case-insensitively, its group what the set says.
public enum ExerciseCatalogue {
    public struct Exercise: Sendable, Equatable {
        public let name: String
        public let muscle: MuscleGroup
    }

    public static let exercises: [Exercise] = ([
        ("Bench Press", .chest), ("Incline Bench Press", .chest), ("Dumbbell Fly", .chest), ("Push-Up", .chest), ("Dips", .chest),
        ("Deadlift", .back), ("Barbell Row", .back), ("Pull-Up", .back), ("Lat Pulldown", .back), ("Seated Cable Row", .back),
        ("Squat", .legs), ("Front Squat", .legs), ("Leg Press", .legs), ("Romanian Deadlift", .legs), ("Lunge", .legs),
        ("Leg Curl", .legs), ("Leg Extension", .legs), ("Calf Raise", .legs),
        ("Barbell Curl", .arms), ("Hammer Curl", .arms), ("Triceps Pushdown", .arms), ("Skull Crusher", .arms),
        ("Overhead Press", .shoulders), ("Dumbbell Shoulder Press", .shoulders), ("Lateral Raise", .shoulders),
        ("Face Pull", .shoulders), ("Rear Delt Fly", .shoulders),
        ("Plank", .core), ("Crunch", .core), ("Hanging Leg Raise", .core), ("Russian Twist", .core), ("Cable Woodchop", .core),
    ] as [(String, MuscleGroup)]).map { Exercise(name: $0.0, muscle: $0.1) }

    private static let byKey: [String: Exercise] = Dictionary(uniqueKeysWithValues: exercises.map { (key($0.name), $0) })

    /// The catalogue entry for a name, ignoring case and surrounding spaces; nil for a custom exercise.
    public static func lookup(_ name: String) -> Exercise? { byKey[key(name)] }

    /// The key two spellings of one exercise share.
    public static func key(_ name: String) -> String {
        name.trimmingSpaces.lowercased()
    }

    public static func exercises(of muscle: MuscleGroup?) -> [Exercise] {
        guard let muscle else { return exercises }
        return exercises.filter { $0.muscle == muscle }
    }
}

extension String {
    /// Without leading and trailing spaces and tabs (no Foundation in the core).
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
