/// What a workout does to a session, as the protocol and the journal carry it: the workout
/// taken up (its plan in the journal, so history and a rebuilt session know it), the runner's
/// events (`WorkoutEvent`), a skip and a clear (noted so that what happened can be told again).
public enum WorkoutSessionEvent: Equatable, Sendable {
    case loaded(Workout)
    case runner(WorkoutEvent, steps: [WorkoutStep])
    /// The step (0-based) a `workout skip` ended early.
    case skipped(step: Int)
    case cleared

    /// The EVENT `type` (a `LiveEvent.Kind` raw value) and the journal marker's kind.
    public var type: String {
        switch self {
        case .loaded: "workout"
        case let .runner(event, _): event.type
        case .skipped: "workout_skipped"
        case .cleared: "workout_cleared"
        }
    }

    /// The EVENT's fields; steps are numbered from 1 as STATE numbers them.
    public var details: [(String, JSONValue)] {
        switch self {
        case let .loaded(workout): return [("name", .string(workout.name)), ("steps", .number(Double(workout.stepCount)))]
        case let .runner(.step(index, _), steps):
            let step = steps[index]
            var out: [(String, JSONValue)] = [("step", .number(Double(index + 1))), ("steps", .number(Double(steps.count))),
                                               ("name", step.name.isEmpty ? .null : .string(step.name)),
                                               ("text", .string(WorkoutTextWriter.step(step)))]
            if let s = step.duration.seconds { out.append(("duration_s", .number(s))) }
            if let m = step.duration.meters { out.append(("distance_m", .number(m))) }
            return out
        case let .runner(.targetLow(index, _), _), let .runner(.targetHigh(index, _), _): return [("step", .number(Double(index + 1)))]
        case .runner(.finished, _), .cleared: return []
        case let .skipped(index): return [("step", .number(Double(index + 1)))]
        }
    }

    /// The journal marker's detail: for the workout, `{"name","steps","plan"}` with the plan in
    /// Pacer's text form (`JournalWorkout` reads it back); else the step's number, or nothing.
    var journalDetail: String {
        switch self {
        case let .loaded(workout):
            var w = JSONWriter(capacity: 128)
            w.beginObject()
            w.key("name"); w.value(workout.name)
            w.key("steps"); w.value(workout.stepCount)
            w.key("plan"); w.value(WorkoutTextWriter.write(workout))
            w.endObject()
            return String(decoding: w.takeBytes(), as: UTF8.self)
        case let .runner(.step(index, _), _), let .runner(.targetLow(index, _), _), let .runner(.targetHigh(index, _), _),
             let .skipped(index):
            return String(index + 1)
        case .runner(.finished, _), .cleared: return ""
        }
    }
}
