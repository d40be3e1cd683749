/// Decides when an athlete has stopped and started again, with hysteresis on speed and time
/// so that GPS noise at a red light does not toggle the state. Transitions are dated back to
/// the moment the speed first crossed the threshold, so moving time is not inflated by the delay;
/// with a receiver whose speed lags (`ReceiverLag`), to where the speed undone of its lag,
/// v + lag dv/dt, crossed it: such a receiver reports a stop seconds after it happened.
public struct AutoPauseDetector: Sendable {
    public enum Transition: Equatable, Sendable {
        /// Stopped since the given instant (the first slow moment).
        case pause(since: MonotonicInstant)
        /// Moving again since the given instant (the first fast moment).
        case resume(since: MonotonicInstant)
    }

    public var settings: RecordingSettings.AutoPause
    public private(set) var isPaused = false
    private var crossingSince: MonotonicInstant?
    /// The last transition's date: a redating never goes before it.
    private var lastTransition: MonotonicInstant?
    /// Recent speeds, for redating a transition on a lagging receiver.
    private var recent: [(instant: MonotonicInstant, speed: Double)] = []
    /// Seconds of speeds kept: a lag of up to `ReceiverLag.maximumSeconds` and the delays.
    static let recentSeconds = 20.0
    /// Lags shorter than this are not resolved by 1 Hz speeds: transitions stay where they crossed.
    static let minimumLag = 0.5

    public init(settings: RecordingSettings.AutoPause, startPaused: Bool = false) {
        self.settings = settings
        isPaused = startPaused
    }

    /// - Parameters:
    ///   - lag: the receiver's speed lag in seconds (`ReceiverLag.seconds`).
    ///   - restSpeed: the speed below which the athlete stands (the position filter's); nil
    ///     dates a transition at the first reading past the trigger, as before there was one.
    public mutating func update(speed: Double, at instant: MonotonicInstant, lag: Double = 0, restSpeed: Double? = nil) -> Transition? {
        recent.append((instant, speed))
        while let first = recent.first, instant.seconds(since: first.instant) > AutoPauseDetector.recentSeconds { recent.removeFirst() }
        let crossing = isPaused ? speed > settings.resumeAbove : speed < settings.pauseBelow
        guard crossing else { crossingSince = nil; return nil }
        let since = crossingSince ?? instant
        crossingSince = since
        let delay = isPaused ? settings.resumeDelay : settings.pauseDelay
        guard instant.seconds(since: since) >= delay else { return nil }
        isPaused.toggle()
        crossingSince = nil
        let dated = restSpeed.map { redated(since, lag: lag >= AutoPauseDetector.minimumLag ? lag : 0, rest: $0) } ?? since
        lastTransition = dated
        return isPaused ? .pause(since: dated) : .resume(since: dated)
    }

    /// Longest a stop or a start is extrapolated from the trigger down to the rest speed: from a
    /// trigger's 0.7 m/s to a standstill's 0.3 m/s takes a person under a second.
    static let extrapolationSeconds = 1.0

    /// Where the speed undone of the lag crossed the trigger for the transition just made (from
    /// `since` back to the last reading on the other side, interpolated), then extrapolated at
    /// the rate it was changing there to where it passes `rest`: moving ends when the athlete
    /// stands, not when they slow below the trigger. Never before the previous transition.
    private func redated(_ since: MonotonicInstant, lag: Double, rest: Double) -> MonotonicInstant {
        let threshold = isPaused ? settings.pauseBelow : settings.resumeAbove
        // The undone speed at reading i, from its neighbours (the reading itself at either end).
        func undone(_ i: Int) -> Double {
            guard lag > 0, i > 0, i + 1 < recent.count else { return recent[i].speed }
            let dt = recent[i + 1].instant.seconds(since: recent[i - 1].instant)
            return dt > 0 ? recent[i].speed + lag * (recent[i + 1].speed - recent[i - 1].speed) / dt : recent[i].speed
        }
        func past(_ u: Double) -> Bool { isPaused ? u < threshold : u > threshold }
        func inBand(_ u: Double) -> Bool { u >= settings.pauseBelow && u <= settings.resumeAbove }
        guard var j = recent.lastIndex(where: { $0.instant <= since }) else { return since }
        var u = undone(j)
        guard past(u) else { return since }
        while j > 0 {
            let before = undone(j - 1)
            let t0 = recent[j - 1].instant, t1 = recent[j].instant
            if let floor = lastTransition, t0 <= floor { return t1 }
            // A lag moves the crossing back by about its length, a spike or two by seconds; no more.
            guard since.seconds(since: t0) <= 3 * lag + 5 else { return since }
            // One reading inside the hysteresis band between two past the trigger is noise (a
            // still receiver's 0.7 m/s): it restarted the confirmation, it does not move the date.
            if !past(before), inBand(before), j >= 2, past(undone(j - 2)) {
                u = undone(j - 2)
                j -= 2
                continue
            }
            if !past(before) {
                let dt = t1.seconds(since: t0)
                guard dt > 0, before != u else { return t1 }
                let crossed = t0.advanced(bySeconds: dt * (before - threshold) / (before - u))
                let rate = abs(u - before) / dt
                let toRest = min(AutoPauseDetector.extrapolationSeconds, abs(threshold - rest) / rate)
                let dated = crossed.advanced(bySeconds: isPaused ? toRest : -toRest)
                if let floor = lastTransition, dated <= floor { return crossed }
                return dated
            }
            u = before
            j -= 1
        }
        return since
    }

    /// Seconds the current crossing has lasted (pending moving time to correct on confirmation).
    public func pendingSeconds(at instant: MonotonicInstant) -> Double {
        crossingSince.map { instant.seconds(since: $0) } ?? 0
    }
}
