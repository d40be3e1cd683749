/// Turn cues for a course whose file has none (most GPX tracks): where the heading over the
/// `reach` metres before a point differs from the heading over the `reach` metres after it by
/// at least `threshold` degrees. Measuring over metres rather than between neighbouring points
/// makes a dense, noisy recorded track and a sparse route of corners give the same turns; a
/// bend drawn over several points counts once, at its sharpest.
enum CourseTurnFinder {
    /// Long enough that a few metres of GPS noise in a recorded track move the heading by less
    /// than 10°, short enough that two corners of a town block stay apart.
    static let reach = 25.0
    /// A road that bends less than this is followed without being told.
    static let threshold = 45.0
    static let sharp = 110.0
    static let uTurn = 150.0

    static func turns(of points: [CourseTrackPoint]) -> [CourseCue] {
        let length = points[points.count - 1].distance
        guard length > 2 * reach else { return [] }
        var cues: [CourseCue] = []
        var best: (along: Double, turn: Double)?
        func close() {
            guard let b = best else { return }
            let kind: CourseCueKind, name: String
            switch abs(b.turn) {
            case uTurn...: (kind, name) = (.uTurn, "U-turn")
            case sharp...: (kind, name) = b.turn < 0 ? (.sharpLeft, "Sharp left") : (.sharpRight, "Sharp right")
            default: (kind, name) = b.turn < 0 ? (.left, "Turn left") : (.right, "Turn right")
            }
            let p = CourseGeometry.position(at: b.along, of: points)
            cues.append(CourseCue(name: name, kind: kind, distance: b.along, latitude: p.latitude, longitude: p.longitude))
            best = nil
        }
        for point in points where point.distance >= reach && point.distance <= length - reach {
            let d = point.distance
            let turn = CourseGeometry.turn(from: CourseGeometry.bearing(from: d - reach, to: d, of: points),
                                           to: CourseGeometry.bearing(from: d, to: d + reach, of: points))
            if let b = best, d - b.along > reach { close() }
            guard abs(turn) >= threshold else { continue }
            if best == nil || abs(turn) > abs(best!.turn) { best = (d, turn) }
        }
        close()
        return cues
    }
}
