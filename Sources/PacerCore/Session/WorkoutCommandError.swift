/// A `workout skip` that has nothing to skip: the socket's ERROR says why.
public struct WorkoutCommandError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    init(_ message: String) { self.message = message }
    public var description: String { message }
}
