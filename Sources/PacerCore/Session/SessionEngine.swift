/// The session state machine and every live metric: idle -> recording <-> paused / autopaused
/// -> stopped. Pure: each input carries its instant on the session's timeline, which
/// `SessionRecorder` makes from the receiver's time of fix (`UTCTime.monotonicInstant`), not
/// from when it arrived; the engine dates instants by their offset from the start. So the daemon
/// and `pacerctl replay` run identical arithmetic.
///
/// Inputs, all from the recorder: GNSS fixes, sensor measurements, commands, and `tick` where
/// time passes without a fix to carry it. Outputs through `emit`: events as they happen and one
/// `SessionSample` per second of session time. `liveState` and `summary` read the totals at any
/// moment.
public struct SessionEngine: Sendable {
    public let config: PacerConfig
    public private(set) var phase: SessionPhase = .idle
    public private(set) var activity: Activity
    public private(set) var filter: PositionFilter

    private var autoPause: AutoPauseDetector
    /// How late the receiver's speed is (auto-pause dates its transitions with it).
    private var receiverLag = ReceiverLag()
    private var elevation = ElevationTracker()
    /// The same altitudes per place, for the summary's gain (repeated routes average out drift).
    private var altitudeMap = RouteAltitudeMap()
    /// Pressure altitude (`[altitude] source`): the gain and the samples' altitude when in use.
    private var barometer = BarometricAltimeter()
    /// `[elevation] dem`: the ground's height along the track, kept from one session to the next.
    var terrain = TerrainAltitude()
    private var heartRate: HeartRateTracker
    private var steps = StepCounter()
    private var crankCadence = StepCounter()
    /// Power meter and speed/cadence sensor: power totals, wheel distance, crank cadence.
    var bike: BikeSensors
    /// Wheel distance was counted since the last position: the GPS's bridge over that gap is not.
    private var wheelCoveredGap = false
    /// Wheel metres since the last position, credited once the GPS counts as lost.
    private var wheelSinceFix = 0.0
    private var sawWheel = false
    private var rmssd = RMSSDAccumulator()
    private var started: (instant: MonotonicInstant, time: UTCTime)?
    private var stopped: MonotonicInstant?
    private var lastFixInstant: MonotonicInstant?
    private var lastEstimate: (estimate: PositionEstimate, instant: MonotonicInstant)?
    /// Moving seconds at the last auto-pause transition: a retroactive correction never goes below.
    private var movingAtTransition = 0.0
    var moving = 0.0
    /// Moving seconds after the last accepted position: a GPS gap that ends where it began is
    /// taken back to here (`creditGap`).
    private var movingAtLastEstimate = 0.0
    /// Moving seconds credited inside the current GPS gap without estimated steps, and those
    /// without MET energy: nothing says yet whether the athlete still moves. The gap's end
    /// decides (`creditGap`).
    private var gapMovingSeconds = 0.0
    private var gapEnergySeconds = 0.0
    var distance = 0.0
    private var maxSpeed: Double?
    private var smoothedSpeed: Double?
    private var metKilocalories = 0.0
    private var sawPosition = false
    private var sawAltitude = false
    private var laps: [SegmentSummary] = []
    private var splits: [SegmentSummary] = []
    private var lapStart = (totals: SessionTotals(), time: UTCTime(millisecondsSinceEpoch: 0))
    private var splitStart = (totals: SessionTotals(), time: UTCTime(millisecondsSinceEpoch: 0))
    private var previousTotals = SessionTotals()
    private var nextSampleSecond: Int64 = 0
    private var pendingRR: [UInt16] = []
    private var lastZone: Int?
    /// The course followed (`SessionEngine+Course`): kept from one session to the next.
    var courseMatcher: CourseMatcher?
    /// The workout run (`SessionEngine+Workout`): kept from one session to the next, each
    /// session running it from its first step.
    var workoutRunner: WorkoutRunner?
    /// The smart trainer driven from the workout or the course (`SessionEngine+Trainer`).
    var trainer: TrainerController
    /// The heart-rate zone the engine last announced (`zoneChanged`); nil before any.
    public var heartRateZone: Int? { lastZone }

