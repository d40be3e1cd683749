/// The one session core that `pacerd` and `pacerctl replay` both drive: timed fixes, sensor
/// notifications, commands, a periodic tick and a crashed session's journal records go in;
/// journal entries, events and the live state come out. Pure: every input says when it arrived.
///
/// TIME. Motion runs on the receiver's time of fix, never on arrival time: a USB converter
/// that delivers epochs in bursts, or a 9600-baud link that lags further behind at 10 Hz,
/// changes when fixes arrive, not what they say. The engine's timeline advances to each
/// accepted fix's time. Sensor notifications carry no time of their own: their arrival is
/// mapped onto the receiver's clock (`ReceiverClock`) and they wait in time order until the
/// timeline passes them, so the engine sees fixes and notifications merged exactly as a replay
/// of the recordings merges them. Only while the receiver is silent (no fix for
/// `receiverSilenceSeconds`, or no GPS at all) does the tick move the timeline by the mapped
/// monotonic clock. The system clock only labels a session that has never seen a fix.
///
/// GUARDS. A fix whose time repeats or goes back a little is counted and dropped; one whose
/// time jumps against the monotonic clock (by `jumpLimitSeconds` either way) re-anchors the
/// timeline there, counted and never integrated across; time that comes back to the timeline
/// the jump left (a glitch) restores it exactly.
///
/// RESUME. A session a crash left open waits for the first fix after a restart: it goes on when
/// the receiver's time is within `resume_within_min` of its last record, else it is closed as
/// interrupted; with no fix within that long of monotonic time, it is closed too.
///
/// NOT COPYABLE. There is one recorder per session, never two. The daemon keeps it in a class,
/// and there a read of a copyable struct from another module (STATE's live numbers, ten times
/// a second) copied the whole recorder, retaining every reference it holds. A noncopyable one is
/// not retained, but a call that borrows it still gets its 5 KB moved into a temporary first (the
/// way Swift passes a large struct). So the reads the daemon makes on every fix (`time(at:)`,
/// `liveState(at:)`, `phase`, `sessionStart`) are `mutating` though they change nothing: an inout
/// access hands the callee the recorder where it is.
public struct SessionRecorder: ~Copyable, Sendable {
    public struct Settings: Sendable {
        public var config: PacerConfig
        /// The activity of a session started without one (replay's `--activity`).
        public var activity: Activity
        /// Start and stop by themselves (the daemon); nil: only commands (replay).
        public var unattended: UnattendedRecordingSettings?

        public init(config: PacerConfig, activity: Activity, unattended: UnattendedRecordingSettings? = nil) {
            self.config = config
            self.activity = activity
            self.unattended = unattended
        }
    }

    /// No fix for this long: the receiver is silent and the tick drives the timeline. Longer than
    /// any burst a USB serial converter holds back.
    public static let receiverSilenceSeconds = 10.0
    /// Receiver time stepping this much further (or back) than the monotonic clock is a jump.
    public static let jumpLimitSeconds = 10.0
    static let jumpLimitMilliseconds = (jumpLimitSeconds * 1000).clampedInt64(.towardZero)

    public let settings: Settings
    public private(set) var engine: SessionEngine
    public private(set) var counters = RecorderCounters()
    private var unattended: UnattendedRecorder?
    /// Heart-rate alerts, decided as each value reaches the timeline (`alertHeartRate`).
    private var heartRateAlerts: AlertMonitor

