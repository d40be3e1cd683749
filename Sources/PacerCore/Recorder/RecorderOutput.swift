/// One output of `SessionRecorder`: what to write, what to announce, what to log.
public enum RecorderOutput: Equatable, Sendable {
    case journal(JournalEntry)
    case event(SessionEvent)
    /// A sensor notification placed on the receiver's timeline, for the session's BLE log:
    /// replaying the log with the NMEA gives the same session.
    case sensorLog(BLENotification)
    /// A value to write to the smart trainer's control point (`written` set): pacerd writes it
    /// and logs it beside the session; a replay, which reads the trainer's answers, writes nothing.
    case trainerWrite(BLENotification)
    /// A heart-rate alert for watchers (zone held, above or below the target band), decided on
    /// the receiver's timeline (`AlertMonitor`), so a replay decides the same ones.
    case alert(LiveEvent)
    /// A decision worth a log line (resume, interrupted, time re-anchored, auto start).
    case notice(String)
    /// `[weather] attach`: fetch the weather here for the session now recording, and hand it to
    /// `attachWeather` (once a session, at its first fix with a position).
    case fetchWeather(latitude: Double, longitude: Double)
}