    public init(config: PacerConfig = PacerConfig(), activity: Activity = .run) {
        self.config = config
        self.activity = activity
        filter = PositionFilter(activity: activity)
        autoPause = AutoPauseDetector(settings: config.recording.autoPause(for: activity))
        heartRate = HeartRateTracker(athlete: config.athlete)
        bike = BikeSensors(wheelCircumferenceMillimetres: config.wheelCircumferenceMillimetres)
        trainer = TrainerController(mode: config.trainer.mode)
    }

    /// Without an accepted position for this long (or with no GPS at all, indoors) the wheel
    /// sensor's revolutions are the distance; the PositionFilter bridges shorter gaps itself.
    public static let wheelDistanceAfterSeconds = 3.0

    // MARK: commands

    public mutating func handle(_ command: SessionCommand, at instant: MonotonicInstant, time: UTCTime,
                                emit: (SessionOutput) -> Void) throws {
        switch (command, phase) {
        case (.start(let requested), .idle), (.start(let requested), .stopped):
            begin(activity: requested ?? activity, at: instant, time: time, emit: emit)
        case (.pause, .recording), (.pause, .autopaused):
            account(upTo: instant)
            phase = .paused
            emit(.event(.paused(time: utc(instant))))
        case (.resume, .paused):
            bike.advance(to: instant, recording: false)
            lastFixInstant = instant
            autoPause = AutoPauseDetector(settings: config.recording.autoPause(for: activity))
            movingAtTransition = moving
            phase = .recording
            emit(.event(.resumed(time: utc(instant), automatic: false)))
        case (.lap, .recording), (.lap, .paused), (.lap, .autopaused):
            closeLap(at: instant, trigger: .manual, emit: emit)
        case (.stop, .recording), (.stop, .paused), (.stop, .autopaused):
            finish(at: instant, emit: emit)
        default:
            throw SessionCommandError(command: command, phase: phase)
        }
    }

    private mutating func begin(activity: Activity, at instant: MonotonicInstant, time: UTCTime, emit: (SessionOutput) -> Void) {
        let course = courseMatcher?.course
        let tiles = terrain.lookup
        let workout = workoutRunner?.workout
        self = SessionEngine(config: config, activity: activity)
        terrain.lookup = tiles
        started = (instant, time)
        phase = .recording
        lapStart = (SessionTotals(), time)
        splitStart = (SessionTotals(), time)
        emit(.event(.sessionStarted(time: time, activity: activity)))
        follow(course, at: instant, emit: emit)
        run(workout, at: instant, emit: emit)
        emitSamples(upTo: instant, emit: emit)
    }

    // MARK: inputs

