/// The workout fields' readings (`step`, `target`, `step_left`): a target in the unit the user
/// reads (a speed target in km/h or mph, not m/s), the time or distance left in the step.
extension LiveField {
    static func targetUnit(_ kind: String, _ format: MeasurementFormatter) -> String {
        switch kind {
        case WorkoutTarget.Quantity.power.rawValue: "W"
        case WorkoutTarget.Quantity.heartRate.rawValue: "bpm"
        case WorkoutTarget.Quantity.speed.rawValue: format.speedUnit
        default: "rpm"
        }
    }

    /// `250-270`, one number for a single value; the plan's words when the range needs an FTP
    /// (or a zone) the config has none of.
    static func targetValue(_ w: LiveWorkout?, _ format: MeasurementFormatter) -> String {
        guard let t = w?.target else { return "--" }
        guard let low = t.low, let high = t.high else { return t.text }
        let show: (Double) -> String = { t.kind == WorkoutTarget.Quantity.speed.rawValue ? format.speed($0) : format.integer($0) }
        return low == high ? show(low) : show(low) + "-" + show(high)
    }

    static func stepLeft(_ w: LiveWorkout?, _ format: MeasurementFormatter) -> String {
        guard let w else { return "--" }
        if let m = w.remainingMeters { return format.distance(m) }
        return w.remainingSeconds.map { format.duration($0) } ?? "--"
    }
}
