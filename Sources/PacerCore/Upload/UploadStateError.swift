/// Why a state file could not be read: it is damaged or not one (cut short by a power cut
/// before atomic writes, edited by hand, from a newer Pacer). pacerd reports it and leaves
/// the file for a hand retry rather than guessing, and never traps on it.
public struct UploadStateError: Error, Equatable, CustomStringConvertible {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { "upload state file: \(reason)" }
}
