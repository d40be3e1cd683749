extension LiveSession {
    /// The STATE's `session` object from the engine's live numbers; nil when no session runs.
    public init?(id: String, start: UTCTime?, _ live: SessionLiveState) {
        guard live.phase.isActive else { return nil }
        self.init(id: id, start: start, numbers: live)
    }
}
