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
///
/// GLITCHES. Live, a receiver's time that jumps (by `SessionRecorder.jumpLimitSeconds`, either
/// way) and comes back a few epochs later costs nothing: the monotonic clock kept going. A
/// replay has only the recorded times, and took the jump as time passing (a glitch of an hour
/// made the session an hour longer). So a jump holds the fixes after it until the receiver
/// shows what it was: time back on the old timeline within `glitchWindowSeconds` is a glitch,
/// and the held fixes arrive at the pace the receiver kept before it (`glitchesBridged`); time
/// that stays on the new one is a gap (forward) or a clock reset (back, arriving at that pace).
/// The recorder still sees every fix's own time, so it counts and re-anchors as live.
public struct SessionReplay: ~Copyable {
    /// Six hours: longer than any pause inside one recording, short enough that a gap costs
    /// little (21 600 samples).
    public static let longestGapSeconds: Int64 = 6 * 3600
    /// Longest a receiver's time may stray and come back and still be a glitch. Receivers
    /// glitch for an epoch or a few; a minute holds at most 600 fixes at 10 Hz.
    public static let glitchWindowSeconds: Int64 = 60

    public private(set) var recorder: SessionRecorder
    private let notifications: [BLENotification]
    private var nextNotification = 0
    private var started = false
    /// The recorded time of the latest input, how much earlier than recorded inputs arrive since
    /// gaps were closed, and the latest arrival (milliseconds): `arrival(recorded:)`.
    private var lastRecorded: UTCTime?
    private var closedMilliseconds: Int64 = 0
    private var lastArrival: Int64?
    /// The latest fix's time on the timeline (its recorded time less `fixOffsetMilliseconds`),
    /// and the pace fixes came at before it (milliseconds, for fixes a glitch held).
    private var lastFixTime: UTCTime?
    private var fixPaceMilliseconds: Int64 = 1000
    /// Milliseconds the receiver's clock runs ahead of the timeline since it was reset backwards.
    private var fixOffsetMilliseconds: Int64 = 0
    /// Fixes after a jump, with their recorded times, waiting to show whether it was a glitch.
    private var held: [(fix: GNSSFix, time: UTCTime)] = []
    public private(set) var gapsClosed = 0
    public private(set) var glitchesBridged = 0
    public private(set) var notificationsOffTimeline = 0

    public init(config: PacerConfig, activity: Activity, notifications: [BLENotification]) {
        recorder = SessionRecorder(settings: .init(config: config, activity: activity))
        // Stable: notifications of the same millisecond keep the log's order. What pacerd wrote
        // (a trainer's control point) is not an input: the replay decides those writes again.
        self.notifications = notifications.filter { !$0.written }.enumerated()
            .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map(\.element)
    }

    /// The course the session follows, given before the first fix (replay's `--course`).
    public mutating func follow(_ course: Course?) {
        recorder.follow(course, at: InputInstant(recorded: UTCTime(millisecondsSinceEpoch: 0)))
    }

    /// The terrain model the session reads (replay's `--dem`, or the config's `[elevation] dem`).
    public mutating func useTerrain(_ lookup: TerrainLookup?) {
        recorder.useTerrain(lookup)
    }

    /// The workout the session runs, given before the first fix (replay's `--workout`).
    public mutating func run(_ workout: Workout?) {
        recorder.run(workout, at: InputInstant(recorded: UTCTime(millisecondsSinceEpoch: 0)))
    }

    public var engine: SessionEngine { recorder.engine }
    /// STATE's `course` object as the daemon would send it now.
    public var liveCourse: LiveCourse? { recorder.engine.liveCourse() }
    public var counters: RecorderCounters { recorder.counters }

    /// One decoded fix, in stream order; returns what the recorder decided (`RecorderOutput`),
    /// for the caller to handle as pacerd handles it.
    @discardableResult
    public mutating func feed(_ fix: GNSSFix) -> [RecorderOutput] {
        var out: [RecorderOutput] = []
        feed(fix) { out.append($0) }
        return out
    }

    /// Delivers the remaining inputs, stops the session; returns its summary and the outputs.
    public mutating func finish() -> (summary: SessionSummary, outputs: [RecorderOutput]) {
        var out: [RecorderOutput] = []
        let summary = finish { out.append($0) }
        return (summary, out)
    }

    mutating func feed(_ fix: GNSSFix, emit: (RecorderOutput) -> Void) {
        guard let time = recorder.date(of: fix) else { return recorder.skipUndated() }
        var dated = fix
        dated.time = time
        if held.isEmpty, !jumps(to: time) { return deliver(dated, at: onTimeline(time), emit: emit) }
        held.append((dated, time))
        settleHeld(final: false, emit: emit)
    }

    mutating func finish(emit: (RecorderOutput) -> Void) -> SessionSummary {
        settleHeld(final: true, emit: emit)
        let limit = lastFixTime.map { $0.adding(milliseconds: SessionReplay.longestGapSeconds * 1000) }
        deliverNotifications(through: limit, emit: emit)
        notificationsOffTimeline += notifications.count - nextNotification
        nextNotification = notifications.count
        recorder.finish(emit: emit)
        return recorder.engine.summary()
    }

