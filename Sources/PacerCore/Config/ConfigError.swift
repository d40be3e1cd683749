/// A configuration problem, located exactly: the daemon refuses to start with a wrong
/// setting rather than silently running on a default the user did not choose.
public struct ConfigError: Error, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    /// `section.key` when the problem is a key or its value; nil for a malformed line.
    public var key: String?
    public var message: String

    public init(file: String, line: Int, key: String?, message: String) {
        self.file = file
        self.line = line
        self.key = key
        self.message = message
    }

    public var description: String {
        if let key { return "\(file):\(line): \(key): \(message)" }
        return "\(file):\(line): \(message)"
    }
}
