import PacerCore

/// Reads a workout file from disk for pacerctl (and pacerd): at most `Workout.maximumFileBytes`,
/// read by the core, the path in front of every error; a workout without a name goes by its
/// file's.
public enum WorkoutLoader {
    public static func load(_ path: String) throws(WorkoutError) -> Workout {
        let bytes: [UInt8]
        do { bytes = try FileByteSource.readBytes(path, limit: Workout.maximumFileBytes) } catch { throw WorkoutError("\(path): \(error)") }
        var workout: Workout
        do throws(WorkoutError) { workout = try WorkoutFile.read(bytes) } catch { throw WorkoutError("\(path): \(error.message)") }
        if workout.name.isEmpty {
            let file = path.split(separator: "/").last.map(String.init) ?? "workout"
            workout.name = file.split(separator: ".").first.map(String.init) ?? file
        }
        return workout
    }
}