    /// A fix from the GNSS receiver, produced at `instant`.
    public mutating func handle(fix: GNSSFix, at instant: MonotonicInstant, emit: (SessionOutput) -> Void) {
        emitSamples(before: instant, emit: emit)
        let result = filter.update(fix, at: instant)
        guard phase.isActive else { return }
        if let lat = fix.latitude, let lon = fix.longitude, fix.hasPosition, !fix.isEstimated {
            receiverLag.add(latitude: lat, longitude: lon, velocity: PositionFilter.reportedVelocity(fix), at: instant)
        }
        account(upTo: instant)
        if case .success(let estimate) = result {
            creditGap(bridgedBy: estimate, at: instant)
            sawPosition = true
            lastEstimate = (estimate, instant)
            if phase != .paused, !(estimate.bridgedGap && wheelCoveredGap) { distance += estimate.distanceIncrement }
            wheelCoveredGap = false
            wheelSinceFix = 0
            let alpha = min(1, (smoothedSpeed == nil ? 1 : 0.35))
            smoothedSpeed = (smoothedSpeed ?? estimate.speed) + alpha * (estimate.speed - (smoothedSpeed ?? estimate.speed))
            if phase == .recording { maxSpeed = max(maxSpeed ?? 0, smoothedSpeed!) }
            // The ground under the filtered position, where the tiles have it: it calibrates the
            // barometer, and without one (or with `source = dem`) it is the elevation.
            let ground = config.altitude.source == .gps ? nil : terrain.ground(latitude: estimate.latitude, longitude: estimate.longitude)
            if let altitude = ground ?? estimate.altitudeMSL, !estimate.positionRejected, !estimate.isStationary {
                let sigma = ground == nil ? ElevationTracker.verticalSigma(fix) : TerrainAltitude.verticalSigma
                barometer.calibrate(gpsAltitude: altitude, verticalSigma: sigma, at: instant)
            }
            if estimate.isStationary || phase == .paused { barometer.suspend() }
            if let ground, phase != .paused {
                sawAltitude = true
                elevation.suspend()
                altitudeMap.suspend()
                if estimate.isStationary || estimate.positionRejected { terrain.suspend() } else {
                    terrain.track(ground, speed: fix.speed ?? estimate.speed, at: instant)
                }
            } else if let altitude = estimate.altitudeMSL, phase != .paused {
                terrain.suspend()
                sawAltitude = true
                // A fix whose position the filter rejected is multipath: its altitude is as wrong.
                if estimate.isStationary {
                    elevation.suspend()
                    altitudeMap.suspend()
                } else if !estimate.positionRejected {
                    let sigma = ElevationTracker.verticalSigma(fix)
                    if elevation.update(altitude: altitude, verticalSigma: sigma, speed: fix.speed ?? estimate.speed, at: instant) {
                        altitudeMap.record(altitude: altitude, latitude: estimate.latitude, longitude: estimate.longitude,
                                           verticalSigma: sigma, at: instant)
                    }
                }
            }
            if phase != .paused, config.recording.autoPauseEnabled {
                applyAutoPause(autoPause.update(speed: estimate.speed, at: instant, lag: receiverLag.seconds,
                                                restSpeed: filter.parameters.stationarySpeed), at: instant, emit: emit)
            }
            movingAtLastEstimate = moving
            followCourse(estimate, at: instant, emit: emit)
        }
        checkDistanceMarks(at: instant, emit: emit)
        emitSamples(upTo: instant, emit: emit)
    }

    /// A heart-rate notification received at `instant`.
    public mutating func handle(heartRate reading: HeartRateReading, at instant: MonotonicInstant, emit: (SessionOutput) -> Void) {
        guard phase.isActive else { return }
        emitSamples(before: instant, emit: emit)
        heartRate.accept(reading.acceptedHeartRate, at: instant)
        for rr in reading.rrIntervals { rmssd.add(rr1024: rr) }
        pendingRR.append(contentsOf: reading.rrIntervals)
        checkZone(at: instant, emit: emit)
        emitSamples(upTo: instant, emit: emit)
    }

    /// A footpod notification received at `instant`.
    public mutating func handle(footpod reading: FootpodReading, at instant: MonotonicInstant, emit: (SessionOutput) -> Void) {
        guard phase.isActive else { return }
        emitSamples(before: instant, emit: emit)
        if let cadence = reading.cadence, activity != .ride { steps.footpod(cadence: cadence, at: instant) }
        emitSamples(upTo: instant, emit: emit)
    }

    /// A bike speed/cadence notification received at `instant`.
    public mutating func handle(bike reading: BikeSensorReading, at instant: MonotonicInstant, emit: (SessionOutput) -> Void) {
        guard phase.isActive else { return }
        emitSamples(before: instant, emit: emit)
        apply(bike.speedCadence(reading, at: instant), at: instant, emit: emit)
    }

    /// A cycling power notification (0x2A63) received at `instant`: power, and the meter's wheel
    /// and crank revolutions when it sends them (used when no CSC sensor reports its own).
    public mutating func handle(power reading: CyclingPowerMeasurement, at instant: MonotonicInstant,
                                emit: (SessionOutput) -> Void) {
        guard phase.isActive else { return }
        emitSamples(before: instant, emit: emit)
        apply(bike.power(reading, at: instant, recording: phase == .recording), at: instant, emit: emit)
    }

