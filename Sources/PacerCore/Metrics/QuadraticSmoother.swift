/// Smooths a profile that is a function of distance (terrain) when its noise is a function of
/// time: the least-squares quadratic through the readings of the last `span` seconds, read at
/// the middle of them.
///
/// A low-pass filter in time flattens the same hill more the faster it is passed; a local
/// quadratic keeps a hill's top and bottom (a parabola exactly), so a roller ridden at speed
/// keeps its height, while white noise's variance falls to about 2.25 / (readings in the span).
/// The span is in seconds, not readings, so a sensor read four times as often is smoothed four
/// times as much. The value is half a span old.
struct QuadraticSmoother: Sendable {
    let span: Double
    private var readings: [(instant: MonotonicInstant, value: Double)] = []

    init(span: Double) { self.span = span }

    /// Forgets every reading: after a gap, the next starts the profile again.
    mutating func reset() { readings.removeAll(keepingCapacity: true) }

    /// Adds a reading (instants must increase) and returns the smoothed value.
    mutating func add(_ value: Double, at instant: MonotonicInstant) -> Double {
        readings.append((instant, value))
        if let first = readings.firstIndex(where: { instant.seconds(since: $0.instant) <= span }), first > 0 {
            readings.removeFirst(first)
        }
        return QuadraticSmoother.fitAtMiddle(readings)
    }

    /// The least-squares quadratic through `readings` at the middle of their time span; their mean
    /// while they are too few to say more than a level.
    static func fitAtMiddle(_ readings: [(instant: MonotonicInstant, value: Double)]) -> Double {
        guard let first = readings.first, let last = readings.last else { return .nan }
        var mean = 0.0
        for r in readings { mean += r.value }
        mean /= Double(readings.count)
        guard readings.count >= 5 else { return mean }
        let half = last.instant.seconds(since: first.instant) / 2
        // Sums of x^0...x^4 and y x^0...y x^2, x in seconds from the middle, y from the mean.
        var s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0, t0 = 0.0, t1 = 0.0, t2 = 0.0
        for r in readings {
            let x = r.instant.seconds(since: first.instant) - half, y = r.value - mean, xx = x * x
            s0 += 1; s1 += x; s2 += xx; s3 += xx * x; s4 += xx * xx
            t0 += y; t1 += y * x; t2 += y * xx
        }
        // Cramer's rule for the constant term of [s0 s1 s2; s1 s2 s3; s2 s3 s4] (a b c) = (t0 t1 t2).
        let determinant = s0 * (s2 * s4 - s3 * s3) - s1 * (s1 * s4 - s3 * s2) + s2 * (s1 * s3 - s2 * s2)
        guard determinant > 1e-9 * s0 * s4 * s4 else { return mean }
        let a = t0 * (s2 * s4 - s3 * s3) - s1 * (t1 * s4 - s3 * t2) + s2 * (t1 * s3 - s2 * t2)
        return mean + a / determinant
    }
}
