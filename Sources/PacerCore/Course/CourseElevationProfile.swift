/// A course's elevation every `step` metres along it, smoothed: what ascent, descent and the
/// climbs are measured on. Course files carry terrain-model heights (smooth) or a recorded
/// GPS altitude (metres of noise); a moving average over `window` metres keeps a real ramp and
/// removes the noise, so both give their real climbs.
public struct CourseElevationProfile: Equatable, Sendable {
    public static let step = 10.0
    static let window = 100.0
    /// Changes smaller than this between turning points are noise, not ascent.
    static let hysteresis = 2.0

    /// Distance along the course of the first sample.
    public let start: Double
    public let elevations: [Double]
    public let ascent: Double
    public let descent: Double

    /// Nil when fewer than two points have an elevation.
    init?(_ points: [CourseTrackPoint]) {
        let known = Self.withoutJumps(points.compactMap { p in p.elevation.map { (p.distance, $0) } })
        guard known.count >= 2, let first = known.first, let last = known.last, last.0 > first.0 else { return nil }
        var raw: [Double] = []
        raw.reserveCapacity(((last.0 - first.0) / Self.step).roundedInt(.up).map { $0 + 1 } ?? 0)
        var j = 0
        var d = first.0
        while d <= last.0 {
            while j + 1 < known.count - 1, known[j + 1].0 <= d { j += 1 }
            let (d0, e0) = known[j], (d1, e1) = known[j + 1]
            raw.append(d1 > d0 ? e0 + (e1 - e0) * min(1, max(0, (d - d0) / (d1 - d0))) : e1)
            d += Self.step
        }
        let half = (Self.window / Self.step / 2).roundedInt() ?? 5
        var smoothed = [Double](repeating: 0, count: raw.count)
        var sum = 0.0, lo = 0, hi = -1
        for i in raw.indices {
            while hi < min(raw.count - 1, i + half) { hi += 1; sum += raw[hi] }
            while lo < i - half { sum -= raw[lo]; lo += 1 }
            smoothed[i] = sum / Double(hi - lo + 1)
        }
        start = first.0
        elevations = smoothed
        (ascent, descent) = Self.totals(smoothed)
    }

    /// A recorded GPS altitude jumps when the receiver's solution changes (40 m between two
    /// points 50 m apart is in the corpus): no road or trail climbs steeper than `steepest`
    /// between two points, so what a step has beyond that, and `jumpAllowance` of noise, is
    /// taken out of it and of every point after it. Terrain-model heights never come near it.
    static let steepest = 0.4
    static let jumpAllowance = 3.0

    static func withoutJumps(_ known: [(Double, Double)]) -> [(Double, Double)] {
        guard var previous = known.first else { return known }
        var out = [previous]
        out.reserveCapacity(known.count)
        var shift = 0.0
        for (d, e) in known.dropFirst() {
            let step = e + shift - previous.1, limit = steepest * (d - previous.0) + jumpAllowance
            if abs(step) > limit { shift -= step - (step > 0 ? limit : -limit) }
            previous = (d, e + shift)
            out.append(previous)
        }
        return out
    }

    /// Elevation at a distance along the course (the ends beyond the profile).
    public func elevation(at along: Double) -> Double {
        let x = (along - start) / Self.step
        guard x > 0 else { return elevations[0] }
        guard let i = x.roundedInt(.down), i < elevations.count - 1 else { return elevations[elevations.count - 1] }
        let t = x - Double(i)
        return elevations[i] + t * (elevations[i + 1] - elevations[i])
    }

    /// The grade in % under the rider at a distance along the course: the smoothed profile's
    /// slope over one step either side (what a trainer's simulation feels, between climbs too).
    public func grade(at along: Double) -> Double {
        let from = max(start, along - Self.step), to = min(distance(ofSample: elevations.count - 1), along + Self.step)
        return to > from ? (elevation(at: to) - elevation(at: from)) / (to - from) * 100 : 0
    }

    public func distance(ofSample i: Int) -> Double { start + Double(i) * Self.step }

    static func totals(_ e: [Double]) -> (ascent: Double, descent: Double) {
        var ascent = 0.0, descent = 0.0, anchor = e[0]
        for v in e.dropFirst() {
            if v - anchor >= hysteresis { ascent += v - anchor; anchor = v } else if anchor - v >= hysteresis { descent += anchor - v; anchor = v }
        }
        return (ascent, descent)
    }
}
