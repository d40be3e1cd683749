/// Why a byte sequence is not a well-formed XML document (as far as `XMLScanner` checks), with
/// the byte where it went wrong counted from 0, as `xxd` and `dd skip=` count, so a person can
/// find the place in a file of a million points. The course readers put their format in front.
public struct XMLScanError: Error, Equatable, Sendable, CustomStringConvertible {
    public let offset: Int
    public let message: String

    public init(offset: Int, _ message: String) {
        self.offset = offset
        self.message = message
    }

    public var description: String { "byte \(offset): \(message)" }
}