    mutating func apply(_ update: BikeSensors.Update, at instant: MonotonicInstant, emit: (SessionOutput) -> Void) {
        if let rpm = update.cadence { crankCadence.footpod(cadence: rpm, at: instant) }
        if update.metres > 0 { sawWheel = true }
        if phase != .paused { wheelSinceFix += update.metres }
        if gpsLost(at: instant) {
            account(upTo: instant)
            if wheelSinceFix > 0 {
                distance += wheelSinceFix
                wheelSinceFix = 0
                wheelCoveredGap = true
                if phase == .recording, let v = bike.wheelSpeed(at: instant) { maxSpeed = max(maxSpeed ?? 0, v) }
                checkDistanceMarks(at: instant, emit: emit)
            }
        }
        emitSamples(upTo: instant, emit: emit)
    }

    private func gpsLost(at instant: MonotonicInstant) -> Bool {
        guard let last = lastEstimate else { return true }
        return instant.seconds(since: last.instant) > SessionEngine.wheelDistanceAfterSeconds
    }

    /// A barometric pressure reading (0x2A6D, BLE or IIO) received at `instant`.
    public mutating func handle(pressure reading: EnvironmentalPressure, at instant: MonotonicInstant, emit: (SessionOutput) -> Void) {
        guard phase.isActive, config.altitude.source != .gps else { return }
        emitSamples(before: instant, emit: emit)
        barometer.update(pascals: reading.pascals, speed: lastEstimate?.estimate.speed ?? 0, at: instant)
        emitSamples(upTo: instant, emit: emit)
    }

    /// Which altitude the session uses now: the barometer once it reports (unless `source = gps`),
    /// else the GPS (nil with `source = barometer` and no barometer).
    public var altitudeSource: AltitudeSettings.Source? {
        if barometer.hasData, config.altitude.source != .dem { return .barometer }
        if terrain.current != nil, config.altitude.source != .barometer { return .dem }
        return config.altitude.source == .barometer ? nil : .gps
    }

    /// A decoded sensor value: the sensor table's kinds, each to the metric it feeds.
    public mutating func handle(_ measurement: GATTMeasurement, at instant: MonotonicInstant, emit: (SessionOutput) -> Void) {
        switch measurement {
        case .heartRate(let m): handle(heartRate: HeartRateReading(m), at: instant, emit: emit)
        case .runningSpeedCadence(let m): handle(footpod: FootpodReading(m), at: instant, emit: emit)
        case .cyclingSpeedCadence(let m): handle(bike: BikeSensorReading(m), at: instant, emit: emit)
        case .cyclingPower(let m): handle(power: m, at: instant, emit: emit)
        case .pressure(let m): handle(pressure: m, at: instant, emit: emit)
        case .indoorBike, .trainerResponse, .trainerPowerRange, .trainerStatus: handle(trainer: measurement, at: instant, emit: emit)
        case .batteryLevel, .temperature, .elevation: break
        }
    }

    /// Time passing without a fix: the recorder calls it on its tick while the receiver is silent,
    /// and on each fix of a session without a track, so samples and zone changes (and, without a
    /// track, moving time) keep up with the clock.
    public mutating func tick(at instant: MonotonicInstant, emit: (SessionOutput) -> Void) {
        guard phase.isActive else { return }
        // Without a track no fix ever credits time: the heartbeat does.
        if !activity.profile.recordsTrack { account(upTo: instant) }
        checkZone(at: instant, emit: emit)
        emitSamples(upTo: instant, emit: emit)
    }

    // MARK: accounting

