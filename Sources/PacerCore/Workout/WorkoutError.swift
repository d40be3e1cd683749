/// Why a workout file was refused: one message naming the format, the step (its number and how
/// the file wrote it) and what is wrong; the loader puts the file's path in front.
public struct WorkoutError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
