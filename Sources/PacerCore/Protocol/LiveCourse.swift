/// STATE's `course` object while a course is loaded (left out without one): where the rider is
/// on it, the next cue, what is left of the climb being ridden, and when they will be there at
/// the session's moving average speed. Before a session starts, or before the rider is first
/// found on the course, the progress fields are null.
public struct LiveCourse: Equatable, Sendable {
    public var name: String
    public var distance: Double
    public var progress: CourseProgress
    /// Seconds to the finish at the moving average speed; nil before the session has moved.
    public var eta: Double?

    public init(name: String, distance: Double, progress: CourseProgress, eta: Double? = nil) {
        self.name = name
        self.distance = distance
        self.progress = progress
        self.eta = eta
    }

    func write(into w: inout JSONWriter) {
        let found = progress.along != nil
        w.beginObject()
        w.key("name"); w.value(name)
        w.key("distance_m"); w.value(distance, decimals: 1)
        w.key("along_m"); w.value(progress.along, decimals: 1)
        w.key("to_go_m"); w.value(found ? progress.toGo : nil, decimals: 1)
        w.key("off_course_m"); w.value(progress.offset.flatMap { $0.isFinite ? $0 : nil }, decimals: 1)
        w.key("on_course"); w.value(progress.onCourse)
        w.key("next_point")
        if let next = progress.nextCue {
            w.beginObject()
            w.key("name"); w.value(next.cue.name)
            w.key("kind"); w.value(next.cue.kind.name)
            w.key("in_m"); w.value(next.inMeters, decimals: 1)
            w.endObject()
        } else {
            w.null()
        }
        w.key("climb")
        if let climb = progress.climb {
            w.beginObject()
            w.key("to_go_m"); w.value(climb.toGo, decimals: 1)
            w.key("gain_to_go_m"); w.value(climb.gainToGo, decimals: 1)
            w.key("grade_pct"); w.value(climb.grade, decimals: 1)
            w.endObject()
        } else {
            w.null()
        }
        w.key("finished"); w.value(progress.finished)
        w.key("eta_s"); w.value(eta, decimals: 0)
        w.endObject()
    }

    /// Decodes a `course` object (pacerctl's side); nil when it is not one.
    init?(json: JSONValue) {
        guard let name = json["name"]?.string, let distance = json["distance_m"]?.number, distance.isFinite else { return nil }
        func finite(_ key: String, in object: JSONValue? = nil) -> Double? { (object ?? json)[key]?.number.flatMap { $0.isFinite ? $0 : nil } }
        var progress = CourseProgress(along: finite("along_m"), toGo: finite("to_go_m") ?? distance, offset: finite("off_course_m"),
                                      onCourse: json["on_course"]?.bool ?? false, finished: json["finished"]?.bool ?? false)
        if let next = json["next_point"], let name = next["name"]?.string, let inMeters = finite("in_m", in: next) {
            let kind = CourseCueKind.all.first { $0.name == next["kind"]?.string } ?? .generic
            let along = (progress.along ?? 0) + inMeters
            progress.nextCue = (CourseCue(name: name, kind: kind, distance: along, latitude: 0, longitude: 0), inMeters)
        }
        if let climb = json["climb"], let toGo = finite("to_go_m", in: climb), let gain = finite("gain_to_go_m", in: climb),
           let grade = finite("grade_pct", in: climb) {
            progress.climb = (toGo, gain, grade)
        }
        self.init(name: name, distance: distance, progress: progress, eta: finite("eta_s"))
    }
}