    private var clock = ReceiverClock()
    /// Milliseconds added to receiver times after a re-anchoring (0 while the receiver is sane).
    private var shiftMilliseconds: Int64 = 0
    /// The shift in force before the latest jump: a receiver whose time comes back (a date or
    /// time glitch of a few epochs) gets its timeline back to the millisecond, not re-anchored
    /// on the monotonic clock, which a burst or a lag would put off by up to seconds for good.
    private var shiftBeforeJump: Int64?
    /// The receiver's latest step between fixes (milliseconds): how far a jump re-anchors.
    private var receiverPaceMilliseconds: Int64 = 1000
    /// The latest fix accepted onto the timeline, its (shifted) time and arrival.
    private var lastFix: (fix: GNSSFix, time: UTCTime, arrival: MonotonicInstant)?
    /// How far the engine has been driven on the receiver's timeline.
    private var timeline: UTCTime?
    /// Notifications waiting for the timeline to pass their (mapped) time, in time order.
    private var waiting: [(time: UTCTime, measurement: GATTMeasurement)] = []
    /// Set while a session's times stand on the system clock (no fix seen yet): the first fix
    /// re-anchors the receiver onto the session's axis instead of moving the session.
    private var systemAnchored = false
    private var pendingResume: (session: JournalSession, deadline: MonotonicInstant)?
    /// Metres a resumed session carried over beyond what replaying its samples gave back.
    private var distanceOffset = 0.0
    private var started: UTCTime?
    /// For fixes that know only their time of day: the latest date seen, else the latest
    /// notification's time.
    private var lastDate: UTCTime?
    private var lastNotificationTime: UTCTime?
    private var undatedWithoutReference = 0
    /// Whether this session's weather was asked for (`[weather] attach`) or is in its journal.
    private var weatherRequested = false
    /// The set log of a strength session (`SessionRecorder+Strength`).
    var strengthLog = StrengthSessionLog()

    public init(settings: Settings) {
        self.settings = settings
        engine = SessionEngine(config: settings.config, activity: settings.activity)
        unattended = settings.unattended.map(UnattendedRecorder.init(settings:))
        heartRateAlerts = AlertMonitor(settings: settings.config.alerts)
    }

    public var phase: SessionPhase { mutating get { engine.phase } }
    /// Whether a session is recording or paused. The daemon asks this rather than `phase.isActive`:
    /// Swift 6.0 crashes compiling a member read of a `mutating get` result on a noncopyable
    /// value stored in a class.
    public var isActive: Bool { mutating get { engine.phase.isActive } }
    /// True while a crashed session waits for a fix to decide whether it goes on.
    public var isAwaitingResume: Bool { pendingResume != nil }

    // MARK: time

    /// The recorder's UTC for an arrival: the receiver's clock when a fix was ever seen, else the
    /// system clock (a label only), held to the years a journal records (a Pi's clock can say
    /// anything; a start the journal's reader would refuse would lose the session).
    public mutating func time(at input: InputInstant) -> UTCTime {
        clock.time(at: input.monotonic) ?? min(max(input.systemTime, UTCTime.recordable.lowerBound), UTCTime.recordable.upperBound)
    }


    private func receiverIsLive(at input: InputInstant) -> Bool {
        guard let last = lastFix else { return false }
        return input.monotonic.seconds(since: last.arrival) <= SessionRecorder.receiverSilenceSeconds
    }

    // MARK: inputs

