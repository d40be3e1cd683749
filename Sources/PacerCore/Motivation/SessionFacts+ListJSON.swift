extension SessionFacts {
    /// One row of the daemon's SESSIONS list: what a session list shows, read from the history
    /// index's rows alone (a `SessionSummary` with laps and splits is `pacerctl show`'s).
    public func writeListJSON(into w: inout JSONWriter) {
        w.beginObject()
        w.key("id"); w.value(String(id))
        w.key("activity"); w.value(activity.rawValue)
        w.key("start"); w.value(UTCTime(millisecondsSinceEpoch: start))
        w.key("end"); w.value(end)
        w.key("elapsed_s"); w.value(elapsedSeconds, decimals: 3)
        w.key("moving_s"); w.value(movingSeconds, decimals: 3)
        w.key("distance_m"); w.value(distanceMeters, decimals: 2)
        w.key("steps"); w.value(steps.flatMap { $0.roundedInt(.towardZero) })
        w.key("calories_kcal"); w.value(calories, decimals: 1)
        w.key("trimp"); w.value(trimp, decimals: 2)
        w.key("interrupted"); w.value(interrupted)
        w.endObject()
    }
}
