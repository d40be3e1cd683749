/// A BLE log line that is not a notification, with its 1-based line number,
/// printable as `line 12: bad time 'yesterday'`.
public struct BLELogError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Reason: Error, Equatable, Sendable, CustomStringConvertible {
        case fieldCount(Int)
        case badTime(String)
        case timeOutOfRange(String)
        case badCharacteristic(String)
        case badPayload(String)

        public var description: String {
            switch self {
            case let .fieldCount(n): return "expected 'TIME CHARACTERISTIC PAYLOAD', found \(n) field(s)"
            case let .badTime(t): return "bad time '\(t)' (RFC 3339 UTC expected)"
            case let .timeOutOfRange(t): return "time '\(t)' outside 1970-2199"
            case let .badCharacteristic(c): return "bad characteristic '\(c)' (4 hex digits expected)"
            case let .badPayload(p): return "bad payload '\(p)' (an even number of hex digits expected)"
            }
        }
    }

    public let line: Int
    public let reason: Reason

    public init(line: Int, reason: Reason) {
        self.line = line
        self.reason = reason
    }

    public var description: String { "line \(line): \(reason)" }
}