    /// A fix from the receiver, as it arrived.
    mutating func fix(_ received: GNSSFix, at input: InputInstant, emit: (RecorderOutput) -> Void) {
        counters[.fixes] += 1
        guard let measured = date(of: received) else { counters[.fixesWithoutTime] += 1; return }
        if systemAnchored, lastFix == nil, engine.phase.isActive {
            // The session began on the system clock: put the receiver on that axis.
            shiftMilliseconds = time(at: input).milliseconds(since: measured)
            emit(.notice("receiver time \(measured.rfc3339) re-anchored onto the session's system-clock time"))
        }
        var time = measured.adding(milliseconds: shiftMilliseconds)
        if let last = lastFix {
            let arrivalStep = input.monotonic.seconds(since: last.arrival)
            func jumps(_ t: UTCTime) -> Bool {
                let receiverStep = t.secondsSinceEpoch - last.time.secondsSinceEpoch
                return receiverStep - arrivalStep > SessionRecorder.jumpLimitSeconds || receiverStep < -SessionRecorder.jumpLimitSeconds
            }
            if jumps(time) {
                counters[.timeJumps] += 1
                let returned = shiftBeforeJump.map { measured.adding(milliseconds: $0) }
                if let returned, let previous = shiftBeforeJump, !jumps(returned) {
                    // Back on the timeline the last jump left (a glitch of a few epochs): that
                    // timeline again, exactly, whatever the monotonic clock said meanwhile.
                    shiftBeforeJump = shiftMilliseconds
                    shiftMilliseconds = previous
                    time = returned
                    emit(.notice("receiver time returned to \(returned.rfc3339); timeline restored"))
                } else {
                    // An arrival within the limit is an epoch whatever a burst or a lag made of
                    // it: one step at the receiver's pace (as a replay, which has no monotonic
                    // clock, places it). A longer silence is that long.
                    let step = arrivalStep > SessionRecorder.jumpLimitSeconds ? (arrivalStep * 1000).clampedInt64(.towardZero) : receiverPaceMilliseconds
                    let anchored = last.time.adding(milliseconds: max(1, step))
                    shiftBeforeJump = shiftMilliseconds
                    shiftMilliseconds += anchored.milliseconds(since: time)
                    emit(.notice("receiver time jumped from \(last.time.rfc3339) to \(time.rfc3339); timeline re-anchored"))
                    lastFix = (received, anchored, input.monotonic)
                    return
                }
            }
            guard time > last.time else { counters[.fixesOutOfOrder] += 1; return }
        }
        var fix = received
        fix.time = time
        if let last = lastFix, time > last.time {
            receiverPaceMilliseconds = min(time.milliseconds(since: last.time), SessionRecorder.jumpLimitMilliseconds)
        }
        lastFix = (fix, time, input.monotonic)
        clock.observe(time: time, arrival: input.monotonic)
        decidePendingResume(at: time, input: input, emit: emit)
        if engine.phase.isActive {
            guard timeline.map({ time > $0 }) ?? true else { counters[.fixesOutOfOrder] += 1; return }
            deliverWaiting(through: time, emit: emit)
            timeline = time
        }
        if engine.activity.profile.recordsTrack || !engine.phase.isActive {
            engine.handle(fix: fix, at: time.monotonicInstant) { [distanceOffset] in SessionRecorder.forward($0, distanceOffset, emit) }
            for report in engine.terrain.lookup?.takeReports() ?? [] { emit(.notice(report.description)) }
        } else {
            // A session without a track takes the receiver only as its clock.
            engine.tick(at: time.monotonicInstant) { [distanceOffset] in SessionRecorder.forward($0, distanceOffset, emit) }
        }
        unattended?.observeSpeed(fix.speed, at: input.monotonic)
        requestWeather(at: fix, emit: emit)
    }

    /// A fix that `date(of:)` could not place in time (replay asks first): counted, skipped.
    public mutating func skipUndated() {
        counters[.fixes] += 1
        counters[.fixesWithoutTime] += 1
    }

    /// A sensor notification, raw as the sensor sent it, and its decoding when the caller has
    /// it already (pacerd's BlueZ thread decodes each value once; replay passes nil and it is
    /// decoded here). Returns the decoded value (nil when it does not decode or has no decoder).
    mutating func notification(characteristic: UInt16, payload: [UInt8], decoded: Result<GATTMeasurement, GATTDecodingError>? = nil,
                               at input: InputInstant, emit: (RecorderOutput) -> Void) -> GATTMeasurement? {
        counters[.notifications] += 1
        var time = self.time(at: input)
        lastNotificationTime = time
        if let last = waiting.last?.time, time < last { time = last }
        if let timeline, time < timeline { time = timeline }
        if engine.phase.isActive { emit(.sensorLog(BLENotification(time: time, characteristic: characteristic, payload: payload))) }
        let measurement: GATTMeasurement
        switch decoded ?? GATTMeasurement.decode(characteristic: characteristic, bytes: payload) {
        case .success(let m): measurement = m
        case .failure(.unknownCharacteristic):
            counters[.otherCharacteristics] += 1
            return nil
        case .failure:
            counters[.malformedNotifications] += 1
            return nil
        }
        if measurement.isImplausible { counters[.implausibleNotifications] += 1 }
        observeForUnattended(measurement, at: input.monotonic)
        guard engine.phase.isActive else {
            alertHeartRate(measurement, at: time, emit: emit)
            return measurement
        }
        waiting.append((time, measurement))
        if !receiverIsLive(at: input) { advance(to: time, emit: emit) }
        return measurement
    }

