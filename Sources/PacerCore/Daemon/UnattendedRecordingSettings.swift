/// How pacerd records on its own (`[unattended]` in the config): when a session starts without
/// a command, which activity it assumes, when it stops, and when a crashed session is resumed.
public struct UnattendedRecordingSettings: Equatable, Sendable {
    public enum AutoStart: String, Sendable, CaseIterable {
        case off, movement, contact, any
    }

    public var autoStart: AutoStart = .any
    /// Speed (m/s) that counts as moving for auto start.
    public var startSpeed: Double = 1.2
    /// Seconds of sustained movement (or of skin contact) before a session starts.
    public var startAfterSeconds: Double = 15
    /// The activity of an automatic session; nil guesses it from speed.
    public var activity: Activity?
    /// Minutes without movement or skin contact after which a session stops; 0 never stops.
    public var autoStopIdleMinutes: Double = 10
    /// A session interrupted by a crash is resumed when pacerd restarts within this many minutes.
    public var resumeWithinMinutes: Double = 15
    /// After a stop, auto start waits until the athlete has been idle this long (no instant restart).
    public var rearmAfterIdleSeconds: Double = 60

    public init() {}
}
