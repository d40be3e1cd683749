/// Follows the rider along a course, fix by fix on the receiver's timeline: progress, off and
/// back on course, the cues ahead and the climb being ridden.
///
/// Progress is judged by continuity, never by the nearest point alone: once found, the rider is
/// looked for only a little behind and as far ahead as they can have gone, and only on stretches
/// that run the way they are heading. So a course that crosses itself, runs out and back on one
/// road, or passes a place twice keeps the pass being ridden. Off the course, every stretch
/// ahead is looked at, and the rider is back where they rejoin it: a shortcut or a detour moves
/// progress to there.
public struct CourseMatcher: Sendable {
    public let course: Course
    public let settings: CourseSettings
    /// Back on course needs this fraction of the off-course distance: no flapping at the edge.
    static let rejoinFraction = 0.5
    /// Metres looked at behind the progress (GPS noise, a rider who stops and rolls back).
    static let behind = 30.0
    /// A stretch running more than this many degrees from the rider's heading is another pass.
    static let headingTolerance = 90.0
    /// The finish counts within this many metres of the end.
    static let finishReach = 30.0

    public private(set) var along: Double?
    public private(set) var onCourse = false
    public private(set) var finished = false
    /// What the summary keeps of it: how far the rider got, how long and how often off course.
    public private(set) var tally = CourseTally()
    private var lastOffset: Double?
    private var farSince: MonotonicInstant?
    private var last: MonotonicInstant?
    private var nextCue = 0
    private var announced = 0
    private var climbIndex: Int?

    public init(course: Course, settings: CourseSettings = CourseSettings()) {
        self.course = course
        self.settings = settings
    }

    /// One filtered position. `heading` is the course over ground in degrees when moving
    /// (nil when standing or unknown); `speed` in m/s bounds how far ahead the rider can be.
    public mutating func update(latitude: Double, longitude: Double, speed: Double, heading: Double?,
                                at instant: MonotonicInstant) -> [CourseEvent] {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else { return [] }
        let speed = speed.isFinite ? max(0, speed) : 0
        let heading = heading.flatMap { $0.isFinite ? $0 : nil }
        let dt = last.map { max(0, min(60, instant.seconds(since: $0))) } ?? 0
        last = instant
        if along != nil, !onCourse { tally.offCourseSeconds += dt }
        let probe = CourseGeometry.Probe(latitude: latitude, longitude: longitude)
        var events: [CourseEvent] = []
        if let current = along, onCourse {
            let reach = current + 100 + 3 * speed * dt, expected = current + speed * dt
            var found = search(probe, heading, from: current - Self.behind, to: reach, expected: expected)
            if course.isLoop, current >= course.length - Self.finishReach {
                // Round a loop again, once at its end: its start is just ahead.
                let again = search(probe, heading, from: 0, to: reach - course.length, expected: expected - course.length)
                if let next = again.best, next.offset < found.best?.offset ?? .infinity {
                    found = again
                    skipCues(passed: 0, restart: true)
                }
            }
            lastOffset = found.best?.offset ?? found.nearest
            if let best = found.best, best.offset <= settings.offCourseDistance {
                farSince = nil
                along = best.along
            } else {
                let since = farSince ?? instant
                farSince = since
                if instant.seconds(since: since) >= settings.offCourseSeconds {
                    onCourse = false
                    tally.offCourseCount += 1
                    tally.offCourseSeconds += instant.seconds(since: since)
                    events.append(.offCourse(offset: lastOffset ?? found.nearest))
                }
            }
        } else {
            // Not found yet, or off: the first stretch from the progress on that is within reach.
            let limit = settings.offCourseDistance * (along == nil ? 1 : Self.rejoinFraction)
            let found = CourseGeometry.firstPass(probe, within: limit, from: max(0, (along ?? 0) - Self.behind),
                                                 passLength: settings.offCourseDistance, of: course.points) { runsTheWay(heading, segment: $0) }
            lastOffset = found.best?.offset ?? found.nearest
            if let best = found.best {
                if along != nil { events.append(.backOnCourse(along: best.along)) }
                along = best.along
                onCourse = true
                farSince = nil
                skipCues(passed: best.along)
            }
        }
        if let along, onCourse {
            tally.farthest = max(tally.farthest, along)
            announceCues(at: along, into: &events)
            followClimbs(at: along, into: &events)
            if !finished, along >= course.length - Self.finishReach {
                finished = true
                events.append(.courseFinished)
            }
        }
        return events
    }