    /// Credits the time since the last fix to moving time, estimated steps and MET energy.
    private mutating func account(upTo instant: MonotonicInstant) {
        let from = lastFixInstant ?? started!.instant
        let dt = instant.seconds(since: from)
        guard dt > 0 else { return }
        lastFixInstant = instant
        heartRate.advance(to: instant)
        steps.advance(to: instant)
        crankCadence.advance(to: instant)
        bike.advance(to: instant, recording: phase == .recording)
        guard phase == .recording else { return }
        moving += dt
        let speed = lastEstimate?.estimate.speed ?? 0
        let inGap = lastEstimate.map { instant.seconds(since: $0.instant) > filter.parameters.gapSeconds } ?? false
        // No estimated steps below the auto-pause speed: standing in GPS noise is not walking.
        let standing = speed < config.recording.autoPause(for: activity).pauseBelow
        if activity != .ride, !steps.footpodActive(at: instant), lastEstimate != nil {
            if inGap {
                gapMovingSeconds += dt
            } else if !standing, let cadence = StrideModel.cadence(speed: speed, activity: activity,
                                                                   heightCentimetres: config.athlete.heightCentimetres) {
                steps.estimated(cadence: cadence, seconds: dt)
            }
        }
        if heartRate.heartRate(at: instant) == nil, lastEstimate != nil || activity.profile.fixedMET != nil {
            if inGap { gapEnergySeconds += dt } else { addMETEnergy(speed: speed, seconds: dt) }
        }
    }

    /// Without a position nothing says whether the athlete moves, so the time of a GPS gap was
    /// credited as moving while it lasted (the receiver's no-fix sentences keep coming). When
    /// the bridge over it is slower than the auto-pause speed (the sky lost in a café, a station,
    /// a shop, and found again where it was left), the gap was a stop: its moving time is taken
    /// back. A tunnel, crossed at speed, keeps it; so does a gap a wheel sensor covered.
    ///
    /// Estimated steps and MET energy wait for the same answer: inside the gap none are credited,
    /// and at its end the gap's moving seconds get them at the bridge's speed, or none when it
    /// was a stop. The speed before the gap says nothing about it: a runner slows to walk in
    /// through a café's door, and a tunnel is crossed at speed however long it is.
    private mutating func creditGap(bridgedBy estimate: PositionEstimate, at instant: MonotonicInstant) {
        let (heldSteps, heldEnergy) = (gapMovingSeconds, gapEnergySeconds)
        (gapMovingSeconds, gapEnergySeconds) = (0, 0)
        guard let before = lastEstimate else { return }
        let gap = instant.seconds(since: before.instant)
        let speed = estimate.bridgedGap && gap > 0 ? estimate.distanceIncrement / gap : before.estimate.speed
        let stopped = speed < config.recording.autoPause(for: activity).pauseBelow
        if heldSteps > 0, !stopped,
           let cadence = StrideModel.cadence(speed: speed, activity: activity, heightCentimetres: config.athlete.heightCentimetres) {
            steps.estimated(cadence: cadence, seconds: heldSteps)
        }
        let takeBack = estimate.bridgedGap && stopped && !wheelCoveredGap && phase == .recording
            && config.recording.autoPauseEnabled && gap > 0
        // A stop taken back is as auto-paused time: no energy either.
        if !takeBack { addMETEnergy(speed: speed, seconds: heldEnergy) }
        guard takeBack else { return }
        // Never below what a lap, a split or an auto-pause transition already stands on.
        moving = max(movingAtLastEstimate, lapStart.totals.moving, splitStart.totals.moving, movingAtTransition)
    }

    private mutating func addMETEnergy(speed: Double, seconds: Double) {
        guard seconds > 0 else { return }
        metKilocalories += EnergyModel.metKilocalories(met: EnergyModel.met(activity: activity, speed: speed),
                                                       athlete: config.athlete, seconds: seconds)
    }

    private mutating func applyAutoPause(_ transition: AutoPauseDetector.Transition?, at instant: MonotonicInstant,
                                         emit: (SessionOutput) -> Void) {
        switch transition {
        case .pause(let since)?:
            moving = max(movingAtTransition, moving - instant.seconds(since: since))
            movingAtTransition = moving
            phase = .autopaused
            emit(.event(.autopaused(time: utc(since))))
        case .resume(let since)?:
            moving += instant.seconds(since: since)
            movingAtTransition = moving
            phase = .recording
            emit(.event(.resumed(time: utc(since), automatic: true)))
        case nil:
            break
        }
    }

    private mutating func checkZone(at instant: MonotonicInstant, emit: (SessionOutput) -> Void) {
        let zone = heartRate.zone(at: instant)
        guard zone != lastZone else { return }
        emit(.event(.zoneChanged(time: utc(instant), from: lastZone, to: zone, heartRate: heartRate.heartRate(at: instant))))
        lastZone = zone
    }

