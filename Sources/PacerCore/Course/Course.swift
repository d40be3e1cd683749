/// A route to follow, read from a GPX, TCX or FIT file (`CourseFile`): its track with the
/// distance along it, its cues in order along it (the file's, or turns found in the geometry
/// when it has none), its elevation profile and the climbs in it.
///
/// Refused rather than guessed: fewer than two points with a position, a track of no length,
/// a coordinate that is no coordinate (NaN, beyond ±90/±180). An elevation outside what the
/// Earth has is left out of the profile (that point has none), not the course.
public struct Course: Equatable, Sendable {
    /// Files above this are refused before anything is read (a 300 km course with cues is about 5 MB of GPX).
    public static let maximumFileBytes = 50 * 1024 * 1024
    /// Elevations beyond these metres are damage: the Dead Sea shore and Everest, with a margin.
    static let plausibleElevation = -500.0...9000.0
    /// A cue farther than this from the track is not on the course: it is left out.
    static let cueReach = 200.0

    public var name: String
    /// "GPX", "TCX" or "FIT".
    public var format: String
    public var points: [CourseTrackPoint]
    /// Each segment's bearing (nil for one of no length), for matching a heading to a stretch.
    public var bearings: [Double?]
    /// In order of distance along the course.
    public var cues: [CourseCue]
    /// True when the cues were found in the geometry (the file had none).
    public var cuesDerived: Bool
    public var profile: CourseElevationProfile?
    public var climbs: [CourseClimb]
    /// Ends where it starts (within a road's width), so it can be ridden round again.
    public var isLoop: Bool
    /// Cues of the file left out: no position and no distance, or too far from the track.
    public var cuesLeftOut: Int

    public var length: Double { points.last?.distance ?? 0 }

    public init(_ draft: CourseDraft) throws {
        format = draft.format
        name = Course.printable(draft.name)
        var points: [CourseTrackPoint] = []
        points.reserveCapacity(draft.points.count)
        var along = 0.0
        for (k, p) in draft.points.enumerated() {
            guard p.latitude.isFinite, abs(p.latitude) <= 90, p.longitude.isFinite, abs(p.longitude) <= 180 else {
                throw CourseError("\(draft.format): point \(k + 1): \(p.latitude), \(p.longitude) is not a position")
            }
            if let last = points.last {
                along += Geodesy.distance(latitude1: last.latitude, longitude1: last.longitude, latitude2: p.latitude, longitude2: p.longitude)
            }
            let elevation = p.elevation.flatMap { $0.isFinite && Course.plausibleElevation.contains($0) ? $0 : nil }
            points.append(CourseTrackPoint(latitude: p.latitude, longitude: p.longitude, elevation: elevation, distance: along))
        }
        guard points.count >= 2 else {
            throw CourseError("\(draft.format): a course needs at least two points with a position; this one has \(points.count)")
        }
        guard along > 0 else { throw CourseError("\(draft.format): all \(points.count) points are at one place: a course needs a length") }
        self.points = points
        isLoop = Geodesy.distance(latitude1: points[0].latitude, longitude1: points[0].longitude,
                                  latitude2: points[points.count - 1].latitude, longitude2: points[points.count - 1].longitude) <= 30
        bearings = CourseGeometry.bearings(of: points)
        (cues, cuesLeftOut) = Course.place(draft.cues, on: points)
        cuesDerived = cues.isEmpty
        if cuesDerived { cues = CourseTurnFinder.turns(of: points) }
        profile = CourseElevationProfile(points)
        climbs = profile.map { ClimbFinder.climbs($0) } ?? []
    }

    /// The course drawn with at most `points` points at equal distances along it (and its two
    /// ends): what the journal keeps of it, so a report draws it without the file.
    public func outline(points n: Int = 400) -> [CourseOutlinePoint] {
        let count = max(2, n)
        return (0..<count).map { k in
            let p = CourseGeometry.position(at: length * Double(k) / Double(count - 1), of: points)
            return CourseOutlinePoint(latitude: p.latitude, longitude: p.longitude)
        }
    }

    /// A name as STATE, EVENTs and the journal carry it: control characters as spaces, at most
    /// 100 characters (a course name is a label, not a document).
    static func printable(_ name: String) -> String {
        let cleaned = String(name.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : Character($0) })
        let trimmed = cleaned.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        return trimmed.count <= 100 ? trimmed : String(trimmed.prefix(100))
    }

    /// Cues at their distance along the track: the file's distance when it gives a usable one,
    /// else the nearest part of the track after the cue before (cues come in course order, so a
    /// course that passes a place twice gets each cue at the right pass).
    static func place(_ cues: [CourseDraft.Cue], on points: [CourseTrackPoint]) -> (placed: [CourseCue], leftOut: Int) {
        let length = points[points.count - 1].distance
        var placed: [CourseCue] = [], leftOut = 0, from = 0.0
        for cue in cues {
            if let d = cue.distance, d.isFinite, d >= 0, d <= length + cueReach {
                let at = min(d, length)
                let p = CourseGeometry.position(at: at, of: points)
                placed.append(CourseCue(name: cue.name, kind: cue.kind, distance: at, latitude: cue.latitude ?? p.latitude, longitude: cue.longitude ?? p.longitude))
                continue
            }
            guard let lat = cue.latitude, let lon = cue.longitude, lat.isFinite, abs(lat) <= 90, lon.isFinite, abs(lon) <= 180,
                  let at = nearest(latitude: lat, longitude: lon, after: from, on: points) ?? nearest(latitude: lat, longitude: lon, after: 0, on: points)
            else { leftOut += 1; continue }
            from = at
            placed.append(CourseCue(name: cue.name, kind: cue.kind, distance: at, latitude: lat, longitude: lon))
        }
        placed.sort { $0.distance < $1.distance }
        return (placed, leftOut)
    }

    /// The distance along the course of the first pass within `cueReach` of a position after `after`.
    static func nearest(latitude: Double, longitude: Double, after: Double, on points: [CourseTrackPoint]) -> Double? {
        CourseGeometry.firstPass(CourseGeometry.Probe(latitude: latitude, longitude: longitude), within: cueReach, from: after,
                                 passLength: cueReach, of: points).best?.along
    }
}
