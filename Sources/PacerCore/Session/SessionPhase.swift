/// Where a session is in its life: idle -> recording <-> paused / autopaused -> stopped.
public enum SessionPhase: String, Equatable, Sendable {
    case idle, recording, paused, autopaused, stopped

    /// Recording, paused or autopaused: a session exists and its clock runs.
    public var isActive: Bool { self == .recording || self == .paused || self == .autopaused }
}
