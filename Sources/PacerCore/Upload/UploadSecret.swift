/// A credential (a token, a client secret, an API key, a signing key) as a value that never
/// prints: `description`, `debugDescription` and reflection all say `<secret>`, so a secret
/// caught in a log line, an error text or a `dump` of the credentials shows nothing.
/// The caller reads it from a file only the `pacer` user can read; `revealed` is for the one
/// place it goes, the request's header or body.
public struct UploadSecret: Equatable, Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public let revealed: String

    public init(_ value: String) { revealed = value }

    public var description: String { "<secret>" }
    public var debugDescription: String { "<secret>" }
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
