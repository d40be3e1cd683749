/// Totals computed from a session's journal samples, for a session that never got its
/// engine summary (closed by recovery after a crash). Marked `interrupted`; the engine's
/// summary, when there is one, always wins.
public enum SessionSummarizer {
    /// Below this speed (m/s) a second is not moving time, as auto-pause would judge it.
    static let movingSpeed = 0.5

    public static func summarize(activity: Activity, start: UTCTime, samples: [SessionSample], events: [JournalEvent]) -> SessionSummary {
        var s = SessionSummary(activity: activity, start: start, interrupted: true)
        guard let last = samples.last else {
            s.end = start
            return s
        }
        s.end = last.time
        s.elapsedSeconds = max(0, last.time.secondsSinceEpoch - start.secondsSinceEpoch)
        s.distanceMeters = last.distanceMeters
        var moving = 0.0, maxSpeed: Double?, hrSum = 0.0, hrTime = 0.0, hrMax: Int?
        var cadSum = 0.0, cadTime = 0.0, gain: Double?, loss: Double?, refAlt: Double?
        var previous: SessionSample?
        for sample in samples {
            let dt = previous.map { min(5, max(0, sample.time.secondsSinceEpoch - $0.time.secondsSinceEpoch)) } ?? 0
            let movedBySpeed = (sample.speed ?? 0) >= movingSpeed
            let movedByDistance = previous.map { sample.distanceMeters - $0.distanceMeters >= movingSpeed * dt && dt > 0 } ?? false
            if movedBySpeed || movedByDistance { moving += dt }
            if let v = sample.speed { maxSpeed = max(maxSpeed ?? v, v) }
            if let hr = sample.heartRate, hr > 0 {
                hrMax = max(hrMax ?? hr, hr)
                hrSum += Double(hr) * max(dt, 1e-9); hrTime += max(dt, 1e-9)
            }
            if let c = sample.cadence, movedBySpeed || movedByDistance { cadSum += c * dt; cadTime += dt }
            if let a = sample.altitudeMSL {
                // 2 m hysteresis: GPS altitude noise is not climbing.
                if let ref = refAlt {
                    if a - ref >= 2 { gain = (gain ?? 0) + (a - ref); refAlt = a; loss = loss ?? 0 }
                    else if ref - a >= 2 { loss = (loss ?? 0) + (ref - a); refAlt = a; gain = gain ?? 0 }
                } else { refAlt = a; gain = 0; loss = 0 }
            }
            if let st = sample.steps { s.steps = st }
            previous = sample
        }
        s.movingSeconds = moving
        s.averageSpeed = moving > 0 ? s.distanceMeters / moving : nil
        s.maxSpeed = maxSpeed
        s.heartRateAverage = hrTime > 0 ? hrSum / hrTime : nil
        s.heartRateMax = hrMax
        s.cadenceAverage = cadTime > 0 ? cadSum / cadTime : nil
        s.elevationGain = gain
        s.elevationLoss = loss
        return s
    }
}