    /// A user's (or the unattended recorder's) command.
    mutating func command(_ command: SessionCommand, at input: InputInstant,
                          emit: (RecorderOutput) -> Void) throws(SessionCommandError) {
        if case .start = command, let pending = pendingResume {
            pendingResume = nil
            emit(.journal(.closeRecovered))
            emit(.notice("session \(pending.session.id) closed as interrupted: a new session was started"))
        }
        switch command {
        case .start(let requested):
            guard !engine.phase.isActive else { throw SessionCommandError(command: command, phase: engine.phase) }
            begin(requested ?? settings.activity, at: input, emit: emit)
        default:
            var at = commandTime(at: input, emit: emit)
            if case .stop = command { at = throughLoggedNotifications(from: at, emit: emit) }
            do {
                try engine.handle(command, at: at.monotonicInstant, time: at) { [distanceOffset] in SessionRecorder.forward($0, distanceOffset, emit) }
            } catch let error as SessionCommandError {
                throw error
            } catch {
                throw SessionCommandError(command: command, phase: engine.phase)
            }
        }
        if case .stop = command { ended(at: input) }
    }

    /// `[elevation] dem`: the terrain model every session from now on reads (nil: none).
    public mutating func useTerrain(_ lookup: TerrainLookup?) {
        engine.terrain.lookup = lookup
    }

    mutating func follow(_ course: Course?, at input: InputInstant, emit: (RecorderOutput) -> Void) {
        atPresent(input, emit) { engine, at, out in engine.follow(course, at: at, emit: out) }
        emit(.notice(course.map { "following course \($0.name): \(($0.length / 1000).wholeText()) km, \($0.cues.count) cues, \($0.climbs.count) climbs" }
            ?? "course cleared"))
    }

    /// Changes what the engine follows or runs: at the timeline's present with its outputs while
    /// a session is active; else with no session to note it in and no time to place, the next
    /// session starts with it.
    private mutating func atPresent(_ input: InputInstant, _ emit: (RecorderOutput) -> Void,
                                    _ change: (inout SessionEngine, MonotonicInstant, (SessionOutput) -> Void) -> Void) {
        if engine.phase.isActive {
            let at = commandTime(at: input, emit: emit)
            var outputs: [SessionOutput] = []
            change(&engine, at.monotonicInstant) { outputs.append($0) }
            for output in outputs { SessionRecorder.forward(output, distanceOffset, emit) }
        } else {
            change(&engine, input.monotonic) { _ in }
        }
    }

    /// A workout to run from now (nil clears it), as `follow` takes a course.
    mutating func run(_ workout: Workout?, at input: InputInstant, emit: (RecorderOutput) -> Void) {
        atPresent(input, emit) { engine, at, out in engine.run(workout, at: at, emit: out) }
        emit(.notice(workout.map { "running workout \($0.name): \($0.stepCount) steps" } ?? "workout cleared"))
    }

    /// `workout skip`: the current step ends at the timeline's present.
    mutating func skipWorkoutStep(at input: InputInstant, emit: (RecorderOutput) -> Void) throws(WorkoutCommandError) {
        guard engine.workout != nil else { throw WorkoutCommandError("no workout is loaded") }
        guard engine.phase.isActive else { throw WorkoutCommandError("the workout starts with a session") }
        let at = commandTime(at: input, emit: emit)
        try engine.skipWorkoutStep(at: at.monotonicInstant) { [distanceOffset] in SessionRecorder.forward($0, distanceOffset, emit) }
    }

    /// STATE's `workout` object (nil without a workout).
    public var liveWorkout: LiveWorkout? { mutating get { engine.liveWorkout() } }

    /// STATE's `trainer` object (nil while no trainer was heard in the session).
    public var liveTrainer: LiveTrainer? { mutating get { engine.liveTrainer() } }

    /// STATE's `course` object (nil without a course).
    public var liveCourse: LiveCourse? { mutating get { engine.liveCourse() } }

