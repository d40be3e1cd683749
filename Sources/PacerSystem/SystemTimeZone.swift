#if canImport(Glibc)
import Glibc
#endif
import PacerCore

/// The athlete's local calendar from the system time zone, as the C library would pick it:
/// `TZ` when set (`:Europe/Berlin`, `Europe/Berlin` or an absolute path to a TZif file; an
/// empty `TZ` is UTC), else `/etc/localtime`. A zone that cannot be read is UTC, which is what
/// glibc falls back to as well.
public enum SystemTimeZone {
    public static let zoneDirectory = "/usr/share/zoneinfo"

    public static func calendar(tz: String? = environment("TZ")) -> LocalCalendar {
        guard let path = path(tz: tz), let bytes = try? JournalFile(path: path, writable: false).readAll(),
              let calendar = try? TZifParser.calendar(bytes) else { return .utc }
        return calendar
    }

    /// The TZif file a `TZ` value names; nil for UTC.
    static func path(tz: String?) -> String? {
        guard var name = tz else { return "/etc/localtime" }
        if name.hasPrefix(":") { name.removeFirst() }
        if name.isEmpty || name == "UTC" || name == "UTC0" { return nil }
        if name.hasPrefix("/") { return name }
        guard !name.split(separator: "/").contains("..") else { return nil }
        return zoneDirectory + "/" + name
    }

    public static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