    /// The course's grade in % where the rider is; nil before the rider is on it or without heights.
    public var grade: Double? {
        guard let along, let profile = course.profile else { return nil }
        return profile.grade(at: along)
    }

    /// The course block of STATE now.
    public var progress: CourseProgress {
        let at = along ?? 0
        var p = CourseProgress(along: along, toGo: max(0, course.length - at), offset: lastOffset, onCourse: onCourse, finished: finished)
        if along != nil, nextCue < course.cues.count { p.nextCue = (course.cues[nextCue], course.cues[nextCue].distance - at) }
        if let i = climbIndex, let profile = course.profile {
            let climb = course.climbs[i]
            let ahead = min(climb.end, at + ClimbFinder.gradeReach)
            let grade = ahead > at ? (profile.elevation(at: ahead) - profile.elevation(at: at)) / (ahead - at) * 100 : 0
            p.climb = (climb.end - at, profile.elevation(at: climb.end) - profile.elevation(at: at), grade)
        }
        return p
    }

    /// The best match between two distances along the course: the nearest stretch that runs the
    /// rider's way, nearer to where they were expected as a tie-break; and how near the nearest
    /// stretch is whichever way it runs.
    private func search(_ probe: CourseGeometry.Probe, _ heading: Double?, from: Double, to: Double,
                        expected: Double) -> (best: (offset: Double, along: Double)?, nearest: Double) {
        let points = course.points
        var best: (offset: Double, along: Double, cost: Double)?
        var nearest = Double.infinity
        let first = CourseGeometry.segment(at: max(0, from), of: points), end = CourseGeometry.segment(at: min(course.length, to), of: points)
        for i in first...end {
            let p = CourseGeometry.project(probe, onto: i, of: points)
            nearest = min(nearest, p.offset)
            guard runsTheWay(heading, segment: i) else { continue }
            let cost = p.offset + 0.05 * abs(p.along - expected)
            if best == nil || cost < best!.cost { best = (p.offset, p.along, cost) }
        }
        return (best.map { ($0.offset, $0.along) }, nearest)
    }

    private func runsTheWay(_ heading: Double?, segment i: Int) -> Bool {
        guard let heading, let bearing = course.bearings[i] else { return true }
        return abs(CourseGeometry.turn(from: heading, to: bearing)) <= Self.headingTolerance
    }

    /// Cues the rider went past without being told (a rejoin ahead of them) are not announced;
    /// a loop ridden again announces them again.
    private mutating func skipCues(passed along: Double, restart: Bool = false) {
        if restart { nextCue = 0; announced = 0 }
        while nextCue < course.cues.count, course.cues[nextCue].distance < along { nextCue += 1; announced = 0 }
    }

    private mutating func announceCues(at along: Double, into events: inout [CourseEvent]) {
        skipCues(passed: along)
        guard nextCue < course.cues.count else { return }
        let cue = course.cues[nextCue], inMeters = cue.distance - along
        var crossed = false
        while announced < settings.announcements.count, inMeters <= settings.announcements[announced] { announced += 1; crossed = true }
        if crossed { events.append(.coursePoint(cue, inMeters: inMeters)) }
    }

    private mutating func followClimbs(at along: Double, into events: inout [CourseEvent]) {
        if let i = climbIndex, along >= course.climbs[i].end || along < course.climbs[i].start - Self.behind {
            climbIndex = nil
            events.append(.climbFinished(index: i))
        }
        if climbIndex == nil, let i = course.climbs.firstIndex(where: { along >= $0.start && along < $0.end }) {
            climbIndex = i
            events.append(.climbStarted(index: i, course.climbs[i]))
        }
    }
}
