/// Runs a workout on the receiver's timeline, a pure state machine like the session engine:
/// fed samples in time order (`update`) and the lap button or a skip, it says which step is on,
/// what to hold now and whether the athlete holds it, and returns the events. Step boundaries
/// fall at the exact second the plan puts them (a time step of 300 s that began at 60 ends at
/// 360 even when the next sample comes at 360.8; the next step starts at 360), so laps land
/// to the second and no error adds up over a long workout; a distance step ends where the
/// distance is reached, the instant found between the two samples around it.
public struct WorkoutRunner: Sendable {
    public struct Settings: Equatable, Sendable {
        /// Seconds a reading must stay out of the target before it counts as out (a power surge,
        /// a short drift); a step that starts out of its target gets its quantity's
        /// `settleSeconds` (the trainer's ramp, the heart's lag) if those are longer.
        public var graceSeconds = 5.0
        /// A single-value target (Zwift's Power="0.75") is held within this fraction either side.
        public var pointTolerance = 0.05
        /// A reading holds until the next one for at most this long.
        public var holdSeconds = 5.0
        public init() {}
    }

    public let workout: Workout
    public let steps: [WorkoutStep]
    public var athlete: WorkoutAthlete
    public var settings: Settings
    /// nil until the first sample starts the workout.
    public private(set) var stepIndex: Int?
    public private(set) var finished = false
    /// One per step begun, in order.
    public private(set) var compliance: [WorkoutStepCompliance] = []

    private var stepStart = 0.0
    private var stepStartDistance = 0.0
    private var last: WorkoutSample?
    /// Compliance is counted up to here.
    private var accountedUntil = 0.0
    private var judgement: WorkoutJudgement?
    private var outSince: Double?
    /// The side the reading is out on while the grace runs.
    private var pendingSide: WorkoutJudgement?

    public init(_ workout: Workout, athlete: WorkoutAthlete, settings: Settings = Settings()) {
        self.workout = workout
        steps = workout.steps
        self.athlete = athlete
        self.settings = settings
    }

    /// Takes the next sample; one that goes back in time (or is no number) is ignored. The first
    /// sample starts the workout at its time and distance.
    public mutating func update(_ sample: WorkoutSample) -> [WorkoutEvent] {
        guard !finished, sample.time.isFinite, sample.time >= (last?.time ?? -.infinity), !steps.isEmpty else { return [] }
        var events: [WorkoutEvent] = []
        if stepIndex == nil {
            begin(0, at: sample.time, distance: sample.distance ?? 0, events: &events)
        }
        while !finished, let end = boundary(before: sample) {
            account(until: end.time)
            advance(at: end.time, distance: end.distance, events: &events)
        }
        account(until: sample.time)
        last = sample
        if !finished { judge(sample, events: &events) }
        return events
    }

    /// Ends the current step at `time` (not before it began) and begins the next.
    public mutating func skip(at time: Double) -> [WorkoutEvent] {
        guard !finished, stepIndex != nil, time.isFinite else { return [] }
        let at = max(time, stepStart)
        account(until: at)
        var events: [WorkoutEvent] = []
        advance(at: at, distance: distance(at: at), events: &events)
        return events
    }

    /// The lap button: ends the current step when it is an open one (a timed step runs on).
    public mutating func lapPressed(at time: Double) -> [WorkoutEvent] {
        guard let k = stepIndex, !finished, steps[k].duration == .open else { return [] }
        return skip(at: time)
    }

    /// Where the workout stands after the last sample; nil before it starts.
    public var status: WorkoutStatus? {
        guard let k = stepIndex else { return nil }
        let step = steps[k]
        let now = last?.time ?? stepStart
        var status = WorkoutStatus(name: workout.name, step: k, steps: steps.count, stepName: step.name, target: step.target,
                                   range: finished ? nil : band(k, at: now, distance: last?.distance, widened: false), judgement: finished ? nil : judgement,
                                   remainingSeconds: nil, remainingMeters: nil, finished: finished)
        switch step.duration {
        case .seconds(let s): status.remainingSeconds = finished ? 0 : max(0, stepStart + s - now)
        case .meters(let m): status.remainingMeters = finished ? 0 : max(0, stepStartDistance + m - (last?.distance ?? stepStartDistance))
        case .open: break
        }
        return status
    }

    // MARK: Steps

    private mutating func begin(_ k: Int, at time: Double, distance: Double, events: inout [WorkoutEvent]) {
        stepIndex = k
        stepStart = time
        stepStartDistance = distance
        accountedUntil = time
        judgement = nil
        outSince = nil
        pendingSide = nil
        let target = steps[k].target
        compliance.append(WorkoutStepCompliance(step: k, target: target, start: time,
                                                resolved: target.flatMap { athlete.range(of: $0, at: 0) }))
        events.append(.step(index: k, at: time))
    }

