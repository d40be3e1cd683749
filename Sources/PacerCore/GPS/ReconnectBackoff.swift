/// How long to wait before reopening a lost GPS: doubling from `initialDelay`
/// up to `maximumDelay`, so a pulled cable is retried quickly at first without
/// spinning for the rest of a ride. Deterministic (no jitter): one device, one client.
public struct ReconnectBackoff: Equatable, Sendable {
    public let initialDelay: Double
    public let maximumDelay: Double
    public let multiplier: Double
    /// Failed attempts since the last success.
    public private(set) var failures = 0

    public init(initialDelay: Double = 0.25, maximumDelay: Double = 5, multiplier: Double = 2) {
        self.initialDelay = initialDelay
        self.maximumDelay = max(initialDelay, maximumDelay)
        self.multiplier = max(1, multiplier)
    }

    /// Records one more failure and returns the seconds to wait before the next attempt.
    public mutating func nextDelay() -> Double {
        var delay = initialDelay
        var i = 0
        while i < failures, delay < maximumDelay {
            delay *= multiplier
            i += 1
        }
        failures += 1
        return min(delay, maximumDelay)
    }

    /// A successful open: the next loss starts again from `initialDelay`.
    public mutating func reset() { failures = 0 }
}
