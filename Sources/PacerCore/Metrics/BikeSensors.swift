/// What a ride's sensors say, merged: a power meter (0x2A63) and a speed/cadence sensor (0x2A5B)
/// may both report wheel and crank revolutions. Each counter keeps its own calculator (the
/// counters and time units differ); the CSC sensor is preferred while its wheel or crank turns,
/// the power meter's revolutions fill in otherwise, so a distance is never counted twice.
public struct BikeSensors: Sendable {
    public private(set) var power = PowerTracker()
    private var cscWheel: WheelSpeedCalculator
    private var powerWheel: WheelSpeedCalculator
    private var cscCrank = CrankCadenceCalculator()
    private var powerCrank = CrankCadenceCalculator()
    /// A smart trainer's last speed (m/s) and when it said so: it sends speed, not revolutions.
    private var trainerSpeed: (speed: Double, at: MonotonicInstant)?
    /// A trainer's speed holds this long (it notifies about once a second).
    static let trainerHoldSeconds = 3.0

    public init(wheelCircumferenceMillimetres: Double) {
        cscWheel = WheelSpeedCalculator(ticksPerSecond: 1024, circumferenceMillimetres: wheelCircumferenceMillimetres)
        powerWheel = WheelSpeedCalculator(ticksPerSecond: 2048, circumferenceMillimetres: wheelCircumferenceMillimetres)
    }

    /// Metres the wheel travelled and the crank cadence (rpm) one notification gives.
    public struct Update: Equatable, Sendable {
        public var metres = 0.0
        public var cadence: Double?
    }

    /// A CSC notification.
    public mutating func speedCadence(_ reading: BikeSensorReading, at instant: MonotonicInstant) -> Update {
        var update = Update()
        if let revolutions = reading.wheelRevolutions, let time = reading.lastWheelEventTime {
            update.metres = cscWheel.update(revolutions: revolutions, eventTime: time, at: instant)
        }
        if let revolutions = reading.crankRevolutions, let time = reading.lastCrankEventTime {
            update.cadence = cscCrank.update(revolutions: revolutions, eventTime: time, at: instant)
        }
        return update
    }

    /// A power meter's notification; `recording` says whether its power counts (not paused).
    public mutating func power(_ m: CyclingPowerMeasurement, at instant: MonotonicInstant, recording: Bool) -> Update {
        power.accept(watts: Int(m.instantaneousPower), at: instant, recording: recording)
        var update = Update()
        if let wheel = m.wheel {
            let metres = powerWheel.update(revolutions: wheel.cumulative, eventTime: wheel.lastEventTime2048, at: instant)
            if !cscWheel.isTurning(at: instant) { update.metres = metres }
        }
        if let crank = m.crank {
            let rpm = powerCrank.update(revolutions: UInt16(truncatingIfNeeded: crank.cumulative),
                                        eventTime: crank.lastEventTime1024, at: instant)
            if !cscCrank.isTurning(at: instant) { update.cadence = rpm }
        }
        return update
    }

    /// A smart trainer's Indoor Bike Data: its power, and its cadence and speed while no CSC
    /// sensor or power meter reports its own (the speed, held since its last value, is distance).
    public mutating func trainer(_ m: IndoorBikeData, at instant: MonotonicInstant, recording: Bool) -> Update {
        if let watts = m.power { power.accept(watts: Int(watts), at: instant, recording: recording) }
        var update = Update()
        let ownWheel = cscWheel.isTurning(at: instant) || powerWheel.isTurning(at: instant)
        if let last = trainerSpeed, !ownWheel {
            update.metres = last.speed * max(0, min(instant.seconds(since: last.at), BikeSensors.trainerHoldSeconds))
        }
        if let speed = m.speedMetresPerSecond { trainerSpeed = (speed, instant) }
        if let rpm = m.cadenceRpm, !cscCrank.isTurning(at: instant), !powerCrank.isTurning(at: instant) { update.cadence = rpm }
        return update
    }

    /// Ends a lap or split: returns its power maximum and NP, and starts the next one's.
    public mutating func closePowerStretch(_ stretch: PowerTracker.Stretch) -> (maximum: Int?, normalized: Double?) {
        defer { power.restart(stretch) }
        return (power.maximum(stretch), power.normalized(stretch))
    }

    /// Credits power time up to `instant`.
    public mutating func advance(to instant: MonotonicInstant, recording: Bool) {
        power.advance(to: instant, recording: recording)
    }

    /// The wheel's speed from whichever sensor's wheel turns; 0 once it stopped; nil with no wheel sensor.
    public func wheelSpeed(at instant: MonotonicInstant) -> Double? {
        if cscWheel.isTurning(at: instant) { return cscWheel.speed }
        if powerWheel.isTurning(at: instant) { return powerWheel.speed }
        if let t = trainerSpeed, instant.seconds(since: t.at) <= BikeSensors.trainerHoldSeconds { return t.speed }
        return cscWheel.speed != nil || powerWheel.speed != nil ? 0 : nil
    }
}
