/// What a user (socket client, button) asks of the engine.
public enum SessionCommand: Equatable, Sendable {
    case start(Activity?)
    case pause
    case resume
    case lap
    case stop
}

/// A command that does not fit the current phase (pause while idle, start while recording).
public struct SessionCommandError: Error, Equatable, CustomStringConvertible {
    public var command: SessionCommand
    public var phase: SessionPhase
    public init(command: SessionCommand, phase: SessionPhase) {
        self.command = command
        self.phase = phase
    }
    public var description: String { "cannot \(command) while \(phase.rawValue)" }
}
