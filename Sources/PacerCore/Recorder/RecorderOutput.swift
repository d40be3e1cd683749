/// One output of `SessionRecorder`: what to write, what to announce, what to log.
public enum RecorderOutput: Equatable, Sendable {
    case journal(JournalEntry)
    case event(SessionEvent)
    /// A sensor notification placed on the receiver's timeline, for the session's BLE log:
    /// replaying the log with the NMEA gives the same session.
    case sensorLog(BLENotification)
    /// A decision worth a log line (resume, interrupted, time re-anchored, auto start).
    case notice(String)
}
