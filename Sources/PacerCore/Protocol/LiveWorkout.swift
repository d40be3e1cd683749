/// STATE's `workout` object while a workout is loaded (left out without one): the step (from
/// 1; null before a session starts it), its target now in W, bpm, m/s or rpm (`low`/`high` null
/// when it needs an FTP the config has none of; `text` as the plan writes it), whether the
/// reading is in it (null until judged), and the time or distance left in the step.
public struct LiveWorkout: Equatable, Sendable {
    public var name: String
    /// 1-based; nil before the workout starts.
    public var step: Int?
    public var steps: Int
    public var stepName: String = ""
    public var target: Target?
    public var inTarget: Bool?
    public var remainingSeconds: Double?
    public var remainingMeters: Double?
    public var finished = false

    /// The target of the step: its quantity, its range now, and the plan's words for it.
    public struct Target: Equatable, Sendable {
        public var kind: String
        public var low: Double?
        public var high: Double?
        public var text: String
    }

    init(name: String, step: Int?, steps: Int) {
        self.name = name
        self.step = step
        self.steps = steps
    }

    init(_ status: WorkoutStatus) {
        self.init(name: status.name, step: status.step + 1, steps: status.steps)
        stepName = status.stepName
        target = status.target.map { Target(kind: $0.quantity.rawValue, low: status.range?.lowerBound, high: status.range?.upperBound,
                                            text: WorkoutTextWriter.target($0)) }
        inTarget = status.inTarget
        remainingSeconds = status.remainingSeconds
        remainingMeters = status.remainingMeters
        finished = status.finished
    }

    func write(into w: inout JSONWriter) {
        w.beginObject()
        w.key("name"); w.value(name)
        w.key("step"); w.value(step)
        w.key("steps"); w.value(steps)
        w.key("step_name"); w.value(stepName.isEmpty ? nil : stepName)
        w.key("target")
        if let target {
            w.beginObject()
            w.key("kind"); w.value(target.kind)
            w.key("low"); w.value(target.low, decimals: 1)
            w.key("high"); w.value(target.high, decimals: 1)
            w.key("text"); w.value(target.text)
            w.endObject()
        } else {
            w.null()
        }
        w.key("in_target")
        if let inTarget { w.value(inTarget) } else { w.null() }
        if let remainingMeters {
            w.key("remaining_m"); w.value(remainingMeters, decimals: 1)
        } else {
            w.key("remaining_s"); w.value(remainingSeconds, decimals: 1)
        }
        w.key("finished"); w.value(finished)
        w.endObject()
    }

    /// Decodes a `workout` object (pacerctl's side); nil when it is not one.
    init?(json: JSONValue) {
        guard let name = json["name"]?.string, let steps = json["steps"]?.number?.roundedInt() else { return nil }
        func finite(_ v: JSONValue?) -> Double? { v?.number.flatMap { $0.isFinite ? $0 : nil } }
        self.init(name: name, step: json["step"]?.number?.roundedInt(), steps: steps)
        stepName = json["step_name"]?.string ?? ""
        if let t = json["target"], let kind = t["kind"]?.string {
            target = Target(kind: kind, low: finite(t["low"]), high: finite(t["high"]), text: t["text"]?.string ?? "")
        }
        inTarget = json["in_target"]?.bool
        remainingSeconds = finite(json["remaining_s"])
        remainingMeters = finite(json["remaining_m"])
        finished = json["finished"]?.bool ?? false
    }
}
