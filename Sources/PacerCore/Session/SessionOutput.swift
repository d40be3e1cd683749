/// What the engine emits while it runs: events as they happen, and a sample every second.
public enum SessionOutput: Equatable, Sendable {
    case event(SessionEvent)
    case sample(SessionSample)
}
