/// The one JSON form of a summary, shared by `pacerctl replay --json`, `sessions --json` and
/// `show`, so that history prints exactly what replay printed (DESIGN.md field names).
extension SessionSummary {
    public func writeJSON(into w: inout JSONWriter) {
        w.beginObject()
        w.key("id"); w.value(id)
        w.key("activity"); w.value(activity.rawValue)
        w.key("start"); w.value(start)
        w.key("end"); w.value(end)
        w.key("elapsed_s"); w.value(elapsedSeconds, decimals: 3)
        w.key("moving_s"); w.value(movingSeconds, decimals: 3)
        w.key("distance_m"); w.value(distanceMeters, decimals: 2)
        w.key("avg_speed_mps"); w.value(averageSpeed, decimals: 3)
        w.key("max_speed_mps"); w.value(maxSpeed, decimals: 3)
        w.key("elevation_gain_m"); w.value(elevationGain, decimals: 2)
        w.key("elevation_loss_m"); w.value(elevationLoss, decimals: 2)
        w.key("hr_avg"); w.value(heartRateAverage, decimals: 1)
        w.key("hr_max"); w.value(heartRateMax)
        w.key("hr_zones_s")
        if let zones = heartRateZoneSeconds {
            w.beginArray()
            for z in zones { w.value(z, decimals: 3) }
            w.endArray()
        } else {
            w.null()
        }
        w.key("steps"); w.value(steps)
        // A ride's cadence is the crank's (rpm), a run's or walk's the steps' (spm): one or the other.
        w.key("cadence_avg_spm"); w.value(activity == .ride ? nil : cadenceAverage, decimals: 1)
        w.key("cadence_avg_rpm"); w.value(activity == .ride ? cadenceAverage : nil, decimals: 1)
        w.key("power_avg_w"); w.value(powerAverage, decimals: 1)
        w.key("power_max_w"); w.value(powerMax)
        w.key("power_np_w"); w.value(powerNormalized, decimals: 1)
        w.key("calories_kcal"); w.value(calories, decimals: 1)
        w.key("rmssd_ms"); w.value(rmssd, decimals: 2)
        w.key("trimp"); w.value(trimp, decimals: 2)
        w.key("interrupted"); w.value(interrupted)
        w.key("laps"); SegmentSummary.writeJSON(laps, activity: activity, into: &w)
        w.key("splits"); SegmentSummary.writeJSON(splits, activity: activity, into: &w)
        w.endObject()
    }

    /// The summary as one JSON document (no trailing newline).
    public var json: String {
        var w = JSONWriter(capacity: 1024)
        writeJSON(into: &w)
        return String(decoding: w.bytes, as: UTF8.self)
    }
}

extension SegmentSummary {
    /// `activity` says whether the cadence is a crank's (ride: rpm) or steps' (spm).
    public func writeJSON(activity: Activity, into w: inout JSONWriter) {
        w.beginObject()
        w.key("index"); w.value(index)
        w.key("start"); w.value(start)
        w.key("elapsed_s"); w.value(elapsedSeconds, decimals: 3)
        w.key("moving_s"); w.value(movingSeconds, decimals: 3)
        w.key("distance_m"); w.value(distanceMeters, decimals: 2)
        w.key("avg_speed_mps"); w.value(averageSpeed, decimals: 3)
        w.key("pace_s_per_km"); w.value(paceSecondsPerKilometre, decimals: 1)
        w.key("hr_avg"); w.value(heartRateAverage, decimals: 1)
        w.key("cadence_avg_spm"); w.value(activity == .ride ? nil : cadenceAverage, decimals: 1)
        w.key("cadence_avg_rpm"); w.value(activity == .ride ? cadenceAverage : nil, decimals: 1)
        w.key("power_avg_w"); w.value(powerAverage, decimals: 1)
        w.key("power_max_w"); w.value(powerMax)
        w.key("power_np_w"); w.value(powerNormalized, decimals: 1)
        w.key("elevation_gain_m"); w.value(elevationGain, decimals: 2)
        w.endObject()
    }

    static func writeJSON(_ segments: [SegmentSummary], activity: Activity, into w: inout JSONWriter) {
        w.beginArray()
        for s in segments { s.writeJSON(activity: activity, into: &w) }
        w.endArray()
    }
}