    /// The weather `fetchWeather` asked for, fetched (a `SessionWeather` detail): it joins the
    /// session at the timeline's present. Dropped while no session records; a fetch that failed
    /// never comes here, and recording never waits for one.
    mutating func attachWeather(_ weather: SessionWeather, at input: InputInstant, emit: (RecorderOutput) -> Void) {
        guard engine.phase.isActive else { return }
        let at = commandTime(at: input, emit: emit)
        emit(.journal(.event(.marker(time: at, kind: SessionWeather.markerKind, detail: weather.detail))))
    }

    /// The periodic heartbeat (about once a second): liveness decisions, and the timeline while
    /// the receiver is silent.
    mutating func tick(at input: InputInstant, emit: (RecorderOutput) -> Void) {
        if let pending = pendingResume, input.monotonic >= pending.deadline {
            pendingResume = nil
            emit(.journal(.closeRecovered))
            emit(.notice("session \(pending.session.id) closed as interrupted: no GPS fix within resume_within_min to place it in time"))
        }
        if engine.phase.isActive, !receiverIsLive(at: input) {
            let now = max(time(at: input), timeline ?? time(at: input))
            advance(to: now, emit: emit)
            engine.tick(at: now.monotonicInstant) { [distanceOffset] in SessionRecorder.forward($0, distanceOffset, emit) }
        }
        decideUnattended(at: input, emit: emit)
    }

    /// A session the journal found open after a crash: it waits for a fix (see RESUME).
    mutating func recover(_ session: JournalSession, at input: InputInstant, emit: (RecorderOutput) -> Void) {
        guard resumeWithinMinutes > 0 else {
            emit(.journal(.closeRecovered))
            emit(.notice("session \(session.id) closed as interrupted: resume_within_min is 0"))
            return
        }
        pendingResume = (session, input.monotonic.advanced(bySeconds: resumeWithinMinutes * 60))
    }

    private var resumeWithinMinutes: Double {
        settings.unattended?.resumeWithinMinutes ?? settings.config.unattended.resumeWithinMinutes
    }

    /// The end of a replay: notifications still waiting are delivered, an open session stops at
    /// the last input.
    mutating func finish(emit: (RecorderOutput) -> Void) {
        guard engine.phase.isActive else { return }
        let end = throughLoggedNotifications(from: timeline ?? .init(millisecondsSinceEpoch: 0), emit: emit)
        try? engine.handle(.stop, at: end.monotonicInstant, time: end) { [distanceOffset] in SessionRecorder.forward($0, distanceOffset, emit) }
    }

    // MARK: state

    /// What a watch face shows now; nil while no session is active.
    public mutating func liveState(at input: InputInstant) -> SessionLiveState? {
        guard engine.phase.isActive else { return nil }
        let now = max(time(at: input), timeline ?? time(at: input))
        var state = engine.liveState(at: now.monotonicInstant)
        state.distanceMeters += distanceOffset
        return state
    }

    /// The session's start, while one is active.
    public var sessionStart: UTCTime? { mutating get { engine.phase.isActive ? started : nil } }

    // MARK: internals

    private mutating func begin(_ activity: Activity, at input: InputInstant, emit: (RecorderOutput) -> Void) {
        distanceOffset = 0
        waiting.removeAll()
        strengthLog = StrengthSessionLog()
        let start: UTCTime
        var first: GNSSFix?
        if receiverIsLive(at: input), let last = lastFix {
            // The latest fix is the session's first: it starts where and when the receiver last was.
            start = last.time
            first = last.fix
        } else {
            start = time(at: input)
            systemAnchored = clock.offsetMilliseconds == nil
        }
        timeline = start
        started = start
        weatherRequested = false
        try? engine.handle(.start(activity), at: start.monotonicInstant, time: start) { [distanceOffset] in SessionRecorder.forward($0, distanceOffset, emit) }
        if let first, activity.profile.recordsTrack {
            engine.handle(fix: first, at: start.monotonicInstant) { [distanceOffset] in SessionRecorder.forward($0, distanceOffset, emit) }
            requestWeather(at: first, emit: emit)
        }
        unattended?.sessionStarted(at: input.monotonic)
    }

