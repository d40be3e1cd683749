/// Following a course: the matcher sees every accepted position of an active session on the
/// session's timeline, its events go out with the others (and into the journal as markers),
/// and STATE's `course` object reads it.
extension SessionEngine {
    /// Loads a course to follow, or with nil clears it. A session being recorded goes on; the
    /// rider is looked for on the new course from its start, and the journal notes the course.
    public mutating func follow(_ course: Course?, at instant: MonotonicInstant, emit: (SessionOutput) -> Void) {
        courseMatcher = course.map { CourseMatcher(course: $0, settings: config.course) }
        if let course, phase.isActive { emit(.event(.course(time: utc(instant), .followed(name: course.name, length: course.length, outline: course.outline())))) }
    }

    public var course: Course? { courseMatcher?.course }

    mutating func followCourse(_ estimate: PositionEstimate, at instant: MonotonicInstant, emit: (SessionOutput) -> Void) {
        guard var matcher = courseMatcher else { return }
        // The filter's course is noise below walking pace: standing, any stretch may be the one.
        let heading = estimate.speed >= 1 ? estimate.course : nil
        let events = matcher.update(latitude: estimate.latitude, longitude: estimate.longitude, speed: estimate.speed,
                                    heading: heading, at: instant)
        courseMatcher = matcher
        for event in events { emit(.event(.course(time: utc(instant), event))) }
    }

    /// The summary's course fields, when a course is followed.
    func addCourse(to s: inout SessionSummary) {
        guard let matcher = courseMatcher else { return }
        s.courseName = matcher.course.name
        s.courseCompleted = min(1, matcher.tally.farthest / matcher.course.length)
        s.courseOffSeconds = matcher.tally.offCourseSeconds
        s.courseOffCount = matcher.tally.offCourseCount
    }

    /// STATE's `course` object: nil without a course; the ETA at the session's moving average speed.
    public func liveCourse() -> LiveCourse? {
        guard let matcher = courseMatcher else { return nil }
        let progress = matcher.progress
        let speed = moving > 0 ? distance / moving : 0
        let eta = progress.along != nil && speed > 0.3 ? progress.toGo / speed : nil
        return LiveCourse(name: matcher.course.name, distance: matcher.course.length, progress: progress, eta: eta)
    }
}
