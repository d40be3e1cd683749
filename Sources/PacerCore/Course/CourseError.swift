/// Why a course file was refused: one message naming where it went wrong (the element, or the
/// byte offset), so a person can find it in the file.
public struct CourseError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
