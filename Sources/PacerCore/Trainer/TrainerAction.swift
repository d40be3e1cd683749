/// What `TrainerController` decided: a control point write, or a change of its state worth an
/// EVENT (with the reason in words). The engine places both on the session's timeline.
public enum TrainerAction: Equatable, Sendable {
    case write(FTMSControlRequest)
    case changed(TrainerController.State, reason: String)
}
