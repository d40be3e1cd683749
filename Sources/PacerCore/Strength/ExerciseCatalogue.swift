/// The built-in exercises by muscle group (WorkoutEvaluator's Suggestions page). Any other
/// name is a custom exercise: allowed, matched case-insensitively, its group what the set says.
public enum ExerciseCatalogue {
    public struct Exercise: Sendable, Equatable {
        public let name: String
        public let muscle: MuscleGroup
        /// FIT `exercise_category` (profile: 0 bench_press, 8 deadlift, 28 squat, ...).
        public let fitCategory: UInt16
    }

    /// FIT's `exercise_category` "unknown", for custom exercises.
    public static let unknownFITCategory: UInt16 = 65534

    public static let exercises: [Exercise] = ([
        ("Bench Press", .chest, 0), ("Incline Bench Press", .chest, 0), ("Dumbbell Fly", .chest, 9), ("Push-Up", .chest, 22), ("Dips", .chest, 30),
        ("Deadlift", .back, 8), ("Barbell Row", .back, 23), ("Pull-Up", .back, 21), ("Lat Pulldown", .back, 21), ("Seated Cable Row", .back, 23),
        ("Squat", .legs, 28), ("Front Squat", .legs, 28), ("Leg Press", .legs, 28), ("Romanian Deadlift", .legs, 8), ("Lunge", .legs, 17),
        ("Leg Curl", .legs, 15), ("Leg Extension", .legs, 28), ("Calf Raise", .legs, 1),
        ("Barbell Curl", .arms, 7), ("Hammer Curl", .arms, 7), ("Triceps Pushdown", .arms, 30), ("Skull Crusher", .arms, 30),
        ("Overhead Press", .shoulders, 24), ("Dumbbell Shoulder Press", .shoulders, 24), ("Lateral Raise", .shoulders, 14),
        ("Face Pull", .shoulders, 23), ("Rear Delt Fly", .shoulders, 9),
        ("Plank", .core, 19), ("Crunch", .core, 6), ("Hanging Leg Raise", .core, 16), ("Russian Twist", .core, 5), ("Cable Woodchop", .core, 4),
    ] as [(String, MuscleGroup, UInt16)]).map { Exercise(name: $0.0, muscle: $0.1, fitCategory: $0.2) }

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
