/// Cumulative totals of a session at one instant; a lap or split is the difference of two.
struct SessionTotals: Sendable {
    var elapsed = 0.0
    var moving = 0.0
    var distance = 0.0
    var heartRateSum = 0.0
    var heartRateSeconds = 0.0
    var cadenceSum = 0.0
    var cadenceSeconds = 0.0
    var elevationGain = 0.0
    var power = PowerTracker.Totals()

    /// Linear interpolation between two snapshots (a split boundary falls between two fixes).
    static func interpolate(_ a: SessionTotals, _ b: SessionTotals, fraction f: Double) -> SessionTotals {
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * f }
        return SessionTotals(elapsed: mix(a.elapsed, b.elapsed), moving: mix(a.moving, b.moving), distance: mix(a.distance, b.distance),
                             heartRateSum: mix(a.heartRateSum, b.heartRateSum), heartRateSeconds: mix(a.heartRateSeconds, b.heartRateSeconds),
                             cadenceSum: mix(a.cadenceSum, b.cadenceSum), cadenceSeconds: mix(a.cadenceSeconds, b.cadenceSeconds),
                             elevationGain: mix(a.elevationGain, b.elevationGain),
                             power: .init(joules: mix(a.power.joules, b.power.joules), seconds: mix(a.power.seconds, b.power.seconds)))
    }

    /// The segment from `start` to `self`; power's maximum and NP are no differences: the caller's.
    func segment(since start: SessionTotals, index: Int, startTime: UTCTime?,
                 power extremes: (maximum: Int?, normalized: Double?) = (nil, nil)) -> SegmentSummary {
        let moving = self.moving - start.moving
        let distance = self.distance - start.distance
        let hrSeconds = heartRateSeconds - start.heartRateSeconds
        let cadSeconds = cadenceSeconds - start.cadenceSeconds
        var segment = SegmentSummary(index: index, start: startTime, elapsedSeconds: elapsed - start.elapsed, movingSeconds: moving,
                              distanceMeters: distance, averageSpeed: moving > 0 ? distance / moving : nil,
                              heartRateAverage: hrSeconds > 0 ? (heartRateSum - start.heartRateSum) / hrSeconds : nil,
                              cadenceAverage: cadSeconds > 0 ? (cadenceSum - start.cadenceSum) / cadSeconds : nil,
                              elevationGain: elevationGain - start.elevationGain)
        segment.powerAverage = power.since(start.power).average
        segment.powerMax = extremes.maximum
        segment.powerNormalized = extremes.normalized
        return segment
    }
}
