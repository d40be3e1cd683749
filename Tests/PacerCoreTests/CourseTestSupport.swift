@testable import PacerCore

/// Courses and rides drawn in metres east and north of a point near Zürich, so a test reads as
/// geometry: a course is a polyline of (east, north, elevation) corners, a ride is positions at
/// 1 s along a polyline at a speed.
enum CourseTestSupport {
    static let plane = LocalTangentPlane(latitude: 47.37, longitude: 8.54)

    /// A course through the corners, with points every `spacing` metres between them.
    static func course(_ corners: [(Double, Double)], elevation: ((Double) -> Double)? = nil, spacing: Double = 10,
                       cues: [CourseDraft.Cue] = []) throws -> Course {
        var points: [CourseDraft.Point] = []
        var along = 0.0
        for (k, c) in corners.enumerated() {
            if k == 0 {
                points.append(point(c, elevation?(0)))
                continue
            }
            let p = corners[k - 1]
            let length = ((c.0 - p.0) * (c.0 - p.0) + (c.1 - p.1) * (c.1 - p.1)).squareRoot()
            let steps = max(1, (length / spacing).rounded(.up).clampedInt())
            for s in 1...steps {
                let t = Double(s) / Double(steps)
                points.append(point((p.0 + t * (c.0 - p.0), p.1 + t * (c.1 - p.1)), elevation?(along + t * length)))
            }
            along += length
        }
        return try Course(CourseDraft(format: "test", name: "test", points: points, cues: cues))
    }

    static func point(_ c: (Double, Double), _ elevation: Double?) -> CourseDraft.Point {
        let g = plane.unproject(east: c.0, north: c.1)
        return CourseDraft.Point(latitude: g.latitude, longitude: g.longitude, elevation: elevation)
    }

    /// Positions each second along the corners at `speed`, each with its heading; `wobble`
    /// metres of a deterministic sideways zigzag stand in for GPS noise.
    static func ride(_ corners: [(Double, Double)], speed: Double = 6, wobble: Double = 3) -> [(latitude: Double, longitude: Double, heading: Double)] {
        var out: [(Double, Double, Double)] = []
        var leftover = 0.0
        var n = 0
        for k in 1..<corners.count {
            let p = corners[k - 1], c = corners[k]
            let dx = c.0 - p.0, dy = c.1 - p.1
            let length = (dx * dx + dy * dy).squareRoot()
            guard length > 0 else { continue }
            let heading = (atan2(dx, dy) * 180 / .pi + 360).truncatingRemainder(dividingBy: 360)
            var s = leftover
            while s <= length {
                let side = (n % 2 == 0 ? 1.0 : -1.0) * wobble
                let e = p.0 + dx * s / length + dy / length * side, north = p.1 + dy * s / length - dx / length * side
                let g = plane.unproject(east: e, north: north)
                out.append((g.latitude, g.longitude, heading))
                n += 1
                s += speed
            }
            leftover = s - length
        }
        return out
    }

    /// Rides `positions` through a matcher at 1 Hz, returning every event with the second it came.
    static func follow(_ matcher: inout CourseMatcher, _ positions: [(latitude: Double, longitude: Double, heading: Double)],
                       speed: Double = 6, from second: Int = 0) -> [(second: Int, event: CourseEvent)] {
        var events: [(Int, CourseEvent)] = []
        for (k, p) in positions.enumerated() {
            let t = second + k
            for e in matcher.update(latitude: p.latitude, longitude: p.longitude, speed: speed, heading: p.heading,
                                    at: MonotonicInstant(seconds: Double(t))) {
                events.append((t, e))
            }
        }
        return events
    }
}

#if canImport(Glibc)
import Glibc
#endif
