/// What `TrainerController` decided: a control point write, or a change worth an EVENT (with the
/// reason in words). The engine places them on the session's timeline.
public enum TrainerAction: Equatable, Sendable {
    case write(FTMSControlRequest)
    case changed(TrainerController.State, reason: String)
    /// A target answered "not supported" (power, or the simulation's grade): the trainer stays
    /// under control and gets what it supports (an ERG that cannot hold power shows mode `sim`).
    case unsupported(reason: String)
}
