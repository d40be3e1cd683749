/// A workout file's bytes to a workout: the format is told by the content (a FIT header's
/// ".FIT", an XML document for Zwift's `.zwo`), anything else is read as Pacer's text form.
public enum WorkoutFile {
    public static func read(_ bytes: [UInt8]) throws(WorkoutError) -> Workout {
        guard bytes.count <= Workout.maximumFileBytes else {
            throw WorkoutError("a workout file may hold at most \(Workout.maximumFileBytes / 1_048_576) MB; this one has \(bytes.count) bytes")
        }
        if bytes.count >= 12, bytes[8...11].elementsEqual(".FIT".utf8) { return try FITWorkoutReader.read(bytes) }
        if bytes.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }) == UInt8(ascii: "<") {
            return try ZWOWorkoutReader.read(bytes)
        }
        return try WorkoutTextReader.read(bytes)
    }
}
