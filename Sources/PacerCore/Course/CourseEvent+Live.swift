/// A course event as the protocol and the journal carry it: its EVENT type, its details, and
/// the journal marker's one-word detail.
extension CourseEvent {
    /// The EVENT `type` (a `LiveEvent.Kind` raw value) and the journal marker's kind.
    public var type: String {
        switch self {
        case .followed: "course"
        case .offCourse: "off_course"
        case .backOnCourse: "back_on_course"
        case .coursePoint: "course_point"
        case .climbStarted: "climb_started"
        case .climbFinished: "climb_finished"
        case .courseFinished: "course_finished"
        }
    }

    public var details: [(String, JSONValue)] {
        func metres(_ v: Double) -> JSONValue { v.isFinite ? .number((v * 10).rounded() / 10) : .null }
        switch self {
        case let .followed(name, length, _): return [("name", .string(name)), ("distance_m", metres(length))]
        case let .offCourse(offset): return [("off_course_m", metres(offset))]
        case let .backOnCourse(along): return [("along_m", metres(along))]
        case let .coursePoint(cue, inMeters):
            return [("name", .string(cue.name)), ("kind", .string(cue.kind.name)), ("in_m", metres(inMeters)), ("along_m", metres(cue.distance))]
        case let .climbStarted(index, climb):
            return [("climb", .number(Double(index + 1))), ("length_m", metres(climb.length)), ("gain_m", metres(climb.gain)),
                    ("grade_pct", .number((climb.averageGrade * 10).rounded() / 10))]
        case let .climbFinished(index): return [("climb", .number(Double(index + 1)))]
        case .courseFinished: return []
        }
    }

    /// The journal marker's detail: the number a report needs to place it; for the course, its
    /// name, length and outline as one JSON object (`JournalCourse`).
    var journalDetail: String {
        switch self {
        case let .followed(name, length, outline): JournalCourse.detail(name: name, length: length, outline: outline)
        case let .offCourse(offset): offset.wholeText(.toNearestOrAwayFromZero)
        case let .backOnCourse(along): along.wholeText(.toNearestOrAwayFromZero)
        case let .coursePoint(cue, _): cue.distance.wholeText(.toNearestOrAwayFromZero)
        case let .climbStarted(index, _), let .climbFinished(index): String(index + 1)
        case .courseFinished: ""
        }
    }
}
