/// What a live GPS source tells its owner (the daemon's event loop, `pacerctl fixes`).
///
/// "Device lost" (the port or gpsd went away) and "fix lost" (the device talks but
/// has no position) are distinct because the user must act on the first only.
public enum GPSEvent: Equatable, Sendable {
    /// A position fix (mode 2D or 3D), as decoded.
    case fix(GNSSFix)
    /// No position fix for the configured time while the device is still there.
    case fixLost
    /// The device was opened for the first time.
    case deviceOpened(GPSDeviceInfo)
    /// The device or gpsd went away; it is retried after `retryInSeconds` (0: never, a recording
    /// that cannot be opened).
    case deviceLost(reason: String, retryInSeconds: Double)
    /// The device came back after a loss.
    case deviceResumed(GPSDeviceInfo)
    /// A snapshot of the source's counters (sent periodically and on loss).
    case counters(GPSCounters)
    /// A recording reached its end; the source has stopped.
    case endOfStream
}
