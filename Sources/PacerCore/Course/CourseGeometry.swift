#if canImport(Glibc)
import Glibc
#endif

/// Where a position falls on a course's track: distances along it, the foot of the
/// perpendicular on a segment, and positions at a distance. Segments are short (a few metres to
/// a few hundred), so each is treated as straight in a plane tangent at the position asked
/// about: within a kilometre that agrees with the ellipsoid to about 1e-4, far below GPS noise.
enum CourseGeometry {
    static let metresPerDegree = Geodesy.meanRadius * .pi / 180

    /// A position to project onto segments, with its longitude scale worked out once.
    struct Probe {
        let latitude: Double, longitude: Double, scale: Double
        init(latitude: Double, longitude: Double) {
            self.latitude = latitude
            self.longitude = longitude
            scale = cos(latitude * .pi / 180)
        }
    }

    /// The foot of the perpendicular from a position onto segment `i` (from point i to i + 1):
    /// the distance from the position to it, and the distance along the course there.
    static func project(_ probe: Probe, onto i: Int, of points: [CourseTrackPoint]) -> (offset: Double, along: Double) {
        let a = points[i], b = points[i + 1]
        let ax = wrapped(a.longitude - probe.longitude) * probe.scale, ay = a.latitude - probe.latitude
        let bx = wrapped(b.longitude - probe.longitude) * probe.scale, by = b.latitude - probe.latitude
        let dx = bx - ax, dy = by - ay
        let lengthSquared = dx * dx + dy * dy
        var t = lengthSquared > 0 ? -(ax * dx + ay * dy) / lengthSquared : 0
        t = min(1, max(0, t))
        let px = ax + t * dx, py = ay + t * dy
        return ((px * px + py * py).squareRoot() * metresPerDegree, a.distance + t * (b.distance - a.distance))
    }

    /// Each segment's bearing in degrees, nil for one of no length.
    static func bearings(of points: [CourseTrackPoint]) -> [Double?] {
        (0..<(points.count - 1)).map { i in
            let a = points[i], b = points[i + 1]
            guard b.distance > a.distance else { return nil }
            return Geodesy.sphericalBearing(latitude1: a.latitude, longitude1: a.longitude, latitude2: b.latitude, longitude2: b.longitude)
        }
    }

    /// The nearest point of the first stretch from `from` on that comes within `limit` metres
    /// (of the segments `accepts` lets through): a place passed twice is found at its first pass
    /// after `from`, which ends once the track has gone `passLength` metres beyond it. Also how
    /// near the track came in all it looked at.
    static func firstPass(_ probe: Probe, within limit: Double, from: Double, passLength: Double, of points: [CourseTrackPoint],
                          accepts: (Int) -> Bool = { _ in true }) -> (best: (offset: Double, along: Double)?, nearest: Double) {
        var best: (offset: Double, along: Double)?
        var nearest = Double.infinity
        for i in segment(at: from, of: points)..<(points.count - 1) {
            let p = project(probe, onto: i, of: points)
            nearest = min(nearest, p.offset)
            if p.offset <= limit, accepts(i) {
                if best == nil || p.offset < best!.offset { best = p }
            } else if let best, p.along - best.along > passLength {
                break
            }
        }
        return (best, nearest)
    }

    /// The segment holding distance `along` (the last one at the end).
    static func segment(at along: Double, of points: [CourseTrackPoint]) -> Int {
        var lo = 0, hi = points.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if points[mid].distance <= along { lo = mid } else { hi = mid }
        }
        return lo
    }

    /// The position at distance `along`, between the points around it.
    static func position(at along: Double, of points: [CourseTrackPoint]) -> (latitude: Double, longitude: Double) {
        let i = segment(at: along, of: points)
        let a = points[i], b = points[i + 1]
        let span = b.distance - a.distance
        let t = span > 0 ? min(1, max(0, (along - a.distance) / span)) : 0
        return (a.latitude + t * (b.latitude - a.latitude), a.longitude + t * wrapped(b.longitude - a.longitude))
    }

    /// The bearing in degrees (0...360) from the position at `from` to the one at `to` along the course.
    static func bearing(from: Double, to: Double, of points: [CourseTrackPoint]) -> Double {
        let p = position(at: from, of: points), q = position(at: to, of: points)
        return Geodesy.sphericalBearing(latitude1: p.latitude, longitude1: p.longitude, latitude2: q.latitude, longitude2: q.longitude)
    }

    /// A signed angle between two bearings, -180...180: positive turns right.
    static func turn(from a: Double, to b: Double) -> Double {
        var d = (b - a).truncatingRemainder(dividingBy: 360)
        if d > 180 { d -= 360 } else if d < -180 { d += 360 }
        return d
    }

    /// A longitude difference across the antimeridian, as the short way round.
    static func wrapped(_ d: Double) -> Double { d > 180 ? d - 360 : (d < -180 ? d + 360 : d) }
}
