/// `[course]` in the config: how far from the course is off it, for how long, and where cues
/// are announced.
public struct CourseSettings: Equatable, Sendable {
    /// Metres. GPS on a handlebar is within 10 m; roads beside each other are 20 m apart or more.
    public var offCourseDistance = 40.0
    /// Seconds farther than `offCourseDistance` before the rider is told: a fix thrown off by a
    /// bridge or trees is not a wrong turn.
    public var offCourseSeconds = 5.0
    /// Metres before a cue at which it is announced, farthest first.
    public var announcements: [Double] = [200, 50]

    public init() {}
}
