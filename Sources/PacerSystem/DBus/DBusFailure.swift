/// A D-Bus error: a libdbus `DBusError` or an error reply, printable as
/// `org.bluez.Error.Failed: le-connection-abort-by-local`.
public struct DBusFailure: Error, Equatable, Sendable, CustomStringConvertible {
    public let name: String
    public let message: String

    public init(name: String, message: String) {
        self.name = name
        self.message = message
    }

    public var description: String { message.isEmpty ? name : "\(name): \(message)" }
}
