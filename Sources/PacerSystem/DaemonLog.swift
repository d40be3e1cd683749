#if canImport(Glibc)
import Glibc
#endif

/// Logs to stderr with the `<N>` syslog level prefix that journald parses (sd-daemon(3)),
/// without timestamps: journald adds its own.
public enum DaemonLog {
    public enum Level: Int {
        case error = 3, warning = 4, notice = 5, info = 6, debug = 7
    }

    public static func log(_ level: Level, _ message: String) {
        printError("<\(level.rawValue)>\(message)")
    }

    public static func error(_ message: String) { log(.error, message) }
    public static func warning(_ message: String) { log(.warning, message) }
    public static func notice(_ message: String) { log(.notice, message) }
    public static func info(_ message: String) { log(.info, message) }
}
