/// The decisions of a live GPS source, without the I/O: when to retry a lost
/// device (backoff), when a fix counts as lost, and which events that produces.
/// The adapter feeds it what happened and when; it answers with events and deadlines.
public struct GPSLinkMonitor: Sendable {
    public enum State: Equatable, Sendable {
        /// Not opened yet, or being opened.
        case connecting
        /// Open, no position fix yet (or since the last loss).
        case waitingForFix
        /// Open and delivering position fixes.
        case fixed
        /// Open, but no position fix for `fixTimeout`.
        case fixLost
        /// Gone; reopened at `retryAt`.
        case deviceLost(reason: String, retryAt: MonotonicInstant)
    }

    public private(set) var state: State = .connecting
    /// Seconds without a position fix after which `fixLost` is reported.
    public let fixTimeout: Double
    public let backoff: ReconnectBackoff
    /// Failed opens since the device was last open (drives the backoff).
    public private(set) var failures = 0
    private var lastFixAt: MonotonicInstant?
    private var hasBeenOpened = false
    private var lostSinceLastOpen = false

    /// A serial port or gpsd is cheap to probe: retry within 5 s at most.
    public static let defaultBackoff = ReconnectBackoff(initialSeconds: 0.25, factor: 2, maximumSeconds: 5)

    public init(fixTimeout: Double = 3, backoff: ReconnectBackoff = GPSLinkMonitor.defaultBackoff) {
        self.fixTimeout = fixTimeout
        self.backoff = backoff
    }

    /// The device is open and talking (for autobaud: its rate is known).
    public mutating func deviceOpened(_ info: GPSDeviceInfo, at now: MonotonicInstant) -> GPSEvent? {
        failures = 0
        lastFixAt = now
        state = .waitingForFix
        defer { hasBeenOpened = true; lostSinceLastOpen = false }
        if !hasBeenOpened { return .deviceOpened(info) }
        return lostSinceLastOpen ? .deviceResumed(info) : .deviceOpened(info)
    }

    /// Opening failed or the open device failed. Reports `deviceLost` once per loss
    /// (not again for each failed retry) and schedules the next attempt.
    public mutating func deviceFailed(reason: String, at now: MonotonicInstant) -> GPSEvent? {
        let delay = backoff.delay(afterFailures: failures)
        failures += 1
        let retryAt = now.advanced(bySeconds: delay)
        let alreadyLost: Bool
        if case .deviceLost = state { alreadyLost = true } else { alreadyLost = false }
        state = .deviceLost(reason: reason, retryAt: retryAt)
        lastFixAt = nil
        if alreadyLost { return nil }
        lostSinceLastOpen = true
        return .deviceLost(reason: reason, retryInSeconds: delay)
    }

    /// A decoded fix. Only fixes with a position are delivered and keep the fix alive.
    public mutating func fixReceived(_ fix: GNSSFix, at now: MonotonicInstant) -> GPSEvent? {
        guard fix.hasPosition else { return nil }
        switch state {
        case .connecting, .deviceLost: return nil
        case .waitingForFix, .fixed, .fixLost: break
        }
        lastFixAt = now
        state = .fixed
        return .fix(fix)
    }

    /// Time passed: reports `fixLost` once the last fix is older than `fixTimeout`.
    public mutating func tick(at now: MonotonicInstant) -> GPSEvent? {
        guard state == .fixed, let last = lastFixAt, now.seconds(since: last) >= fixTimeout else { return nil }
        state = .fixLost
        return .fixLost
    }

    /// True when a lost device is due for another open attempt.
    public func shouldRetry(at now: MonotonicInstant) -> Bool {
        switch state {
        case .connecting: return true
        case let .deviceLost(_, retryAt): return now >= retryAt
        default: return false
        }
    }

    /// The next instant something happens without input (a retry or a fix timeout);
    /// the adapter sleeps no longer than this.
    public var nextDeadline: MonotonicInstant? {
        switch state {
        case let .deviceLost(_, retryAt): return retryAt
        case .fixed: return lastFixAt?.advanced(bySeconds: fixTimeout)
        case .connecting, .waitingForFix, .fixLost: return nil
        }
    }
}
