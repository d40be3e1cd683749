/// Drives a `SessionEngine` from recordings exactly as the daemon drives it live: GNSS fixes
/// and BLE notifications merged in time order, each at the monotonic instant derived from its
/// UTC time. The session starts at the first input and stops at the last.
///
/// Fixes stream through `feed` (as the NMEA decoder emits them); the BLE log, much smaller,
/// is given whole and merged in as the fixes advance.
public struct SessionReplay {
    public private(set) var engine: SessionEngine
    public private(set) var counters = ReplayCounters()
    private let notifications: [BLENotification]
    private var nextNotification = 0
    private var lastTime: UTCTime?
    private var started = false
    /// Undated fixes seen before anything could date them (see `placeInTime`).
    private var undatedWithoutReference = 0

    public init(config: PacerConfig, activity: Activity, notifications: [BLENotification]) {
        engine = SessionEngine(config: config, activity: activity)
        self.notifications = notifications
    }

    /// One decoded fix, in stream order.
    public mutating func feed(_ fix: GNSSFix, emit: (SessionOutput) -> Void) {
        counters.fixes += 1
        guard let time = placeInTime(fix) else { counters.fixesWithoutTime += 1; return }
        deliverNotifications(before: time, emit: emit)
        start(at: time, emit: emit)
        lastTime = max(lastTime ?? time, time)
        engine.handle(fix: fix, at: SessionReplay.instant(time), emit: emit)
    }

    /// Delivers the remaining notifications, stops the session and returns its summary.
    public mutating func finish(emit: (SessionOutput) -> Void) -> SessionSummary {
        deliverNotifications(before: nil, emit: emit)
        if let end = lastTime, engine.phase.isActive {
            try? engine.handle(.stop, at: SessionReplay.instant(end), time: end, emit: emit)
        }
        return engine.summary()
    }

    /// How many undated fixes without any date to hang them on are skipped before the stream
    /// is taken to carry no date at all: a receiver sends its date within the first epoch or two.
    static let undatedFixesBeforeDayZero = 5

    static func instant(_ time: UTCTime) -> MonotonicInstant {
        MonotonicInstant(nanoseconds: time.millisecondsSinceEpoch * 1_000_000)
    }

    private mutating func start(at time: UTCTime, emit: (SessionOutput) -> Void) {
        guard !started else { return }
        started = true
        try? engine.handle(.start(nil), at: SessionReplay.instant(time), time: time, emit: emit)
    }

    private mutating func deliverNotifications(before limit: UTCTime?, emit: (SessionOutput) -> Void) {
        while nextNotification < notifications.count {
            let n = notifications[nextNotification]
            if let limit, n.time > limit { return }
            nextNotification += 1
            counters.notifications += 1
            start(at: n.time, emit: emit)
            lastTime = max(lastTime ?? n.time, n.time)
            let at = SessionReplay.instant(n.time)
            do {
                switch try GATTMeasurement(n) {
                case .heartRate(let m): engine.handle(heartRate: HeartRateReading(m), at: at, emit: emit)
                case .runningSpeedCadence(let m): engine.handle(footpod: FootpodReading(m), at: at, emit: emit)
                case .cyclingSpeedCadence(let m): engine.handle(bike: BikeSensorReading(m), at: at, emit: emit)
                case .batteryLevel: counters.otherCharacteristics += 1
                }
            } catch .unknownCharacteristic {
                counters.otherCharacteristics += 1
            } catch {
                counters.malformedNotifications += 1
            }
        }
    }

    /// The fix's UTC time; a fix with only a time of day takes the date of the previous input
    /// (rolling over at midnight), or of the first notification, or 1970-01-01.
    /// A decoder reports the first epoch before it has seen a date (GGA before RMC), then
    /// dated: such an early undated fix is skipped rather than placed in 1970. Only a stream
    /// that stays undated (GGA-only, no BLE log) falls back to day 0, after a few fixes.
    private mutating func placeInTime(_ fix: GNSSFix) -> UTCTime? {
        if let t = fix.time { return t }
        guard let tod = fix.timeOfDayMilliseconds else { return nil }
        var reference = lastTime ?? notifications.first?.time
        if reference == nil {
            undatedWithoutReference += 1
            guard undatedWithoutReference > SessionReplay.undatedFixesBeforeDayZero else { return nil }
            reference = UTCTime(millisecondsSinceEpoch: 0)
        }
        guard let reference else { return nil }
        let day: Int64 = 86_400_000
        var midnight = reference.millisecondsSinceEpoch - ((reference.millisecondsSinceEpoch % day) + day) % day
        var t = midnight + Int64(tod)
        if t < reference.millisecondsSinceEpoch - day / 2 { midnight += day; t = midnight + Int64(tod) }
        return UTCTime(millisecondsSinceEpoch: t)
    }
}