    private mutating func totals(at instant: MonotonicInstant) -> SessionTotals {
        heartRate.advance(to: instant)
        bike.advance(to: instant, recording: phase == .recording)
        let cadence = activity == .ride ? crankCadence : steps
        return SessionTotals(elapsed: instant.seconds(since: started!.instant), moving: moving, distance: distance,
                             heartRateSum: heartRate.weightedSum, heartRateSeconds: heartRate.heldSeconds,
                             cadenceSum: cadence.cadenceWeightedSum, cadenceSeconds: cadence.cadenceWeightSeconds,
                             elevationGain: elevation.gain, power: bike.power.totals)
    }

    /// Splits every km (or mile) of total distance and auto-laps every N metres of lap distance,
    /// each dated by interpolating between the previous fix and this one.
    private mutating func checkDistanceMarks(at instant: MonotonicInstant, emit: (SessionOutput) -> Void) {
        let now = totals(at: instant)
        defer { previousTotals = now }
        let splitLength = config.recording.splitMeters
        while now.distance - splitStart.totals.distance >= splitLength {
            let boundary = splitStart.totals.distance + splitLength
            let mark = interpolated(previousTotals, now, atDistance: boundary)
            let time = utc(started!.instant.advanced(bySeconds: mark.elapsed))
            let split = mark.segment(since: splitStart.totals, index: splits.count + 1, startTime: splitStart.time,
                                     power: bike.closePowerStretch(.split))
            splits.append(split)
            splitStart = (mark, time)
            emit(.event(.split(time: time, split: split)))
        }
        let lapLength = config.recording.autoLapMeters
        while lapLength > 0, now.distance - lapStart.totals.distance >= lapLength {
            let mark = interpolated(previousTotals, now, atDistance: lapStart.totals.distance + lapLength)
            let time = utc(started!.instant.advanced(bySeconds: mark.elapsed))
            let lap = mark.segment(since: lapStart.totals, index: laps.count + 1, startTime: lapStart.time,
                                   power: bike.closePowerStretch(.lap))
            laps.append(lap)
            lapStart = (mark, time)
            emit(.event(.lap(time: time, lap: lap, trigger: .distance)))
        }
    }

    private func interpolated(_ a: SessionTotals, _ b: SessionTotals, atDistance d: Double) -> SessionTotals {
        let span = b.distance - a.distance
        let f = span > 0 ? min(1, max(0, (d - a.distance) / span)) : 1
        var mark = SessionTotals.interpolate(a, b, fraction: f)
        mark.distance = d
        return mark
    }

    mutating func closeLap(at instant: MonotonicInstant, trigger: SessionEvent.LapTrigger, emit: (SessionOutput) -> Void) {
        account(upTo: instant)
        let now = totals(at: instant)
        let lap = now.segment(since: lapStart.totals, index: laps.count + 1, startTime: lapStart.time,
                              power: bike.closePowerStretch(.lap))
        laps.append(lap)
        lapStart = (now, utc(instant))
        emit(.event(.lap(time: utc(instant), lap: lap, trigger: trigger)))
    }

    private mutating func finish(at instant: MonotonicInstant, emit: (SessionOutput) -> Void) {
        account(upTo: instant)
        emitSamples(upTo: instant, emit: emit)
        let now = totals(at: instant)
        if now.distance - splitStart.totals.distance > 0.5 || splits.isEmpty {
            splits.append(now.segment(since: splitStart.totals, index: splits.count + 1, startTime: splitStart.time,
                                      power: bike.closePowerStretch(.split)))
        }
        if now.elapsed - lapStart.totals.elapsed > 0.5 || laps.isEmpty {
            let lap = now.segment(since: lapStart.totals, index: laps.count + 1, startTime: lapStart.time,
                                  power: bike.closePowerStretch(.lap))
            laps.append(lap)
            emit(.event(.lap(time: utc(instant), lap: lap, trigger: .session_end)))
        }
        stopped = instant
        phase = .stopped
        emit(.event(.sessionStopped(time: utc(instant), summary: summary())))
    }