    private mutating func requestWeather(at fix: GNSSFix, emit: (RecorderOutput) -> Void) {
        guard settings.config.weather.attach, !weatherRequested, engine.phase.isActive,
              let latitude = fix.latitude, let longitude = fix.longitude else { return }
        weatherRequested = true
        emit(.fetchWeather(latitude: latitude, longitude: longitude))
    }

    private mutating func ended(at input: InputInstant) {
        waiting.removeAll()
        distanceOffset = 0
        unattended?.sessionEnded(at: input.monotonic)
        if systemAnchored || shiftMilliseconds != 0 {
            // The next session takes the receiver's own time again.
            systemAnchored = false
            shiftMilliseconds = 0
            shiftBeforeJump = nil
            clock.reset()
            lastFix = nil
        }
    }

    /// A command's time on the timeline: the latest fix while the receiver is live (fixes still
    /// in a converter's buffer must not land after a stop), else the mapped clock.
    mutating func commandTime(at input: InputInstant, emit: (RecorderOutput) -> Void) -> UTCTime {
        let at = receiverIsLive(at: input) ? (timeline ?? time(at: input)) : max(time(at: input), timeline ?? time(at: input))
        advance(to: at, emit: emit)
        return at
    }

    /// Where a session that stops at `time` ends: after every notification its BLE log holds
    /// already (those placed just past the last fix), delivered first, so that a replay of the
    /// log, which counts them, ends it at the same time.
    private mutating func throughLoggedNotifications(from time: UTCTime, emit: (RecorderOutput) -> Void) -> UTCTime {
        let end = max(time, waiting.last?.time ?? time)
        advance(to: end, emit: emit)
        return end
    }

    private mutating func advance(to time: UTCTime, emit: (RecorderOutput) -> Void) {
        deliverWaiting(through: time, emit: emit)
        if timeline.map({ time > $0 }) ?? true { timeline = time }
    }

    private mutating func deliverWaiting(through time: UTCTime, emit: (RecorderOutput) -> Void) {
        var delivered = 0
        for item in waiting {
            guard item.time <= time else { break }
            if engine.activity == .strength, case .heartRate(let m) = item.measurement,
               let bpm = HeartRateReading(m).acceptedHeartRate { strengthLog.observe(heartRate: bpm, at: item.time) }
            engine.handle(item.measurement, at: item.time.monotonicInstant) { [distanceOffset] in SessionRecorder.forward($0, distanceOffset, emit) }
            alertHeartRate(item.measurement, at: item.time, emit: emit)
            delivered += 1
        }
        if delivered > 0 { waiting.removeFirst(delivered) }
    }

    /// A heart rate (or a strap's "no contact") for the alerts, at its place on the timeline, with
    /// the zone the session announced (none while idle): what pacerd broadcasts, replay decides too.
    private mutating func alertHeartRate(_ measurement: GATTMeasurement, at time: UTCTime, emit: (RecorderOutput) -> Void) {
        guard case .heartRate(let m) = measurement else { return }
        let zone = engine.phase.isActive ? engine.heartRateZone : nil
        for alert in heartRateAlerts.heartRate(HeartRateReading(m).acceptedHeartRate, zone: zone,
                                               at: time.monotonicInstant, time: time) {
            emit(.alert(alert))
        }
    }

    /// Engine outputs become journal entries and events; a resumed session's samples and totals
    /// carry the distance it had before the crash.
    private static func forward(_ output: SessionOutput, _ distanceOffset: Double, _ emit: (RecorderOutput) -> Void) {
        switch output {
        case .sample(var sample):
            sample.distanceMeters += distanceOffset
            emit(.journal(.sample(sample)))
        case .event(var event):
            switch event {
            case let .sessionStarted(time, activity):
                emit(.journal(.begin(activity: activity, start: time)))
            case let .sessionStopped(time, summary):
                let totals = withDistanceOffset(summary, distanceOffset)
                event = .sessionStopped(time: time, summary: totals)
                emit(.journal(.end(totals)))
            default:
                if let entry = JournalEntry(event) { emit(.journal(entry)) }
            }
            emit(.event(event))
        case let .trainer(time, .write(request)):
            emit(.trainerWrite(BLENotification(time: time, characteristic: FTMSControlRequest.characteristic, payload: request.bytes, written: true)))
        case let .trainer(time, action):
            if let event = LiveEvent(trainer: action, time: time) {
                emit(.alert(event))
                emit(.notice("trainer: \(event.kind.rawValue) (\(event["reason"]?.string ?? ""))"))
            }
        }
    }

