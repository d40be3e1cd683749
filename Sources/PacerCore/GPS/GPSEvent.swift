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
    /// The device or gpsd went away; it is retried after `retryInSeconds`.
    case deviceLost(reason: String, retryInSeconds: Double)
    /// The device came back after a loss.
    case deviceResumed(GPSDeviceInfo)
    /// A snapshot of the source's counters (sent periodically and on loss).
    case counters(GPSCounters)
    /// A recording reached its end; the source has stopped.
    case endOfStream
}

/// The device a source is reading, as the user would name it.
public struct GPSDeviceInfo: Equatable, Sendable, CustomStringConvertible {
    /// E.g. `serial:/dev/ttyUSB0@9600`, `gpsd:localhost:2947`.
    public var description: String
    /// The serial rate in use (detected or configured); nil for gpsd and files.
    public var baudRate: Int?

    public init(description: String, baudRate: Int? = nil) {
        self.description = description
        self.baudRate = baudRate
    }
}

/// Running totals of what a source read and rejected: bad input is counted, never fatal.
public struct GPSCounters: Equatable, Sendable {
    public var bytesRead = 0
    public var sentences = 0
    public var acceptedSentences = 0
    public var badChecksums = 0
    public var unknownSentences = 0
    public var junkBytes = 0
    /// gpsd reports (JSON objects) read through libgps.
    public var gpsdReports = 0
    /// Position fixes delivered.
    public var fixes = 0
    /// Times the device or gpsd was lost.
    public var deviceLosses = 0
    /// Failed attempts to open or reopen it.
    public var failedOpens = 0
    /// Baud rates tried by autobaud and abandoned.
    public var rejectedBaudRates = 0

    public init() {}
}
