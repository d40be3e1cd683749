/// The workout a session's journal says it ran, told again to a session engine: a session
/// resumed after a crash (`SessionRecorder.rebuild`) takes up the `workout` marker's plan (Pacer's
/// text form) and its skips and clear at their times, so its laps and compliance continue.
enum JournalWorkout {
    /// The plan of a `workout` marker's detail (`{"name","steps","plan"}`); nil when it is
    /// damaged or no workout.
    static func plan(_ detail: String) -> Workout? {
        guard let json = try? JSONValue.parse(Array(detail.utf8)), let plan = json["plan"]?.string else { return nil }
        return try? WorkoutTextReader.read(Array(plan.utf8))
    }

    /// Applies one journal event to the engine when it is a workout marker; other events are not
    /// its business.
    static func replay(_ event: JournalEvent, on engine: inout SessionEngine) {
        guard case let .marker(time, kind, detail) = event else { return }
        let ignore: (SessionOutput) -> Void = { _ in }
        switch kind {
        case WorkoutSessionEvent.cleared.type: engine.run(nil, at: time.monotonicInstant, emit: ignore)
        case "workout": if let workout = plan(detail) { engine.run(workout, at: time.monotonicInstant, emit: ignore) }
        case WorkoutSessionEvent.skipped(step: 0).type: try? engine.skipWorkoutStep(at: time.monotonicInstant, emit: ignore)
        default: break
        }
    }

    /// A sample's watts as the power meter's notification, for the rebuilt engine's 3 s power;
    /// nil without power or beyond the characteristic's sint16.
    static func powerReading(_ watts: Int?) -> CyclingPowerMeasurement? {
        guard let watts, let w = Int16(exactly: watts) else { return nil }
        let bits = UInt16(bitPattern: w)
        return try? CyclingPowerMeasurement(bytes: [0, 0, UInt8(truncatingIfNeeded: bits), UInt8(truncatingIfNeeded: bits >> 8)])
    }
}
