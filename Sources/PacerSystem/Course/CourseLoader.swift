import PacerCore

/// Reads a course file from disk for pacerd and pacerctl: the bytes (at most
/// `Course.maximumFileBytes`, so a link to a device cannot fill memory) and the core's reading
/// of them, with the path in every error.
public enum CourseLoader {
    public static func load(_ path: String) throws(CourseError) -> Course {
        let bytes: [UInt8]
        do {
            bytes = try FileByteSource.readBytes(path, limit: Course.maximumFileBytes)
        } catch {
            throw CourseError("\(path): \(error)")
        }
        do {
            var course = try CourseFile.read(bytes)
            // A file without a name (most recorded tracks) goes by its file's.
            if course.name.isEmpty { course.name = String((path.split(separator: "/").last ?? "course").split(separator: ".").first ?? "course") }
            return course
        } catch let error as CourseError {
            throw CourseError("\(path): \(error.message)")
        } catch {
            throw CourseError("\(path): \(error)")
        }
    }
}