    private static func withDistanceOffset(_ summary: SessionSummary, _ distanceOffset: Double) -> SessionSummary {
        guard distanceOffset > 0 else { return summary }
        var s = summary
        s.distanceMeters += distanceOffset
        if s.movingSeconds > 0, s.averageSpeed != nil { s.averageSpeed = s.distanceMeters / s.movingSeconds }
        return s
    }

    // MARK: resume

    private mutating func decidePendingResume(at time: UTCTime, input: InputInstant, emit: (RecorderOutput) -> Void) {
        guard let pending = pendingResume else { return }
        pendingResume = nil
        let open = pending.session
        let last = [open.samples.last?.time, open.events.last?.time, open.start].compactMap { $0 }.max()!
        let gap = time.secondsSinceEpoch - last.secondsSinceEpoch
        guard !engine.phase.isActive,
              SessionResumePolicy.shouldResume(lastRecord: last, now: time, withinMinutes: resumeWithinMinutes) else {
            emit(.journal(.closeRecovered))
            emit(.notice("session \(open.id) closed as interrupted: its last record is \(gap.wholeText(.towardZero)) s before the receiver's time "
                + "(resume_within_min \(resumeWithinMinutes.wholeText(.towardZero)))"))
            return
        }
        rebuild(open)
        weatherRequested = SessionWeather(events: open.events) != nil
        timeline = max(last, open.start)
        started = open.start
        unattended?.sessionStarted(at: input.monotonic)
        emit(.journal(.resumeRecovered(at: time)))
        emit(.event(.sessionResumed(time: time, activity: open.activity)))
        emit(.notice("resumed session \(open.id) after \(gap.wholeText(.towardZero)) s (\(open.samples.count) samples, \(liveDistance(at: last).wholeText(.towardZero)) m)"))
    }

    /// The engine as it stood at the crash, from the journal's samples and events (their outputs
    /// are in the journal already and are dropped), with the workout it ran; the distance the filter's warm-up loses on
    /// the 1 s samples is carried as an offset.
    private mutating func rebuild(_ open: JournalSession) {
        var rebuilt = SessionEngine(config: settings.config, activity: open.activity)
        rebuilt.terrain.lookup = engine.terrain.lookup
        let ignore: (SessionOutput) -> Void = { _ in }
        // A workout the session started with runs from its first second, as the start runs it.
        for e in open.events where e.time <= open.start { JournalWorkout.replay(e, on: &rebuilt) }
        try? rebuilt.handle(.start(open.activity), at: open.start.monotonicInstant, time: open.start, emit: ignore)
        var events = open.events[...]
        for sample in open.samples {
            while let e = events.first, e.time <= sample.time {
                events = events.dropFirst()
                let command: SessionCommand? = switch e {
                case .pause(_, automatic: false): .pause
                case .resume: rebuilt.phase == .paused ? .resume : nil
                case .lap: .lap
                default: nil
                }
                if let command { try? rebuilt.handle(command, at: e.time.monotonicInstant, time: e.time, emit: ignore) }
                if e.time > open.start { JournalWorkout.replay(e, on: &rebuilt) }
            }
            let at = sample.time.monotonicInstant
            if let lat = sample.latitude, let lon = sample.longitude {
                let fix = GNSSFix(time: sample.time, mode: sample.altitudeMSL == nil ? .twoD : .threeD, latitude: lat,
                                  longitude: lon, altitudeMSL: sample.altitudeMSL, speed: sample.speed,
                                  hdop: 1.0, satellitesUsed: 8)
                rebuilt.handle(fix: fix, at: at, emit: ignore)
            }
            if sample.heartRate != nil || !sample.rrIntervals.isEmpty {
                rebuilt.handle(heartRate: HeartRateReading(beatsPerMinute: sample.heartRate, rrIntervals: sample.rrIntervals), at: at, emit: ignore)
            }
            // The power meter's watts keep the rebuilt 3 s power (a workout's steps judge it).
            if let power = JournalWorkout.powerReading(sample.power) {
                rebuilt.handle(power: power, at: at, emit: ignore)
            }
        }
        engine = rebuilt
        strengthLog = StrengthSessionLog(events: open.events)
        if let last = open.samples.last {
            distanceOffset = max(0, last.distanceMeters - engine.liveState(at: last.time.monotonicInstant).distanceMeters)
        }
    }

