extension LiveEvent {
    /// A trainer action's EVENT, nil for a write: a state change is `trainer_control`,
    /// `trainer_refused`, `trainer_not_supported`, `trainer_lost` (control gone, asked again) or
    /// `trainer_dropped`; a target the trainer does not support is `trainer_not_supported` while
    /// it stays under control. Each has the trainer's `state` and the `reason`.
    init?(trainer action: TrainerAction, time: UTCTime) {
        let kind: Kind, state: TrainerController.State, reason: String
        switch action {
        case .write: return nil
        case let .unsupported(why):
            kind = .trainerNotSupported
            state = .controlling
            reason = why
        case let .changed(new, why):
            state = new
            reason = why
            switch new {
            case .controlling: kind = .trainerControl
            case .refused: kind = .trainerRefused
            case .notSupported: kind = .trainerNotSupported
            case .dropped: kind = .trainerDropped
            case .waiting, .requesting, .starting: kind = .trainerLost
            }
        }
        self.init(kind, time: time, details: [("state", .string(state.rawValue)), ("reason", .string(reason))])
    }
}
