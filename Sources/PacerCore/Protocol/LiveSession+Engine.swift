extension LiveSession {
    /// The STATE's `session` object from the engine's live numbers; nil when no session runs.
    public init?(id: String, start: UTCTime?, _ live: SessionLiveState) {
        let state: RecordingState
        switch live.phase {
        case .recording: state = .recording
        case .paused: state = .paused
        case .autopaused: state = .autopaused
        case .idle, .stopped: return nil
        }
        self.init(id: id, state: state, activity: live.activity, start: start, elapsedSeconds: live.elapsedSeconds,
                  movingSeconds: live.movingSeconds, distanceMeters: live.distanceMeters, speed: live.speed,
                  paceSecondsPerKilometre: live.paceSecondsPerKilometre,
                  averagePaceSecondsPerKilometre: live.averagePaceSecondsPerKilometre, lap: live.lap,
                  heartRate: live.heartRate, heartRateZone: live.heartRateZone, cadence: live.cadence,
                  steps: live.steps, calories: live.calories, elevationGain: live.elevationGain)
    }
}
