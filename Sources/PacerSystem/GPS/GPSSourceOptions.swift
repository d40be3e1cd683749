import PacerCore

/// Tunables of a live GPS source; the defaults suit a 1–10 Hz receiver on a bike.
public struct GPSSourceOptions: Sendable {
    /// Seconds without a position fix before `fixLost`.
    public var fixTimeout: Double
    /// How a lost device or gpsd is retried.
    public var backoff: ReconnectBackoff
    /// Seconds between `counters` events (only sent when something changed).
    public var countersInterval: Double

    public init(fixTimeout: Double = 3, backoff: ReconnectBackoff = GPSLinkMonitor.defaultBackoff, countersInterval: Double = 10) {
        self.fixTimeout = fixTimeout
        self.backoff = backoff
        self.countersInterval = countersInterval
    }
}
