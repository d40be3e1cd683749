/// One value `pacerctl watch` can show, one row each in `table`: the name users write in
/// `[display] fields`, its label, and how to read it from the live state. Values that do not
/// exist (no power meter, no goals, no lap yet) show as `--`.
public struct LiveField: Sendable {
    /// What a field reads: the latest STATE, the latest lap EVENT, and the user's units.
    public struct Context {
        public var state: LiveState?
        public var lastLap: LiveEvent?
        public var format: MeasurementFormatter
        public init(state: LiveState?, lastLap: LiveEvent?, format: MeasurementFormatter) {
            self.state = state
            self.lastLap = lastLap
            self.format = format
        }
        var session: LiveSession? { state?.session }
        var ride: Bool { session?.activity == .ride }
    }

    public let name: String
    /// Reads the live state; big fields draw the number in block digits.
    let label: @Sendable (Context) -> String
    let value: @Sendable (Context) -> String
    /// Shown only while a session records (the idle screen has a hint instead).
    let needsSession: Bool

    public static func named(_ name: String) -> LiveField? { table.first { $0.name == name } }
    public static var names: [String] { table.map(\.name) }

    public static let table: [LiveField] = [
        LiveField(name: "elapsed", label: { _ in "TIME" }, value: { $0.format.duration($0.session?.elapsedSeconds ?? 0) }, needsSession: false),
        LiveField(name: "moving", label: { _ in "MOVING" }, value: { $0.format.duration($0.session?.movingSeconds) }, needsSession: true),
        LiveField(name: "distance", label: { "DISTANCE \($0.format.distanceUnit)" }, value: { $0.format.distance($0.session?.distanceMeters ?? 0) },
                  needsSession: false),
        // On a ride, pace is the speed (what a cyclist reads); `speed` is always the speed.
        LiveField(name: "pace", label: { $0.ride ? "SPEED \($0.format.speedUnit)" : "PACE \($0.format.paceUnit)" },
                  value: { $0.ride ? $0.format.speed($0.session?.speed) : $0.format.pace(secondsPerKilometre: $0.session?.paceSecondsPerKilometre) },
                  needsSession: false),
        LiveField(name: "avg_pace", label: { $0.ride ? "AVG \($0.format.speedUnit)" : "AVG \($0.format.paceUnit)" }, value: { c in
            guard let s = c.session else { return "--" }
            return c.ride ? c.format.speed(s.distanceMeters / max(s.movingSeconds, 1)) : c.format.pace(secondsPerKilometre: s.averagePaceSecondsPerKilometre)
        }, needsSession: true),
        LiveField(name: "speed", label: { "SPEED \($0.format.speedUnit)" }, value: { $0.format.speed($0.session?.speed) }, needsSession: true),
        LiveField(name: "hr", label: { c in "HEART RATE" + (c.session?.heartRateZone.map { "  zone \($0)" } ?? "") },
                  value: { $0.session?.heartRate.map(String.init) ?? "--" }, needsSession: false),
        LiveField(name: "zone", label: { _ in "ZONE" }, value: { $0.session?.heartRateZone.map(String.init) ?? "--" }, needsSession: true),
        LiveField(name: "cadence", label: { $0.ride ? "CADENCE rpm" : "CADENCE spm" }, value: { $0.format.integer($0.session?.cadence) }, needsSession: true),
        LiveField(name: "power", label: { _ in "POWER W" }, value: { $0.format.integer($0.session?.power) }, needsSession: true),
        LiveField(name: "power_3s", label: { _ in "POWER 3s W" }, value: { $0.format.integer($0.session?.power3s) }, needsSession: true),
        LiveField(name: "steps", label: { _ in "STEPS" }, value: { $0.format.integer($0.session?.steps) }, needsSession: true),
        LiveField(name: "calories", label: { _ in "KCAL" }, value: { $0.format.integer($0.session?.calories) }, needsSession: true),
        LiveField(name: "climb", label: { "CLIMB \($0.format.elevationUnit)" }, value: { $0.format.elevation($0.session?.elevationGain) }, needsSession: true),
        LiveField(name: "lap", label: { _ in "LAP" }, value: { c in c.session.map { String($0.lap) } ?? "--" }, needsSession: true),
        // The last completed lap, as its EVENT told it (a watch started mid-lap knows no earlier one).
        LiveField(name: "last_lap_time", label: { _ in "LAST LAP" }, value: { c in c.format.duration(c.lastLap?["elapsed_s"]?.number) }, needsSession: true),
        LiveField(name: "last_lap_pace", label: { $0.ride ? "LAST LAP \($0.format.speedUnit)" : "LAST LAP \($0.format.paceUnit)" }, value: { c in
            c.ride ? c.format.speed(c.lastLap?["avg_speed_mps"]?.number) : c.format.pace(secondsPerKilometre: c.lastLap?["pace_s_per_km"]?.number)
        }, needsSession: true),
        // Progress towards the first daily goal (else weekly) as the daemon counts it, session included.
        LiveField(name: "goal", label: { c in "GOAL " + (LiveField.firstGoal(c)?.goal.name ?? "") }, value: { c in
            guard let p = LiveField.firstGoal(c) else { return "--" }
            return c.format.integer(100 * p.done / max(p.goal.target, 1e-9)) + "%"
        }, needsSession: false),
        // Following a course: what is left of it, the next cue, what is left of the climb.
        LiveField(name: "to_go", label: { "TO GO \($0.format.distanceUnit)" }, value: { c in
            c.state?.course.flatMap { $0.progress.along != nil ? c.format.distance($0.progress.toGo) : nil } ?? "--"
        }, needsSession: false),
        LiveField(name: "next_point", label: { c in "NEXT " + (c.state?.course?.progress.nextCue.map { $0.cue.name.isEmpty ? $0.cue.kind.name : $0.cue.name } ?? "")
            + " \(c.format.elevationUnit)" }, value: { c in c.format.elevation(c.state?.course?.progress.nextCue?.inMeters) }, needsSession: false),
        LiveField(name: "climb_left", label: { c in "CLIMB LEFT \(c.format.elevationUnit)" + (c.state?.course?.progress.climb.map { "  \(UnitSystem.fixed($0.grade, 1)) %" } ?? "") },
                  value: { c in c.format.elevation(c.state?.course?.progress.climb?.gainToGo) }, needsSession: false),
        // Running a workout: the step, its target now, and the time (or distance) left in it.
        LiveField(name: "step", label: { c in "STEP " + (c.state?.workout?.stepName ?? "") }, value: { c in
            c.state?.workout.flatMap { w in w.step.map { "\($0)/\(w.steps)" } } ?? "--"
        }, needsSession: false),
        LiveField(name: "target", label: { c in "TARGET " + (c.state?.workout?.target.map { LiveField.targetUnit($0.kind, c.format) } ?? "") },
                  value: { c in LiveField.targetValue(c.state?.workout, c.format) }, needsSession: false),
        LiveField(name: "step_left", label: { c in c.state?.workout?.remainingMeters != nil ? "STEP LEFT \(c.format.distanceUnit)" : "STEP LEFT" },
                  value: { c in LiveField.stepLeft(c.state?.workout, c.format) }, needsSession: false),
        LiveField(name: "activity", label: { _ in "" }, value: { $0.session?.activity.rawValue ?? "--" }, needsSession: true),
        LiveField(name: "state", label: { _ in "" }, value: { $0.session?.state.rawValue ?? "--" }, needsSession: true),
    ]

    static func firstGoal(_ c: Context) -> GoalReport.Progress? { c.state?.goals.flatMap { $0.daily.first ?? $0.weekly.first } }
}