    private func onTimeline(_ time: UTCTime) -> UTCTime {
        time.subtracting(milliseconds: fixOffsetMilliseconds)
    }

    /// Whether a fix recorded at `time`, `epochs` fixes after the latest one, jumps from it, as
    /// the recorder judges a jump: further than the limit from where the receiver's pace puts it.
    private func jumps(to time: UTCTime, afterEpochs epochs: Int = 1) -> Bool {
        guard let last = lastFixTime else { return false }
        let step = onTimeline(time).milliseconds(since: last)
        let expected = Int64(epochs - 1) * fixPaceMilliseconds, limit = SessionRecorder.jumpLimitMilliseconds
        return step > expected + limit || step < expected - limit
    }

    /// Decides what the held fixes were once the newest shows it (or at the end, `final`).
    private mutating func settleHeld(final: Bool, emit: (RecorderOutput) -> Void) {
        while let landing = held.first, let last = lastFixTime {
            let newest = held[held.count - 1]
            if held.count > 1, !jumps(to: newest.time, afterEpochs: held.count) {
                // Back on the timeline: a glitch. The fixes it held arrive at the receiver's pace.
                let back = onTimeline(newest.time)
                let pace = min(fixPaceMilliseconds, max(0, back.milliseconds(since: last)) / Int64(held.count))
                let glitched = held.dropLast()
                held.removeAll()
                glitchesBridged += 1
                for (k, f) in glitched.enumerated() {
                    deliver(f.fix, at: last.adding(milliseconds: Int64(k + 1) * pace), emit: emit)
                }
                deliver(newest.fix, at: back, emit: emit)
                return
            }
            // Decided once the receiver has kept to the landing's timeline for the window (a
            // fix on a third timeline decides nothing), or the window's worth of fixes is held.
            let span = newest.time.milliseconds(since: landing.time)
            let stayed = span >= SessionReplay.glitchWindowSeconds * 1000
                && span <= SessionRecorder.jumpLimitMilliseconds + Int64(held.count - 1) * fixPaceMilliseconds
            guard final || stayed || held.count >= 10 * Int(SessionReplay.glitchWindowSeconds) else { return }
            // The receiver stayed where it jumped: forward, a gap; back, its clock was reset.
            if onTimeline(landing.time) < last {
                fixOffsetMilliseconds = landing.time.milliseconds(since: last) - fixPaceMilliseconds
            }
            // A window's worth held on no timeline at all is garbage: delivered as it is (the
            // recorder counts the jumps), not held again fix by fix, which cost 600 a fix.
            let wandering = !final && !stayed
            let rest = held.dropFirst()
            held.removeAll()
            deliver(landing.fix, at: onTimeline(landing.time), emit: emit)
            for f in rest {
                if wandering || held.isEmpty && !jumps(to: f.time) { deliver(f.fix, at: onTimeline(f.time), emit: emit) } else { held.append(f) }
            }
        }
    }

    /// A fix onto the timeline at `time`: the notifications before it first, then the fix with
    /// its own recorded time, arriving at `time`.
    private mutating func deliver(_ fix: GNSSFix, at time: UTCTime, emit: (RecorderOutput) -> Void) {
        if let last = lastFixTime {
            let step = time.milliseconds(since: last)
            if step > 0 { fixPaceMilliseconds = min(step, SessionRecorder.jumpLimitMilliseconds) }
            lastFixTime = max(last, time)
        } else {
            skipNotifications(before: time)
            lastFixTime = time
        }
        deliverNotifications(through: time, emit: emit)
        let input = arrival(recorded: time)
        recorder.fix(fix, at: input, emit: emit)
        start(at: input, emit: emit)
    }

    /// The first input starts the session; a first fix is its first fix (as a live start is).
    private mutating func start(at input: InputInstant, emit: (RecorderOutput) -> Void) {
        guard !started else { return }
        started = true
        try? recorder.command(.start(nil), at: input, emit: emit)
    }

    /// When an input recorded at `time` arrives: at that time, less the gaps closed so far.
    private mutating func arrival(recorded time: UTCTime) -> InputInstant {
        if let last = lastRecorded, time.milliseconds(since: last) > SessionReplay.longestGapSeconds * 1000 {
            closedMilliseconds += time.milliseconds(since: last) - 1000
            gapsClosed += 1
        }
        lastRecorded = time
        // Live arrivals never go back: an input recorded earlier than the one before (two
        // receivers' clocks in one stream) arrives with it, so the recorder sees the jump both
        // ways; arriving back in time, each return re-anchored the timeline a step further.
        let arrival = max(time.subtracting(milliseconds: closedMilliseconds).millisecondsSinceEpoch, lastArrival ?? .min)
        lastArrival = arrival
        return InputInstant(recorded: UTCTime(millisecondsSinceEpoch: arrival))
    }

    private mutating func skipNotifications(before firstFix: UTCTime) {
        let earliest = firstFix.subtracting(milliseconds: SessionReplay.longestGapSeconds * 1000).millisecondsSinceEpoch
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
            _ = recorder.notification(characteristic: n.characteristic, payload: n.payload, at: input, emit: emit)
        }
    }
}
