/// Decides when a session starts and stops without a command: after sustained movement (GPS
/// speed, or indoors a sensor's pedalling or striding) or strap skin contact, and after a stretch
/// of idleness. Pure: observations and the time come in.
public struct UnattendedRecorder: Sendable {
    public enum Decision: Equatable, Sendable {
        case none
        case start(Activity, reason: String)
        case stop(reason: String)
    }

    public var settings: UnattendedRecordingSettings
    private var movingSince: MonotonicInstant?
    private var speedSum = 0.0
    private var speedCount = 0
    private var lastFixAt: MonotonicInstant?
    private var contactSince: MonotonicInstant?
    private var lastContactAt: MonotonicInstant?
    private var footpodCadence: Double?
    /// Movement a sensor reports (a trainer or power meter pedalled, a footpod striding).
    private var sensorMovingSince: MonotonicInstant?
    private var lastSensorMoveAt: MonotonicInstant?
    private var sensorActivity = Activity.ride
    /// Last time the athlete moved or wore the strap (idle is measured from here).
    private var lastActiveAt: MonotonicInstant?
    /// False after a stop until the athlete has been idle for a while.
    private var armed = true
    private var disarmedAt: MonotonicInstant?

    /// A fix older than this, or a heart rate older than this, no longer counts as "now".
    static let staleAfterSeconds = 5.0

    public init(settings: UnattendedRecordingSettings) { self.settings = settings }

    /// A position fix's speed (nil when the fix had none).
    public mutating func observeSpeed(_ speed: Double?, at t: MonotonicInstant) {
        lastFixAt = t
        guard let v = speed, v.isFinite, v >= settings.startSpeed else {
            movingSince = nil
            speedSum = 0
            speedCount = 0
            return
        }
        if movingSince == nil { movingSince = t }
        speedSum += v
        speedCount += 1
        lastActiveAt = t
    }

    /// A heart-rate notification's sensor-contact bit (nil when the strap does not report it:
    /// then a heart rate at all is taken as contact).
    public mutating func observeContact(_ contact: Bool, at t: MonotonicInstant) {
        if contact {
            if contactSince == nil { contactSince = t }
            lastContactAt = t
            lastActiveAt = t
        } else {
            contactSince = nil
        }
    }

    public mutating func observeFootpodCadence(_ cadence: Double?) { footpodCadence = cadence }

    /// A sensor that sees the athlete move with no GPS needed (`activity` nil: it sees none): on
    /// a trainer with no strap and no fix, pedalling is the only sign of life, and without it a
    /// ride would stop as idle after `autoStopIdleMinutes`. Sustained, it starts a session too.
    public mutating func observeSensorMovement(_ activity: Activity?, at t: MonotonicInstant) {
        guard let activity else {
            sensorMovingSince = nil
            return
        }
        if sensorMovingSince == nil || activity != sensorActivity { sensorMovingSince = t }
        sensorActivity = activity
        lastSensorMoveAt = t
        lastActiveAt = t
    }

    /// Call when a session ends (by command or decision): auto start waits for idleness.
    public mutating func sessionEnded(at t: MonotonicInstant) {
        armed = false
        disarmedAt = t
        movingSince = nil
        contactSince = nil
        sensorMovingSince = nil
    }

    /// Call when a session starts (by command too): the idle clock starts from now.
    public mutating func sessionStarted(at t: MonotonicInstant) {
        if lastActiveAt.map({ $0 < t }) ?? true { lastActiveAt = t }
    }

    /// What to do now, given whether a session is being recorded.
    public mutating func evaluate(now: MonotonicInstant, sessionActive: Bool) -> Decision {
        expireStale(now)
        if sessionActive {
            let idleLimit = settings.autoStopIdleMinutes * 60
            guard idleLimit > 0, let last = lastActiveAt, now.seconds(since: last) >= idleLimit else { return .none }
            return .stop(reason: idleLimit < 60 ? "idle for \(idleLimit.wholeText()) s" : "idle for \(settings.autoStopIdleMinutes.wholeText(.towardZero)) min")
        }
        if !armed {
            let idleSince = max(lastActiveAt ?? disarmedAt ?? now, disarmedAt ?? now)
            guard now.seconds(since: idleSince) >= settings.rearmAfterIdleSeconds,
                  movingSince == nil, contactSince == nil, sensorMovingSince == nil else { return .none }
            armed = true
        }
        let byMovement = settings.autoStart == .movement || settings.autoStart == .any
        let byContact = settings.autoStart == .contact || settings.autoStart == .any
        if byMovement, let since = movingSince, now.seconds(since: since) >= settings.startAfterSeconds {
            let average = speedCount > 0 ? speedSum / Double(speedCount) : nil
            let activity = settings.activity ?? ActivityGuess.activity(averageSpeed: average, footpodCadence: footpodCadence)
            return .start(activity, reason: "moving for \(settings.startAfterSeconds.wholeText(.towardZero)) s")
        }
        if byMovement, let since = sensorMovingSince, now.seconds(since: since) >= settings.startAfterSeconds {
            let doing = sensorActivity == .ride ? "pedalling" : "striding"
            return .start(settings.activity ?? sensorActivity, reason: "\(doing) for \(settings.startAfterSeconds.wholeText(.towardZero)) s")
        }
        if byContact, let since = contactSince, now.seconds(since: since) >= settings.startAfterSeconds {
            let average = movingSince != nil && speedCount > 0 ? speedSum / Double(speedCount) : nil
            let activity = settings.activity ?? ActivityGuess.activity(averageSpeed: average, footpodCadence: footpodCadence)
            return .start(activity, reason: "heart-rate strap worn")
        }
        return .none
    }

    private mutating func expireStale(_ now: MonotonicInstant) {
        if let t = lastFixAt, now.seconds(since: t) > UnattendedRecorder.staleAfterSeconds {
            movingSince = nil
            speedSum = 0
            speedCount = 0
        }
        if let t = lastContactAt, now.seconds(since: t) > UnattendedRecorder.staleAfterSeconds {
            contactSince = nil
        }
        if let t = lastSensorMoveAt, now.seconds(since: t) > UnattendedRecorder.staleAfterSeconds {
            sensorMovingSince = nil
        }
    }
}
