/// Drives a smart trainer through its FTMS control point, as a pure state machine: the engine
/// hands it the trainer's answers and, each second, the target (the workout's power range, the
/// course's grade); it returns the writes to make and the state changes to announce. Live and
/// replay feed it the same inputs on the session's timeline, so a replay decides the same writes
/// (and writes nothing).
///
/// Order, as FTMS wants it: Request Control, then Start or Resume, then targets; one write at a
/// time, the next only after the trainer's Response Code (or `answerSeconds` without one). ERG
/// sends Set Target Power at each step change and when a ramp has moved `rampWatts`; otherwise
/// (sim mode, a free ride, a % FTP step without an FTP) it sends the grade as simulation
/// parameters when it moved `gradeHundredths`. A refusal leaves the workout running and is
/// asked again after `retrySeconds`; lost control (status reset or permission lost, or a write
/// answered "control not permitted") is asked for again at once; a trainer silent for
/// `silenceSeconds` is dropped, and taken up again when it speaks. A trainer that answers a
/// target power "not supported" (one that only simulates) rides the grade for the rest of the
/// session, one that cannot simulate gets power steps only, and one that supports neither is
/// `not_supported`, the workout running without it.
public struct TrainerController: Sendable {
    public enum State: String, Equatable, Sendable {
        /// No value from a trainer yet (or mode off).
        case waiting
        case requesting, starting, controlling, refused
        case notSupported = "not_supported"
        case dropped
    }

    /// What the trainer should hold now.
    public struct Target: Equatable, Sendable {
        /// Watts, for a power step the athlete's FTP resolves; nil otherwise.
        public var power: ClosedRange<Double>? = nil
        /// The workout step it belongs to: a new step sends its target even when close to the last.
        public var step: Int? = nil
        /// The course's grade at the rider's position in %; nil without a course (0 % is sent).
        public var grade: Double? = nil
    }

    public static let answerSeconds = 5.0
    public static let retrySeconds = 30.0
    public static let silenceSeconds = 10.0
    public static let rampWatts = 3
    public static let gradeHundredths = 50
    /// Rolling resistance 0.0040 and wind resistance 0.51 kg/m: a road bike on tarmac.
    static let crr10000: UInt8 = 40
    static let cwHundredths: UInt8 = 51
    /// The range assumed until the trainer's Supported Power Range is read.
    static let defaultRange = FTMSPowerRange(minimum: 0, maximum: 2000, increment: 1)

    public let mode: TrainerSettings.Mode
    public private(set) var state = State.waiting
    public private(set) var range: FTMSPowerRange?
    /// The last target power written (W), or nil when the last target was a grade.
    public private(set) var targetWatts: Int?
    /// The last grade written, in 0.01 %.
    public private(set) var gradeSent: Int?
    /// The trainer answered Set Target Power "not supported": ERG steps ride the grade.
    private var ergUnsupported = false
    /// The trainer answered the simulation parameters "not supported": only power steps are sent.
    private var simulationUnsupported = false
    /// The target of the last `decide`; nil before the first (nothing to send yet).
    private var target: Target?
    private var sentStep: Int?
    private var pending: (request: FTMSControlRequest, at: MonotonicInstant)?
    private var lastSeen: MonotonicInstant?
    private var retryAt: MonotonicInstant?

    public init(mode: TrainerSettings.Mode) {
        self.mode = mode
    }

    /// Any value from the trainer: it is there. A new (or returning) trainer is asked for control.
    public mutating func seen(at instant: MonotonicInstant) -> [TrainerAction] {
        lastSeen = instant
        guard mode != .off, state == .waiting || state == .dropped else { return [] }
        state = .requesting
        return [send(.requestControl, at: instant)]
    }

    /// The trainer's Supported Power Range; a target sent outside it is sent again, clamped.
    public mutating func powerRange(_ r: FTMSPowerRange) {
        range = r
        if let watts = targetWatts, r.clamp(watts) != watts { targetWatts = nil }
    }

