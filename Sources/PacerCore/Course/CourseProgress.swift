/// Where the rider is on the course now: STATE's `course` block before the ETA, which needs the
/// session's moving average speed.
public struct CourseProgress: Equatable, Sendable {
    /// Metres along the course; nil until the rider is first found on it.
    public var along: Double?
    public var toGo: Double
    /// Metres from the course: the nearest part of it within the search (the whole course while not found).
    public var offset: Double?
    public var onCourse: Bool
    public var nextCue: (cue: CourseCue, inMeters: Double)?
    /// What is left of the climb being ridden.
    public var climb: (toGo: Double, gainToGo: Double, grade: Double)?
    public var finished: Bool

    public static func == (a: CourseProgress, b: CourseProgress) -> Bool {
        a.along == b.along && a.toGo == b.toGo && a.offset == b.offset && a.onCourse == b.onCourse && a.finished == b.finished
            && a.nextCue?.cue == b.nextCue?.cue && a.nextCue?.inMeters == b.nextCue?.inMeters
            && a.climb?.toGo == b.climb?.toGo && a.climb?.gainToGo == b.climb?.gainToGo && a.climb?.grade == b.climb?.grade
    }
}
