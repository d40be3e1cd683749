/// What following a course tells the rider, when it happens (on the receiver's timeline).
public enum CourseEvent: Equatable, Sendable {
    /// A course is followed from here (loaded during a session, or the session started with one):
    /// the journal keeps which.
    case followed(name: String, length: Double, outline: [CourseOutlinePoint])
    /// Farther than the threshold for the grace time: metres from the course.
    case offCourse(offset: Double)
    /// Back within reach of the course, at this distance along it (where the rider rejoined).
    case backOnCourse(along: Double)
    /// A cue ahead, announced at each of the configured distances it comes within.
    case coursePoint(CourseCue, inMeters: Double)
    case climbStarted(index: Int, CourseClimb)
    case climbFinished(index: Int)
    case courseFinished
}