    private mutating func advance(at time: Double, distance: Double, events: inout [WorkoutEvent]) {
        guard let k = stepIndex else { return }
        if var c = compliance.popLast() {
            c.end = time
            c.resolvedAtEnd = steps[k].target.flatMap { athlete.range(of: $0, at: 1) }
            compliance.append(c)
        }
        if k + 1 < steps.count {
            begin(k + 1, at: time, distance: distance, events: &events)
        } else {
            finished = true
            judgement = nil
            events.append(.finished(at: time))
        }
    }

    /// Where the current step ends if it ends by `sample`: the time and the distance there.
    private func boundary(before sample: WorkoutSample) -> (time: Double, distance: Double)? {
        guard let k = stepIndex else { return nil }
        switch steps[k].duration {
        case .open:
            return nil
        case .seconds(let s):
            let end = stepStart + s
            return end <= sample.time ? (end, distance(at: end, next: sample)) : nil
        case .meters(let m):
            let goal = stepStartDistance + m
            guard let reached = sample.distance, reached >= goal else { return nil }
            var time = sample.time
            if let before = last, let from = before.distance, from < goal, reached > from {
                time = before.time + (sample.time - before.time) * (goal - from) / (reached - from)
            }
            return (min(sample.time, max(time, stepStart)), goal)
        }
    }

    /// The distance at `time`, between the last sample and `next` when there is one.
    private func distance(at time: Double, next: WorkoutSample? = nil) -> Double {
        guard let before = last, let from = before.distance else { return next?.distance ?? stepStartDistance }
        guard let next, let to = next.distance, next.time > before.time else { return from }
        return from + (to - from) * min(1, max(0, (time - before.time) / (next.time - before.time)))
    }

    /// How far through step `k` the time (or distance) is, 0...1; 0 for an open step.
    private func fraction(_ k: Int, at time: Double, distance: Double?) -> Double {
        switch steps[k].duration {
        case .seconds(let s): return (time - stepStart) / s
        case .meters(let m): return ((distance ?? stepStartDistance) - stepStartDistance) / m
        case .open: return 0
        }
    }

    /// The target's range at that moment; `widened` gives a single value its tolerance.
    private func band(_ k: Int, at time: Double, distance: Double?, widened: Bool) -> ClosedRange<Double>? {
        guard let target = steps[k].target,
              let range = athlete.range(of: target, at: fraction(k, at: time, distance: distance)) else { return nil }
        guard widened, range.lowerBound == range.upperBound else { return range }
        let slack = abs(range.lowerBound) * settings.pointTolerance
        return (range.lowerBound - slack)...(range.upperBound + slack)
    }

    // MARK: Judging

    /// Counts the held reading of the last sample from `accountedUntil` to `time` into the step.
    private mutating func account(until time: Double) {
        defer { accountedUntil = max(accountedUntil, time) }
        guard let k = stepIndex, let before = last, let quantity = steps[k].target?.quantity,
              let value = before.value(quantity), var c = compliance.popLast() else { return }
        let heldUntil = min(time, before.time + settings.holdSeconds)
        let seconds = heldUntil - accountedUntil
        if seconds > 0 {
            let middle = accountedUntil + seconds / 2
            c.add(value, mean: before.meanValue(quantity) ?? value, seconds: seconds,
                  band: band(k, at: middle, distance: distance(at: middle), widened: true))
        }
        compliance.append(c)
    }

    /// Judges the sample against the target, with the grace period before it counts as out.
    private mutating func judge(_ sample: WorkoutSample, events: inout [WorkoutEvent]) {
        guard let k = stepIndex, let quantity = steps[k].target?.quantity, let value = sample.value(quantity),
              let band = band(k, at: sample.time, distance: sample.distance, widened: true) else {
            outSince = nil
            pendingSide = nil
            return
        }
        let now = WorkoutJudgement.of(value, in: band)
        guard now != .within else {
            judgement = .within
            pendingSide = nil
            outSince = nil
            return
        }
        if pendingSide != now {
            // Out from the step's start (nothing judged yet): the grace counts from the start.
            outSince = pendingSide == nil && judgement == nil ? stepStart : sample.time
            pendingSide = now
        }
        let grace = judgement == nil ? max(settings.graceSeconds, quantity.settleSeconds) : settings.graceSeconds
        guard let since = outSince, sample.time - since >= grace, judgement != now else { return }
        judgement = now
        events.append(now == .below ? .targetLow(step: k, at: sample.time) : .targetHigh(step: k, at: sample.time))
    }
}
