/// Decides when an athlete has stopped and started again, with hysteresis on speed and time
/// so that GPS noise at a red light does not toggle the state. Transitions are dated back to
/// the moment the speed first crossed the threshold, so moving time is not inflated by the delay.
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

    public init(settings: RecordingSettings.AutoPause, startPaused: Bool = false) {
        self.settings = settings
        isPaused = startPaused
    }

    public mutating func update(speed: Double, at instant: MonotonicInstant) -> Transition? {
        let crossing = isPaused ? speed > settings.resumeAbove : speed < settings.pauseBelow
        guard crossing else { crossingSince = nil; return nil }
        let since = crossingSince ?? instant
        crossingSince = since
        let delay = isPaused ? settings.resumeDelay : settings.pauseDelay
        guard instant.seconds(since: since) >= delay else { return nil }
        isPaused.toggle()
        crossingSince = nil
        return isPaused ? .pause(since: since) : .resume(since: since)
    }

    /// Seconds the current crossing has lasted (pending moving time to correct on confirmation).
    public func pendingSeconds(at instant: MonotonicInstant) -> Double {
        crossingSince.map { instant.seconds(since: $0) } ?? 0
    }
}
