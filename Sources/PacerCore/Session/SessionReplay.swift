/// Drives a `SessionRecorder` from recordings exactly as the daemon drives it live: fixes in
/// stream order and BLE notifications merged in by time, each arriving at its own recorded time.
/// The session starts at the first input and stops at the last.
///
/// Fixes stream through `feed` (as the NMEA decoder emits them); the BLE log, much smaller,
/// is given whole, put in time order (as the recorder orders live notifications) and merged in
/// as the fixes advance. Holds the recorder, so it is not copyable either.
///
/// GAPS. A recording cannot tell a gap from a clock that jumped, and every second of session
/// time costs a sample: inputs more than `longestGapSeconds` apart arrive one second apart
/// (`gapsClosed`), so a receiver's date glitch re-anchors the timeline as live, where the
/// monotonic clock shows the jump, and garbage costs no work in proportion to the years it
/// spans. A BLE log written on another clock (a board without a real-time clock logs in
/// 1970) does not meet the fixes: its notifications further than that before the first fix or
/// after the last are counted (`notificationsOffTimeline`) and skipped.
public struct SessionReplay: ~Copyable {
    /// Six hours: longer than any pause inside one recording, short enough that a gap costs
    /// little (21 600 samples).
    public static let longestGapSeconds: Int64 = 6 * 3600

    public private(set) var recorder: SessionRecorder
    private let notifications: [BLENotification]
    private var nextNotification = 0
    private var started = false
    /// The recorded time of the latest input, how much earlier than recorded inputs arrive since
    /// gaps were closed, and the latest arrival (milliseconds): `arrival(recorded:)`.
    private var lastRecorded: UTCTime?
    private var closedMilliseconds: Int64 = 0
    private var lastArrival: Int64?
    private var lastFixRecorded: UTCTime?
    public private(set) var gapsClosed = 0
    public private(set) var notificationsOffTimeline = 0

    public init(config: PacerConfig, activity: Activity, notifications: [BLENotification]) {
        recorder = SessionRecorder(settings: .init(config: config, activity: activity))
        // Stable: notifications of the same millisecond keep the log's order.
        self.notifications = notifications.enumerated()
            .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map(\.element)
    }

    public var engine: SessionEngine { recorder.engine }
    public var counters: RecorderCounters { recorder.counters }

    /// One decoded fix, in stream order.
    public mutating func feed(_ fix: GNSSFix, emit: (RecorderOutput) -> Void) {
        guard let time = recorder.date(of: fix) else { return recorder.skipUndated() }
        if lastFixRecorded == nil { skipNotifications(before: time) }
        lastFixRecorded = time
        deliverNotifications(through: time, emit: emit)
        var dated = fix
        dated.time = time
        let input = arrival(recorded: time)
        recorder.fix(dated, at: input, emit: emit)
        start(at: input, emit: emit)
    }

    /// Delivers the remaining notifications, stops the session and returns its summary.
    public mutating func finish(emit: (RecorderOutput) -> Void) -> SessionSummary {
        let limit = lastFixRecorded.map { UTCTime(millisecondsSinceEpoch: $0.millisecondsSinceEpoch + SessionReplay.longestGapSeconds * 1000) }
        deliverNotifications(through: limit, emit: emit)
        notificationsOffTimeline += notifications.count - nextNotification
        nextNotification = notifications.count
        recorder.finish(emit: emit)
        return recorder.engine.summary()
    }

    /// The first input starts the session; a first fix is its first fix (as a live start is).
    private mutating func start(at input: InputInstant, emit: (RecorderOutput) -> Void) {
        guard !started else { return }
        started = true
        try? recorder.command(.start(nil), at: input, emit: emit)
    }

    /// When an input recorded at `time` arrives: at that time, less the gaps closed so far.
    private mutating func arrival(recorded time: UTCTime) -> InputInstant {
        if let last = lastRecorded, time.millisecondsSinceEpoch - last.millisecondsSinceEpoch > SessionReplay.longestGapSeconds * 1000 {
            closedMilliseconds += time.millisecondsSinceEpoch - last.millisecondsSinceEpoch - 1000
            gapsClosed += 1
        }
        lastRecorded = time
        // Live arrivals never go back: an input recorded earlier than the one before (two
        // receivers' clocks in one stream) arrives with it, so the recorder sees the jump both
        // ways; arriving back in time, each return re-anchored the timeline a step further.
        let arrival = max(time.millisecondsSinceEpoch - closedMilliseconds, lastArrival ?? .min)
        lastArrival = arrival
        return InputInstant(recorded: UTCTime(millisecondsSinceEpoch: arrival))
    }

    private mutating func skipNotifications(before firstFix: UTCTime) {
        let earliest = firstFix.millisecondsSinceEpoch - SessionReplay.longestGapSeconds * 1000
        while nextNotification < notifications.count, notifications[nextNotification].time.millisecondsSinceEpoch < earliest {
            nextNotification += 1
            notificationsOffTimeline += 1
        }
    }

    private mutating func deliverNotifications(through limit: UTCTime?, emit: (RecorderOutput) -> Void) {
        while nextNotification < notifications.count {
            let n = notifications[nextNotification]
            if let limit, n.time > limit { return }
            nextNotification += 1
            let input = arrival(recorded: n.time)
            start(at: input, emit: emit)
            recorder.notification(characteristic: n.characteristic, payload: n.payload, at: input, emit: emit)
        }
    }
}
