/// Smooths a profile that is a function of distance (terrain) when its noise is a function of
/// time: the least-squares quadratic through the readings of the last `span` seconds, read at
/// the middle of them.
///
/// A low-pass filter in time flattens the same hill more the faster it is passed; a local
/// quadratic keeps a hill's top and bottom (a parabola exactly), so a roller ridden at speed
/// keeps its height, while white noise's variance falls to about 2.25 / (readings in the span).
/// The span is in seconds, not readings, so a sensor read four times as often is smoothed four
/// times as much. The value is half a span old.
///
/// Readings further than `outlierDistance` from a first fit are left out of a second one: a
/// spike of a few seconds (a gust on a barometer's port) would otherwise pull the fit by about
/// half its height, and a hill's top is smooth to centimetres over a span.
struct QuadraticSmoother: Sendable {
    typealias Reading = (instant: MonotonicInstant, value: Double)
    private typealias Curve = (a: Double, b: Double, c: Double)

    let span: Double
    private var readings: [Reading] = []

    init(span: Double) { self.span = span }

    /// Forgets every reading: after a gap, the next starts the profile again.
    mutating func reset() { readings.removeAll(keepingCapacity: true) }

    /// Adds a reading (instants must increase) and returns the smoothed value.
    mutating func add(_ value: Double, at instant: MonotonicInstant, outlierDistance: Double = .infinity) -> Double {
        readings.append((instant, value))
        if let first = readings.firstIndex(where: { instant.seconds(since: $0.instant) <= span }), first > 0 {
            readings.removeFirst(first)
        }
        return QuadraticSmoother.fitAtMiddle(readings, outlierDistance: outlierDistance)
    }

    /// The least-squares quadratic through `readings` at the middle of their time span, refitted
    /// without the readings `outlierDistance` off the first fit; their mean while they are too few
    /// to say more than a level.
    static func fitAtMiddle(_ readings: [Reading], outlierDistance: Double = .infinity) -> Double {
        guard let first = readings.first, let last = readings.last else { return .nan }
        var mean = 0.0
        for r in readings { mean += r.value }
        mean /= Double(readings.count)
        let half = last.instant.seconds(since: first.instant) / 2
        guard let all = fit(readings, origin: first.instant, half: half, level: mean, leavingOut: nil, beyond: 0) else {
            return mean
        }
        guard outlierDistance.isFinite,
              let kept = fit(readings, origin: first.instant, half: half, level: mean, leavingOut: all, beyond: outlierDistance)
        else { return mean + all.a }
        return mean + kept.a
    }

    /// The quadratic a + b x + c x^2 (x in seconds from the middle, values less `level`) through
    /// the readings, less those further than `distance` from `curve`; nil for fewer than 5.
    private static func fit(_ readings: [Reading], origin: MonotonicInstant, half: Double, level: Double,
                            leavingOut curve: Curve?, beyond distance: Double) -> Curve? {
        var s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0, t0 = 0.0, t1 = 0.0, t2 = 0.0
        for r in readings {
            let x = r.instant.seconds(since: origin) - half, y = r.value - level, xx = x * x
            if let curve, abs(y - (curve.a + curve.b * x + curve.c * xx)) > distance { continue }
            s0 += 1; s1 += x; s2 += xx; s3 += xx * x; s4 += xx * xx
            t0 += y; t1 += y * x; t2 += y * xx
        }
        guard s0 >= 5 else { return nil }
        // Cramer's rule for [s0 s1 s2; s1 s2 s3; s2 s3 s4] (a b c) = (t0 t1 t2).
        let determinant = s0 * (s2 * s4 - s3 * s3) - s1 * (s1 * s4 - s3 * s2) + s2 * (s1 * s3 - s2 * s2)
        guard determinant > 1e-9 * s0 * s4 * s4 else { return nil }
        let a = t0 * (s2 * s4 - s3 * s3) - s1 * (t1 * s4 - s3 * t2) + s2 * (t1 * s3 - s2 * t2)
        let b = s0 * (t1 * s4 - s3 * t2) - t0 * (s1 * s4 - s3 * s2) + s2 * (s1 * t2 - t1 * s2)
        let c = s0 * (s2 * t2 - t1 * s3) - s1 * (s1 * t2 - t1 * s2) + t0 * (s1 * s3 - s2 * s2)
        return (a / determinant, b / determinant, c / determinant)
    }
}
