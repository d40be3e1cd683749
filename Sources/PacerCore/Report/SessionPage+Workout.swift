/// The report page of a session that ran a workout: one row per step with its length, its target,
/// the average of the target's quantity and the time in the target (its share of the measured
/// time), as the summary's `workout_steps` hold them: the journal alone, the file may be gone.
extension SessionPage {
    func workoutSteps(_ s: SessionSummary, into h: inout XMLText) {
        guard let steps = s.workoutSteps, !steps.isEmpty else { return }
        ReportHTML.section("Workout", id: "workout", into: &h)
        ReportHTML.note((s.workoutName ?? "Workout") + ": \(steps.count) steps", into: &h)
        let rows = steps.map { [String($0.step), UnitSystem.clock($0.seconds), $0.targetText, $0.averageText ?? "--", $0.inTargetText ?? "--"] }
        ReportHTML.table(["Step", "Duration", "Target", "Average", "Time in target"], rows, cssClass: "workout", into: &h)
        h.raw("</section>\n")
    }
}
