/// What the engine emits while it runs: events as they happen, and a sample every second.
public enum SessionOutput: Equatable, Sendable {
    case event(SessionEvent)
    case sample(SessionSample)
    /// A smart trainer's control point write or state change (`TrainerController`), at its time.
    case trainer(time: UTCTime, TrainerAction)
}