    private mutating func liveDistance(at time: UTCTime) -> Double {
        engine.liveState(at: time.monotonicInstant).distanceMeters + distanceOffset
    }

    // MARK: unattended

    private mutating func observeForUnattended(_ measurement: GATTMeasurement, at t: MonotonicInstant) {
        switch measurement {
        case .heartRate(let m): unattended?.observeContact(HeartRateReading(m).acceptedHeartRate != nil, at: t)
        case .runningSpeedCadence(let m):
            let reading = FootpodReading(m)
            unattended?.observeFootpodCadence(reading.cadence)
            unattended?.observeSensorMovement((reading.speed ?? 0) > 0 || (reading.cadence ?? 0) > 0 ? .run : nil, at: t)
        case .cyclingPower(let m):
            unattended?.observeSensorMovement(m.instantaneousPower > 0 && PowerTracker.isPlausible(Int(m.instantaneousPower)) ? .ride : nil, at: t)
        case .indoorBike(let m):
            let pedalled = m.power.map { $0 > 0 && PowerTracker.isPlausible(Int($0)) } ?? false || (m.cadenceRpm ?? 0) > 0
            unattended?.observeSensorMovement(pedalled ? .ride : nil, at: t)
        default: break
        }
    }

    private mutating func decideUnattended(at input: InputInstant, emit: (RecorderOutput) -> Void) {
        guard var decider = unattended, pendingResume == nil else { return }
        let decision = decider.evaluate(now: input.monotonic, sessionActive: engine.phase.isActive)
        unattended = decider
        switch decision {
        case .none: break
        case let .start(activity, reason):
            emit(.notice("starting a \(activity.rawValue) session by itself: \(reason)"))
            try? command(.start(activity), at: input, emit: emit)
        case .stop(let reason):
            emit(.notice("stopping the session by itself: \(reason)"))
            try? command(.stop, at: input, emit: emit)
        }
    }

    // MARK: dates

    /// The fix's UTC time (before any re-anchoring); a fix with only a time of day takes the
    /// date of the previous input (rolling over at midnight). A decoder reports the first epoch
    /// before it has seen a date (GGA before RMC), then dated: such an early undated fix is
    /// skipped rather than placed in 1970. Only a stream that stays undated falls back to day 0,
    /// after a few fixes. A date outside `UTCTime.recordable` counts as none. Replay asks first,
    /// to merge its notifications in time order.
    public mutating func date(of fix: GNSSFix) -> UTCTime? {
        if let t = fix.time {
            // A date past 2199 (a receiver's garbage) cannot be on a session's timeline.
            guard UTCTime.recordable.contains(t) else { return nil }
            lastDate = t
            return t
        }
        guard let tod = fix.timeOfDayMilliseconds else { return nil }
        var reference = lastDate ?? lastNotificationTime
        if reference == nil {
            undatedWithoutReference += 1
            guard undatedWithoutReference > SessionRecorder.undatedFixesBeforeDayZero else { return nil }
            reference = UTCTime(millisecondsSinceEpoch: 0)
        }
        guard let reference else { return nil }
        let day: Int64 = 86_400_000
        let midnight = reference.subtracting(milliseconds: ((reference.millisecondsSinceEpoch % day) + day) % day)
        var placed = midnight.adding(milliseconds: Int64(tod))
        // Half a day or more before the reference: the time of day is the next day's.
        if placed < reference.subtracting(milliseconds: day / 2) { placed = placed.adding(milliseconds: day) }
        lastDate = placed
        return placed
    }

    /// Undated fixes skipped before a stream is taken to carry no date at all.
    static let undatedFixesBeforeDayZero = 5
}