    // MARK: outputs

    func utc(_ instant: MonotonicInstant) -> UTCTime {
        guard let started else { return UTCTime(millisecondsSinceEpoch: 0) }
        let ms = (instant.nanoseconds - started.instant.nanoseconds) / 1_000_000
        return started.time.adding(milliseconds: ms)
    }

    /// Samples fall on whole seconds of session time; each holds what the inputs up to its second
    /// said, whenever it is emitted, so the same inputs give the same samples live and in replay.
    mutating func emitSamples(upTo instant: MonotonicInstant, emit: (SessionOutput) -> Void) {
        emitSamples(through: instant.nanoseconds, emit: emit)
    }

    mutating func emitSamples(before instant: MonotonicInstant, emit: (SessionOutput) -> Void) {
        emitSamples(through: instant.nanoseconds - 1, emit: emit)
    }

    private mutating func emitSamples(through nanoseconds: Int64, emit: (SessionOutput) -> Void) {
        guard let started, phase.isActive else { return }
        while started.instant.nanoseconds + nextSampleSecond * 1_000_000_000 <= nanoseconds {
            let sampleInstant = MonotonicInstant(nanoseconds: started.instant.nanoseconds + nextSampleSecond * 1_000_000_000)
            nextSampleSecond += 1
            var sample = SessionSample(time: utc(sampleInstant), distanceMeters: distance,
                                       heartRate: heartRate.heartRate(at: sampleInstant), rrIntervals: pendingRR)
            pendingRR.removeAll(keepingCapacity: true)
            if let last = lastEstimate, abs(sampleInstant.seconds(since: last.instant)) <= 2 {
                sample.latitude = last.estimate.latitude
                sample.longitude = last.estimate.longitude
                sample.altitudeMSL = last.estimate.altitudeMSL
                sample.speed = last.estimate.speed
            } else if let v = bike.wheelSpeed(at: sampleInstant) {
                sample.speed = v
            }
            switch altitudeSource {
            // Pressure altitude is relative until a good fix calibrates it (the weather moves the
            // ISA zero by tens of metres): samples leave it out until then.
            case .barometer?: sample.altitudeMSL = barometer.isCalibrated ? barometer.altitude : nil
            case .dem?: sample.altitudeMSL = terrain.current
            case nil: sample.altitudeMSL = nil
            default: break
            }
            sample.power = bike.power.watts(at: sampleInstant).flatMap { $0.roundedInt() }
            if activity == .ride { sample.cadence = crankCadence.current } else {
                sample.cadence = steps.current
                sample.steps = steps.steps.clampedInt(.towardZero)
            }
            emit(.sample(sample))
            if workoutRunner != nil {
                feedWorkout(WorkoutSample(time: Double(nextSampleSecond - 1), distance: distance,
                                          readings: workoutReadings(sample, at: sampleInstant),
                                          means: sample.power.map { [.power: Double($0)] } ?? [:]), emit: emit)
            }
            driveTrainer(at: sampleInstant, emit: emit)
        }
    }

    /// What a workout target can be on, at a sample's second: 3 s power (ERG and Zwift judge it),
    /// the held heart rate, the speed and the cadence the sample holds.
    private func workoutReadings(_ sample: SessionSample, at instant: MonotonicInstant) -> [WorkoutTarget.Quantity: Double] {
        var readings: [WorkoutTarget.Quantity: Double] = [:]
        readings[.power] = bike.power.threeSecondWatts(at: instant)
        readings[.heartRate] = sample.heartRate.map { Double($0) }
        readings[.speed] = sample.speed
        readings[.cadence] = sample.cadence
        return readings
    }

    /// The session's first instant; nil before a session started.
    var startInstant: MonotonicInstant? { started?.instant }

