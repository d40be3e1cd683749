/// The connection state machine of one sensor, with the reason of the last drop and
/// the reconnection schedule. Pure: the BlueZ adapter reports what happened and when,
/// and asks `shouldAttemptConnection(at:)` whether to try again now.
public struct SensorLink: Equatable, Sendable {
    /// The states a user sees, in the order a healthy connection goes through them.
    public enum State: String, Sendable, CaseIterable {
        case disconnected, scanning, connecting, connected, streaming
    }

    public private(set) var state: State = .disconnected
    public private(set) var lastDropReason: String?
    public private(set) var lastDropAt: MonotonicInstant?
    /// Attempts that failed (or links that dropped before any data) since data last flowed.
    public private(set) var consecutiveFailures = 0
    /// When the next attempt is allowed; nil means at once.
    public private(set) var retryAt: MonotonicInstant?
    public private(set) var lastValueAt: MonotonicInstant?
    /// The drop that interrupted data, until data flows again.
    private var outageStartedAt: MonotonicInstant?
    /// Times data flowed again after a drop, and the seconds from that drop to the first value.
    public private(set) var recoveries: [Double] = []
    public let backoff: ReconnectBackoff

    public init(backoff: ReconnectBackoff = ReconnectBackoff()) {
        self.backoff = backoff
    }

    /// True when the adapter should call Connect now (a device object for the sensor exists).
    public func shouldAttemptConnection(at now: MonotonicInstant) -> Bool {
        guard state == .disconnected || state == .scanning else { return false }
        return retryAt.map { now >= $0 } ?? true
    }

    /// No device object to connect to: discovery is looking for it.
    public mutating func scanning() {
        if state == .disconnected { state = .scanning }
    }

    public mutating func connecting(at now: MonotonicInstant) {
        state = .connecting
    }

    /// The link is up (Connected and, for GATT, services resolved).
    public mutating func connected(at now: MonotonicInstant) {
        if state != .streaming { state = .connected }
    }

    /// A value arrived: the sensor streams, and its failure count starts over.
    public mutating func received(at now: MonotonicInstant) {
        if let start = outageStartedAt {
            recoveries.append(now.seconds(since: start))
            outageStartedAt = nil
        }
        state = .streaming
        consecutiveFailures = 0
        retryAt = nil
        lastValueAt = now
    }

    /// The link dropped or an attempt failed: disconnected, with the reason and the next attempt scheduled.
    public mutating func dropped(reason: String, at now: MonotonicInstant) {
        lastDropAt = now
        if outageStartedAt == nil, lastValueAt != nil { outageStartedAt = now }
        lastDropReason = reason
        state = .disconnected
        retryAt = now.advanced(bySeconds: backoff.delay(afterFailures: consecutiveFailures))
        consecutiveFailures += 1
    }

    /// Seconds since the last value, nil before the first.
    public func secondsSinceLastValue(at now: MonotonicInstant) -> Double? {
        lastValueAt.map { now.seconds(since: $0) }
    }
}
