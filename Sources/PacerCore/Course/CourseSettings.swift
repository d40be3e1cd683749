/// `[course]`: the course to follow from the start, how far from it is off it and for how long,
/// and where cues are announced.
///
/// ```
/// [course]
/// file = /var/lib/pacer/courses/alps.gpx   ; followed from pacerd's start (none by default)
/// off_course_m = 40
/// off_course_s = 5
/// announce_m = 200, 50
/// ```
public struct CourseSettings: Equatable, Sendable {
    /// The course followed from the start; a `course` command replaces it.
    public var file: String?
    /// Metres. GPS on a handlebar is within 10 m; roads beside each other are 20 m apart or more.
    public var offCourseDistance = 40.0
    /// Seconds farther than `offCourseDistance` before the rider is told: a fix thrown off by a
    /// bridge or trees is not a wrong turn.
    public var offCourseSeconds = 5.0
    /// Metres before a cue at which it is announced, farthest first.
    public var announcements: [Double] = [200, 50]

    public init() {}
}

extension PacerConfig {
    mutating func applyCourseKey(key: String, parser p: ConfigValueParser) throws {
        switch key {
        case "file": course.file = try p.absolutePath()
        case "off_course_m": course.offCourseDistance = try p.number(in: 10...1000)
        case "off_course_s": course.offCourseSeconds = try p.number(in: 0...120)
        case "announce_m":
            var distances: [Double] = []
            for part in p.value.split(separator: ",") {
                distances.append(try ConfigValueParser(value: String(part.filter { $0 != " " && $0 != "\t" })).number(in: 1...5000))
            }
            guard !distances.isEmpty, distances.count <= 4 else { throw ConfigValueProblem("'\(p.value)' is not one to four distances") }
            course.announcements = distances.sorted(by: >)
        default: throw ConfigValueProblem("unknown key")
        }
    }
}