    /// The trainer's Response Code; one for another request than the pending one is stale.
    public mutating func answer(_ response: FTMSControlResponse, at instant: MonotonicInstant) -> [TrainerAction] {
        guard let asked = pending?.request, asked.opCode == response.requestOpCode else { return [] }
        pending = nil
        let result = response.result
        switch (asked, result) {
        case (.requestControl, .success):
            state = .starting
            return [send(.startOrResume, at: instant)]
        case (.requestControl, .notSupported):
            state = .notSupported
            return [.changed(.notSupported, reason: result.text)]
        case (.requestControl, _):
            let was = state
            state = .refused
            retryAt = instant.advanced(bySeconds: TrainerController.retrySeconds)
            return was == .refused ? [] : [.changed(.refused, reason: result.text)]
        case (_, .controlNotPermitted):
            return takeBack(reason: result.text, at: instant)
        case (.setTargetPower, .notSupported), (.setSimulation, .notSupported):
            if case .setTargetPower = asked { ergUnsupported = true } else { simulationUnsupported = true }
            targetWatts = nil
            gradeSent = nil
            guard (ergUnsupported || mode == .sim) && simulationUnsupported else {
                let reason = ergUnsupported ? "target power not supported; riding the grade" : "simulation not supported; holding power steps only"
                return [.unsupported(reason: reason)] + next(at: instant)
            }
            state = .notSupported
            return [.changed(.notSupported, reason: "neither target power nor simulation supported")]
        case (.startOrResume, _):
            // A trainer that cannot be started is running already: take the targets.
            state = .controlling
            targetWatts = nil
            gradeSent = nil
            sentStep = nil
            return [.changed(.controlling, reason: "control granted")] + next(at: instant)
        default:
            // A target refused as invalid or unsupported stays "sent": asking again would loop.
            return next(at: instant)
        }
    }

    /// A Fitness Machine Status notification.
    public mutating func status(_ s: FTMSMachineStatus, at instant: MonotonicInstant) -> [TrainerAction] {
        guard state == .controlling || state == .starting else { return [] }
        if s.controlLost { return takeBack(reason: s.opCode == 0x01 ? "trainer reset" : "control permission lost", at: instant) }
        if s.stopped, pending == nil {
            state = .starting
            return [send(.startOrResume, at: instant)]
        }
        return []
    }

    /// Each second: the target now; returns what to write (silence, timeouts and retries too).
    public mutating func decide(_ target: Target, at instant: MonotonicInstant) -> [TrainerAction] {
        self.target = target
        guard mode != .off, state != .waiting, state != .dropped else { return [] }
        if let seen = lastSeen, instant.seconds(since: seen) > TrainerController.silenceSeconds {
            state = .dropped
            pending = nil
            return [.changed(.dropped, reason: "no data for \(TrainerController.silenceSeconds.wholeText()) s")]
        }
        if let p = pending {
            guard instant.seconds(since: p.at) >= TrainerController.answerSeconds else { return [] }
            return [send(p.request, at: instant)]
        }
        if state == .refused, let at = retryAt, instant >= at {
            retryAt = nil
            return [send(.requestControl, at: instant)]
        }
        return next(at: instant)
    }

    /// STATE's `trainer` object.
    public var live: LiveTrainer {
        LiveTrainer(mode: mode == .erg && ergUnsupported ? TrainerSettings.Mode.sim.rawValue : mode.rawValue,
                    state: state.rawValue, targetWatts: targetWatts,
                    gradePercent: gradeSent.map { Double($0) / 100 },
                    minimumWatts: range.map { Int($0.minimum) }, maximumWatts: range.map { Int($0.maximum) })
    }

    private mutating func send(_ request: FTMSControlRequest, at instant: MonotonicInstant) -> TrainerAction {
        pending = (request, instant)
        return .write(request)
    }

    private mutating func takeBack(reason: String, at instant: MonotonicInstant) -> [TrainerAction] {
        state = .requesting
        pending = nil
        return [.changed(.requesting, reason: reason), send(.requestControl, at: instant)]
    }

    /// The target write due now, if any.
    private mutating func next(at instant: MonotonicInstant) -> [TrainerAction] {
        guard state == .controlling, pending == nil, let target else { return [] }
        if mode == .erg, !ergUnsupported, let power = target.power, let watts = clampedWatts(power) {
            let newStep = target.step != sentStep
            if let last = targetWatts, last == watts || (!newStep && abs(watts - last) < TrainerController.rampWatts) { return [] }
            targetWatts = watts
            gradeSent = nil
            sentStep = target.step
            return [send(.setTargetPower(watts: Int16(clamping: watts)), at: instant)]
        }
        guard !simulationUnsupported else { return [] }
        let grade = max(-4000, min(4000, ((target.grade ?? 0) * 100).roundedInt() ?? 0))
        if let last = gradeSent, abs(grade - last) < TrainerController.gradeHundredths { return [] }
        gradeSent = grade
        targetWatts = nil
        sentStep = nil
        return [send(.setSimulation(windMillimetresPerSecond: 0, gradeHundredthsPercent: Int16(clamping: grade),
                                    crr10000: TrainerController.crr10000, cwHundredths: TrainerController.cwHundredths), at: instant)]
    }

    /// The middle of the target range, inside what the trainer supports.
    private func clampedWatts(_ power: ClosedRange<Double>) -> Int? {
        let middle = power.lowerBound / 2 + power.upperBound / 2
        guard let watts = middle.roundedInt() else { return nil }
        return (range ?? TrainerController.defaultRange).clamp(watts)
    }
}