    /// What a watch face shows now. `mutating` though it changes nothing, for the recorder's
    /// reason (`SessionRecorder`, NOT COPYABLE): a borrowing call moved the engine's 3 KB into a
    /// temporary for every STATE.
    public mutating func liveState(at instant: MonotonicInstant) -> SessionLiveState {
        var state = SessionLiveState(phase: phase, activity: activity, lap: laps.count + 1)
        guard let started else { return state }
        let end = stopped ?? instant
        state.elapsedSeconds = end.seconds(since: started.instant)
        state.movingSeconds = moving
        state.distanceMeters = distance
        state.speed = gpsLost(at: instant) ? bike.wheelSpeed(at: instant) ?? smoothedSpeed : smoothedSpeed
        if let v = state.speed, v > 0.3 { state.paceSecondsPerKilometre = 1000 / v }
        state.power = bike.power.watts(at: instant)
        state.power3s = bike.power.threeSecondWatts(at: instant)
        if moving > 0, distance > 0 { state.averagePaceSecondsPerKilometre = moving / distance * 1000 }
        state.heartRate = heartRate.heartRate(at: instant)
        state.heartRateZone = heartRate.zone(at: instant)
        let cadence = activity == .ride ? crankCadence : steps
        state.cadence = cadence.footpodActive(at: instant) || activity != .ride ? cadence.current : nil
        state.steps = activity == .ride ? nil : steps.steps.clampedInt(.towardZero)
        state.calories = heartRate.kilocalories + metKilocalories
        switch altitudeSource {
        case .barometer?: state.elevationGain = barometer.gain
        case .gps?, .dem?: state.elevationGain = sawAltitude ? elevation.gain + terrain.gain : nil
        default: state.elevationGain = nil
        }
        state.altitudeSource = altitudeSource
        return state
    }

    /// The session's totals; after `stop`, the final summary.
    public func summary() -> SessionSummary {
        var s = SessionSummary(activity: activity)
        guard let started else { return s }
        let end = stopped ?? lastFixInstant ?? started.instant
        s.start = started.time
        s.end = utc(end)
        s.elapsedSeconds = end.seconds(since: started.instant)
        s.movingSeconds = moving
        s.distanceMeters = distance
        s.averageSpeed = moving > 0 && (sawPosition || sawWheel) ? distance / moving : nil
        s.maxSpeed = maxSpeed
        // Altitude seen but never moving (standing still): the gain is a real 0, not unknown.
        if altitudeSource == .barometer {
            (s.elevationGain, s.elevationLoss) = (barometer.gain, barometer.loss)
        } else if altitudeSource == nil {
            (s.elevationGain, s.elevationLoss) = (nil, nil)
        } else if terrain.used {
            // The tiles' stretches and the receiver's (where no tile answered), each counted apart.
            (s.elevationGain, s.elevationLoss) = (terrain.gain + elevation.gain, terrain.loss + elevation.loss)
        } else if altitudeMap.isEmpty {
            s.elevationGain = sawAltitude ? elevation.gain : nil
            s.elevationLoss = sawAltitude ? elevation.loss : nil
        } else {
            (s.elevationGain, s.elevationLoss) = altitudeMap.gainAndLoss(like: elevation)
        }
        if s.elevationGain != nil {
            s.elevationSource = altitudeSource == .barometer ? "barometer" : !terrain.used ? "gps" : elevation.hasData ? "dem+gps" : "dem"
        }
        if heartRate.accepted > 0 {
            s.heartRateAverage = heartRate.average
            s.heartRateMax = heartRate.maximum
            s.heartRateZoneSeconds = heartRate.zoneSeconds
            s.trimp = heartRate.trimp
        }
        if activity == .ride {
            s.cadenceAverage = crankCadence.averageCadence
        } else if steps.steps > 0 || sawPosition {
            s.steps = steps.steps.clampedInt()
            s.cadenceAverage = steps.averageCadence
        }
        s.powerAverage = bike.power.totals.average
        s.powerMax = bike.power.maximum()
        s.powerNormalized = bike.power.normalized()
        let kcal = heartRate.kilocalories + metKilocalories
        if heartRate.accepted > 0 || sawPosition || metKilocalories > 0 { s.calories = kcal }
        s.rmssd = rmssd.rmssd
        s.laps = laps
        s.splits = splits
        addCourse(to: &s)
        addWorkout(to: &s)
        return s
    }
}
