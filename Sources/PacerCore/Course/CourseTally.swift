/// What a session keeps of following a course: how far along it the rider got, and how long
/// and how many times they were off it.
public struct CourseTally: Equatable, Sendable {
    /// Metres along the course: the farthest progress reached.
    public var farthest = 0.0
    public var offCourseSeconds = 0.0
    public var offCourseCount = 0
}
