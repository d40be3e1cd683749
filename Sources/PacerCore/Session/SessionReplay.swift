/// Drives a `SessionRecorder` from recordings exactly as the daemon drives it live: fixes in
/// stream order and BLE notifications merged in by time, each arriving at its own recorded time.
/// The session starts at the first input and stops at the last.
///
/// Fixes stream through `feed` (as the NMEA decoder emits them); the BLE log, much smaller,
/// is given whole and merged in as the fixes advance. Holds the recorder, so it is not
/// copyable either.
public struct SessionReplay: ~Copyable {
    public private(set) var recorder: SessionRecorder
    private let notifications: [BLENotification]
    private var nextNotification = 0
    private var started = false

    public init(config: PacerConfig, activity: Activity, notifications: [BLENotification]) {
        recorder = SessionRecorder(settings: .init(config: config, activity: activity))
        self.notifications = notifications
    }

    public var engine: SessionEngine { recorder.engine }
    public var counters: RecorderCounters { recorder.counters }

    /// One decoded fix, in stream order.
    public mutating func feed(_ fix: GNSSFix, emit: (RecorderOutput) -> Void) {
        guard let time = recorder.date(of: fix) else { return recorder.skipUndated() }
        deliverNotifications(through: time, emit: emit)
        var dated = fix
        dated.time = time
        let input = InputInstant(recorded: time)
        recorder.fix(dated, at: input, emit: emit)
        start(at: input, emit: emit)
    }

    /// Delivers the remaining notifications, stops the session and returns its summary.
    public mutating func finish(emit: (RecorderOutput) -> Void) -> SessionSummary {
        deliverNotifications(through: nil, emit: emit)
        recorder.finish(emit: emit)
        return recorder.engine.summary()
    }

    /// The first input starts the session; a first fix is its first fix (as a live start is).
    private mutating func start(at input: InputInstant, emit: (RecorderOutput) -> Void) {
        guard !started else { return }
        started = true
        try? recorder.command(.start(nil), at: input, emit: emit)
    }

    private mutating func deliverNotifications(through limit: UTCTime?, emit: (RecorderOutput) -> Void) {
        while nextNotification < notifications.count {
            let n = notifications[nextNotification]
            if let limit, n.time > limit { return }
            nextNotification += 1
            let input = InputInstant(recorded: n.time)
            start(at: input, emit: emit)
            recorder.notification(characteristic: n.characteristic, payload: n.payload, at: input, emit: emit)
        }
    }
}
