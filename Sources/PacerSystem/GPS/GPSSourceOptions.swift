import PacerCore

/// Tunables of a live GPS source; the defaults suit a 1–10 Hz receiver on a bike.
public struct GPSSourceOptions: Sendable {
    /// Seconds without a position fix before `fixLost`.
    public var fixTimeout: Double
    /// How a lost device or gpsd is retried.
    public var backoff: ReconnectBackoff
    /// Seconds between `counters` events (only sent when something changed).
    public var countersInterval: Double
    /// How a serial source without a configured rate searches for one (rates, window, limits).
    public var autobaud: AutobaudSearch

    public init(fixTimeout: Double = 3, backoff: ReconnectBackoff = GPSLinkMonitor.defaultBackoff, countersInterval: Double = 10,
                autobaud: AutobaudSearch = AutobaudSearch()) {
        self.fixTimeout = fixTimeout
        self.backoff = backoff
        self.countersInterval = countersInterval
        self.autobaud = autobaud
    }
}
