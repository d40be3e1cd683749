/// How a session records: auto-pause thresholds per activity, auto-lap distance, units.
public struct RecordingSettings: Equatable, Sendable {
    public typealias Units = UnitSystem

    /// Speeds (m/s) with hysteresis: pause below `pauseBelow` held for `pauseDelay` seconds,
    /// resume above `resumeAbove` held for `resumeDelay` seconds.
    public struct AutoPause: Equatable, Sendable {
        public var pauseBelow: Double
        public var resumeAbove: Double
        public var pauseDelay: Double
        public var resumeDelay: Double

        public init(pauseBelow: Double, resumeAbove: Double, pauseDelay: Double = 3, resumeDelay: Double = 2) {
            self.pauseBelow = pauseBelow
            self.resumeAbove = resumeAbove
            self.pauseDelay = pauseDelay
            self.resumeDelay = resumeDelay
        }
    }

    public var autoPauseEnabled = true
    public var autoPauseRun = AutoPause(pauseBelow: 0.7, resumeAbove: 1.0)
    public var autoPauseWalk = AutoPause(pauseBelow: 0.35, resumeAbove: 0.5)
    public var autoPauseRide = AutoPause(pauseBelow: 1.0, resumeAbove: 1.5)
    /// Metres between automatic laps; 0 disables auto-lap.
    public var autoLapMeters: Double = 1000
    public var units: Units = .metric

    public init() {}

    public func autoPause(for activity: Activity) -> AutoPause {
        switch activity {
        case .run: return autoPauseRun
        case .walk, .strength, .other: return autoPauseWalk   // no track: never used
        case .ride: return autoPauseRide
        }
    }

    /// Split length in metres: a kilometre, or a mile for imperial display.
    public var splitMeters: Double { units == .metric ? 1000 : 1609.344 }
}
