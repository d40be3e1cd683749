/// Running a structured workout: the runner takes each second's sample of an active session on
/// the session's timeline (so pacerd and replay step at the same instants), a lap closes at
/// each step change at the exact boundary time, its events go out with the others (and into the
/// journal as markers), the summary holds each step's compliance and STATE's `workout` reads it.
extension SessionEngine {
    /// Takes up a workout (nil clears it). A session being recorded runs it from now, from its
    /// first step, and notes it in the journal; the next session runs it from its start.
    public mutating func run(_ workout: Workout?, at instant: MonotonicInstant, emit: (SessionOutput) -> Void) {
        let had = workoutRunner != nil
        workoutRunner = workout.map { WorkoutRunner($0, athlete: WorkoutAthlete(ftpWatts: config.athlete.ftpWatts, profile: config.athlete)) }
        guard phase.isActive else { return }
        if let workout {
            emit(.event(.workout(time: utc(instant), .loaded(workout))))
        } else if had {
            emit(.event(.workout(time: utc(instant), .cleared)))
        }
    }

    public var workout: Workout? { workoutRunner?.workout }

    /// Ends the current step now (`workout skip`) and begins the next, with its lap.
    public mutating func skipWorkoutStep(at instant: MonotonicInstant, emit: (SessionOutput) -> Void) throws(WorkoutCommandError) {
        guard var runner = workoutRunner else { throw WorkoutCommandError("no workout is loaded") }
        guard phase.isActive, let start = startInstant, let step = runner.stepIndex else {
            throw WorkoutCommandError("the workout starts with a session")
        }
        guard !runner.finished else { throw WorkoutCommandError("the workout is finished") }
        let events = runner.skip(at: instant.seconds(since: start))
        workoutRunner = runner
        emit(.event(.workout(time: utc(instant), .skipped(step: step))))
        announce(events, emit: emit)
    }

    /// One second's sample of the session: the runner's time is the session's seconds.
    mutating func feedWorkout(_ sample: WorkoutSample, emit: (SessionOutput) -> Void) {
        guard var runner = workoutRunner else { return }
        let events = runner.update(sample)
        workoutRunner = runner
        announce(events, emit: emit)
    }

    /// The runner's events as session events, each at its exact time; a lap at each step change
    /// after the first and at the finish.
    private mutating func announce(_ events: [WorkoutEvent], emit: (SessionOutput) -> Void) {
        guard let start = startInstant, let steps = workoutRunner?.steps else { return }
        for event in events {
            let instant = start.advanced(bySeconds: event.time)
            emit(.event(.workout(time: utc(instant), .runner(event, steps: steps))))
            switch event {
            case .step(let index, _) where index > 0: closeLap(at: instant, trigger: .workout, emit: emit)
            case .finished: closeLap(at: instant, trigger: .workout, emit: emit)
            default: break
            }
        }
    }

    /// The summary's workout fields, when a workout ran in this session.
    func addWorkout(to s: inout SessionSummary) {
        guard let runner = workoutRunner, !runner.compliance.isEmpty else { return }
        s.workoutName = runner.workout.name
        s.workoutSteps = WorkoutStepSummary.of(runner.compliance, end: s.elapsedSeconds)
    }

    /// STATE's `workout` object: nil without a workout.
    public func liveWorkout() -> LiveWorkout? {
        guard let runner = workoutRunner else { return nil }
        guard let status = runner.status else {
            return LiveWorkout(name: runner.workout.name, step: nil, steps: runner.steps.count)
        }
        return LiveWorkout(status)
    }
}
