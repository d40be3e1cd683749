extension LiveEvent {
    /// The EVENT a trainer state change is: `trainer_control`, `trainer_refused`,
    /// `trainer_not_supported`, `trainer_lost` (control gone, asked again), `trainer_dropped`.
    init(trainerState state: TrainerController.State, reason: String, time: UTCTime) {
        let kind: Kind
        switch state {
        case .controlling: kind = .trainerControl
        case .refused: kind = .trainerRefused
        case .notSupported: kind = .trainerNotSupported
        case .dropped: kind = .trainerDropped
        case .waiting, .requesting, .starting: kind = .trainerLost
        }
        self.init(kind, time: time, details: [("state", .string(state.rawValue)), ("reason", .string(reason))])
    }

    /// A trainer action's EVENT; nil for a write.
    init?(trainer action: TrainerAction, time: UTCTime) {
        switch action {
        case .write: return nil
        case let .changed(state, reason): self.init(trainerState: state, reason: reason, time: time)
        case let .unsupported(reason):
            self.init(.trainerNotSupported, time: time,
                      details: [("state", .string(TrainerController.State.controlling.rawValue)), ("reason", .string(reason))])
        }
    }
}
