#if canImport(Glibc)
import Glibc
#endif

/// Turns raw GNSS fixes into a trustworthy track and distance.
///
/// Summing raw fixes overstates distance by 10-50 % and makes a phone on a table "run".
/// This filter runs a constant-velocity Kalman filter per axis in a local WGS84 tangent plane,
/// fusing positions (weighted by HDOP or GST errors) with the receiver's Doppler speed and
/// course; gates outliers on the innovation (which encodes speed, HDOP and course); freezes the
/// distance while standing still (Doppler speed against a threshold raised to the receiver's own
/// resting Doppler noise, or a position anchor without Doppler); counts distance by integrating
/// speed with Doppler, or in chords longer than the position noise without; and
/// bridges dropouts with the chord when the fix returns.
public struct PositionFilter: Sendable {
    public let parameters: PositionFilterParameters
    public private(set) var counters = PositionFilterCounters()

    private var plane: LocalTangentPlane?
    private var east = ConstantVelocityKalman(position: 0, velocity: 0, positionVariance: 0, velocityVariance: 0)
    private var north = ConstantVelocityKalman(position: 0, velocity: 0, positionVariance: 0, velocityVariance: 0)
    private var lastUpdate: MonotonicInstant?
    private var lastAccepted: MonotonicInstant?
    private var lastPositionFix: MonotonicInstant?
    /// When distance was last counted.
    private var lastStep: MonotonicInstant?
    private var rejectingSince: MonotonicInstant?
    /// Where the distance was last counted up to (plane metres).
    private var countedEast = 0.0, countedNorth = 0.0
    /// Doppler velocity averaged as a vector (noise cancels; a magnitude average would not).
    private var smoothedDopplerEast = 0.0, smoothedDopplerNorth = 0.0
    private var smoothedDoppler: Double?
    /// The Doppler velocity averaged since the standstill began (`restAverageSeconds`).
    private var restDopplerEast = 0.0, restDopplerNorth = 0.0
    /// The Doppler velocity integrated over the standstill (metres): its travel, if it was travel.
    private var restTravelEast = 0.0, restTravelNorth = 0.0
    /// Travel of a standstill that turned out to be slow travel, counted with the next step.
    private var creptDistance = 0.0
    /// The held distance that the latest standstill dropped when it began.
    private var heldBeforeStandstill = 0.0
    /// What a lagging receiver reports of the travel after a stop and before a start (`StandstillEdges`).
    private var edges = StandstillEdges()
    /// Metres the edges read negative, taken off the following travel (never below zero).
    private var edgeDebt = 0.0
    private var lastRawDoppler: Double?
    private var lastDopplerTime: MonotonicInstant?
    /// The last Doppler velocity and the smoothing weight it got, for the resting noise, and the
    /// cross-track component of its change from the reading before, for the noise in motion.
    private var lastDopplerVelocity: (east: Double, north: Double, dt: Double, alpha: Double, acrossChange: Double?)?
    /// The reading before's Doppler velocity, whose direction the next change is split along.
    private var lastDopplerVector: (east: Double, north: Double)?
    private var restingNoise = RestingDopplerNoise()
    private var movingNoise = MovingDopplerNoise()
    /// Smoothed Doppler below which the receiver stands: the activity's threshold, raised to what
    /// this receiver's own resting noise can fake (capped so that slow travel still counts).
    private var standingSpeed: Double
    /// Distance held back while the raw Doppler is near zero: a stop in progress (the smoothed
    /// speed lags it by seconds) or a false start in noise; dropped if a standstill follows,
    /// released when clear motion resumes.
    private var heldDistance = 0.0
    private var holdingSince: MonotonicInstant?
    private var previousInBand = false
    private var wasRising = false
    private var stationary = false
    private var wasStationary = true
    /// Filtered speed after the previous Doppler-aided update, for trapezoidal integration.
    private var speedBefore: Double?
    /// Position anchor for standing-still detection without Doppler.
    private var anchorEast = 0.0, anchorNorth = 0.0
    private var anchorSince: MonotonicInstant?
    /// Without Doppler, while the latest fix is within the anchor's radius (a standstill being
    /// confirmed): the seconds it must stay for one (`anchorHoldSeconds`); nil otherwise.
    private var anchorHold: Double?

    public init(parameters: PositionFilterParameters) {
        self.parameters = parameters
        standingSpeed = parameters.stationarySpeed
    }

    public init(activity: Activity) {
        self.init(parameters: .forActivity(activity))
    }

    /// Feeds one fix that the receiver produced at `instant`.
    public mutating func update(_ fix: GNSSFix, at instant: MonotonicInstant) -> Result<PositionEstimate, PositionRejection> {
        guard fix.hasPosition, !fix.isEstimated, let lat = fix.latitude, let lon = fix.longitude, lat.isFinite, lon.isFinite,
              abs(lat) <= 90, abs(lon) <= 180 else {
            counters[.noPosition] += 1
            return .failure(.noPosition)
        }
        if let last = lastUpdate, instant <= last {
            counters[.duplicates] += 1
            return .failure(.duplicateTime)
        }
        let sigma = PositionFilter.horizontalSigma(fix)
        let r = sigma * sigma
        guard var plane = self.plane, let previous = lastAccepted else {
            start(fix, latitude: lat, longitude: lon, variance: r, at: instant)
            counters[.accepted] += 1
            return .success(estimate(fix, increment: 0, bridged: false, sigma: sigma))
        }
        var (e, n) = plane.project(latitude: lat, longitude: lon)
        let sinceAccepted = instant.seconds(since: previous)
        let velocity = PositionFilter.dopplerVelocity(fix)
        updateDoppler(fix, at: instant)

        let sincePosition = instant.seconds(since: lastPositionFix ?? previous)
        lastPositionFix = instant
        // A dropout (no position at all, not merely rejected ones): restart at the returning fix and
        // bridge the gap: the speeds on both sides integrated when consistent with the chord, else the chord.
        if sincePosition > parameters.gapSeconds {
            let chord = hypot(e - countedEast, n - countedNorth)
            let plausible = chord <= parameters.maxSpeed * sinceAccepted
            var bridge = chord
            if let before = speedBefore, let now = fix.speed {
                // The returning fix is often off by tens of metres (re-acquisition): trust the
                // speeds on both sides unless they contradict the chord grossly. Standing before
                // the gap and at rest after it (Doppler below the standing threshold is noise)
                // is no travel: a dropout at a red light must not add the re-acquisition's jump.
                let arriving = now < parameters.stationarySpeed ? 0 : now
                let travelled = instant.seconds(since: lastStep ?? previous) * ((stationary ? 0 : before) + arriving) / 2
                if travelled <= parameters.maxSpeed * sinceAccepted, abs(travelled - chord) <= 3 * sigma + 30 + 0.5 * chord {
                    bridge = travelled
                }
            }
            restart(east: e, north: n, velocity: velocity, variance: 4 * r, at: instant)
            lastStep = instant
            counters[.gapsBridged] += 1
            let increment = (plausible ? bridge : 0) + releaseHeld()
            countedEast = e; countedNorth = n
            reanchorIfFar(&plane, &e, &n)
            return .success(estimate(fix, increment: increment, bridged: true, sigma: sigma))
        }

        let dt = instant.seconds(since: lastUpdate ?? previous)
        east.predict(dt: dt, q: parameters.accelerationNoise)
        north.predict(dt: dt, q: parameters.accelerationNoise)
        lastUpdate = instant

        let (ye, se) = east.positionInnovation(e, variance: r)
        let (yn, sn) = north.positionInnovation(n, variance: r)
        let mahalanobis = ye * ye / se + yn * yn / sn
        let jump = hypot(ye, yn)
        let implausible = jump > parameters.maxSpeed * sinceAccepted + 3 * sigma
        let outlier = (mahalanobis > 30 && jump > 12) || implausible
        if outlier {
            let since = rejectingSince ?? instant
            rejectingSince = since
            // With Doppler the filter dead-reckons through multipath for a while; without, briefly.
            let limit = velocity != nil ? parameters.rejectionResetSeconds * 3 : parameters.rejectionResetSeconds
            if instant.seconds(since: since) >= limit {
                // The receiver has disagreed for too long: the filter is what is wrong.
                counters[.resets] += 1
                var increment = 0.0
                if !stationary {
                    if let before = speedBefore, let now = fix.speed {
                        increment = instant.seconds(since: lastStep ?? previous) * (before + now) / 2
                    } else {
                        let chord = hypot(e - countedEast, n - countedNorth)
                        if chord <= parameters.maxSpeed * sinceAccepted { increment = chord }
                    }
                }
                increment += releaseHeld()
                restart(east: e, north: n, velocity: velocity, variance: r, at: instant)
                countedEast = e; countedNorth = n
                lastStep = instant
                speedBefore = velocity != nil ? hypot(east.velocity, north.velocity) : nil
                return .success(estimate(fix, increment: increment, bridged: false, sigma: sigma))
            }
            counters[.outliers] += 1
            guard velocity != nil else { return .failure(.outlier) }
        } else {
            rejectingSince = nil
            east.updatePosition(e, variance: r)
            north.updatePosition(n, variance: r)
            lastAccepted = instant
            counters[.accepted] += 1
        }
        updateStationary(east: e, north: n, sigma: sigma, dt: dt, at: instant)
        if stationary {
            east.updateVelocity(0, variance: 0.0025)
            north.updateVelocity(0, variance: 0.0025)
        } else if let velocity {
            east.updateVelocity(velocity.east, variance: velocity.variance)
            north.updateVelocity(velocity.north, variance: velocity.variance)
        }

        var increment = 0.0
        // |v| of a noisy vector is biased up by the noise across the track (about sigma^2 / 2v):
        // removing the filter's own velocity variance keeps a slow walk in noise from growing.
        // That variance follows the Doppler variance assumed from HDOP; the noise measured in
        // motion scales it down when the receiver is better, and up when even the bound that
        // turns and strides cannot raise shows it worse (`MovingDopplerNoise`).
        var acrossVariance = (east.p11 + north.p11) / 2
        if let velocity, let measured = movingNoise.noiseVariance {
            if measured < velocity.variance {
                acrossVariance *= measured / velocity.variance
            } else if let floor = movingNoise.noiseVarianceAtLeast, floor > velocity.variance {
                acrossVariance *= floor / velocity.variance
            }
        }
        let speedNow = (max(0, east.velocity * east.velocity + north.velocity * north.velocity - acrossVariance)).squareRoot()
        if !stationary {
            if velocity != nil, let before = speedBefore {
                // With Doppler, integrate speed: position noise, even filtered, lengthens the path.
                // Leaving a standstill, the speed ramps from zero; the wander while standing is not travel.
                increment = instant.seconds(since: lastStep ?? previous) * ((wasStationary ? 0 : before) + speedNow) / 2
                countedEast = east.position; countedNorth = north.position
            } else {
                // Without Doppler, the filtered track in chords longer than its noise; a fix with
                // Doppler after such fixes (speed integration starts on the next) counts the rest.
                let chord = hypot(east.position - countedEast, north.position - countedNorth)
                if chord >= PositionFilter.odometerSigmas * sigma || velocity != nil {
                    increment = chord
                    countedEast = east.position; countedNorth = north.position
                }
            }
            // Raw speeds that a resting reading reaches (or below the standing threshold) are as
            // slow as standing; the step down to them is deceleration, travelled: only what
            // follows waits.
            // Without Doppler, the same for positions still within the anchor's radius: a
            // standstill being confirmed, whose wander is not travel.
            let inBand = velocity != nil ? (fix.speed ?? .infinity) < max(standingSpeed, restingNoise.readingNoiseSpeed) : anchorHold != nil
            let holdLimit = velocity != nil ? parameters.holdSeconds : anchorHold ?? 0
            if inBand, previousInBand, instant.seconds(since: holdingSince ?? instant) < holdLimit {
                holdingSince = holdingSince ?? instant
                heldDistance += increment
                increment = 0
                if let raw = PositionFilter.reportedVelocity(fix) {
                    edges.approaching(east: raw.east, north: raw.north, dt: instant.seconds(since: lastStep ?? previous))
                }
            } else {
                increment += releaseHeld()
            }
            previousInBand = inBand
            // Travel that a standstill turned out to be was judged on 10 s of Doppler: it does not
            // wait again (held, it was lost to the next dip of a slow hiker's average).
            increment += creptDistance
            creptDistance = 0
            var edge = edges.end()
            if wasStationary { edges.started(at: instant) }
            edge += edges.moving(east: smoothedDopplerEast, north: smoothedDopplerNorth, at: instant)
            // The edges are signed: a negative one (rest noise) is owed by the travel that follows,
            // so noise adds nothing on average (counted as max(0, x), it added 0.2 % to model a's
            // city runs).
            edgeDebt -= edge
            if edgeDebt < 0 {
                increment -= edgeDebt
                edgeDebt = 0
            }
            let repaid = min(edgeDebt, increment)
            increment -= repaid
            edgeDebt -= repaid
            if let doppler = smoothedDoppler, doppler > 2 * parameters.stationarySpeed {
                edges.travelling(east: smoothedDopplerEast, north: smoothedDopplerNorth, dt: dt)
            }
        } else {
            previousInBand = true
            if !wasStationary {
                heldBeforeStandstill = heldDistance
                edges.begin(at: instant)
            }
            if let raw = PositionFilter.reportedVelocity(fix) {
                let dt = instant.seconds(since: lastStep ?? previous)
                edges.resting(east: raw.east, north: raw.north, dt: dt, at: instant)
                if (fix.speed ?? 0) <= 3 * parameters.stationarySpeed { edges.slowReading(east: raw.east, north: raw.north, dt: dt, at: instant) }
            }
            if !wasStationary || velocity == nil || (fix.speed ?? 0) <= 3 * parameters.stationarySpeed {
                // The stop's held distance is dropped, and so is a possible start that stopped.
                heldDistance = 0
                holdingSince = nil
            }
            if velocity != nil, let raw = fix.speed, raw > 3 * parameters.stationarySpeed {
                // A possible start: the averaged speed lags a start by seconds; counted if the standstill ends.
                heldDistance += instant.seconds(since: lastStep ?? previous) * raw
            }
        }
        lastStep = instant
        speedBefore = velocity != nil ? speedNow : nil
        wasStationary = stationary
        reanchorIfFar(&plane, &e, &n)
        var result = estimate(fix, increment: increment, bridged: false, sigma: sigma)
        result.positionRejected = outlier
        return .success(result)
    }

    /// One-sigma horizontal error: GST when the receiver gives it, else HDOP times a typical UERE.
    static func horizontalSigma(_ fix: GNSSFix) -> Double {
        if let a = fix.latitudeError, let b = fix.longitudeError, a > 0, b > 0 {
            return max(0.5, max(a, b))
        }
        if let hdop = fix.hdop, hdop > 0 { return max(1.5, hdop * 2.5) }
        return 5
    }

    /// East/north velocity from Doppler speed and course, with its variance; nil when unusable.
    static func dopplerVelocity(_ fix: GNSSFix) -> (east: Double, north: Double, variance: Double)? {
        guard let speed = fix.speed, speed.isFinite, speed >= 0 else { return nil }
        if speed < 0.2 { return (0, 0, 0.04) }
        guard let track = fix.track, track.isFinite else { return nil }
        let rad = track * .pi / 180
        // Doppler accuracy degrades with satellite geometry like the position does.
        let sigma = max(0.1, 0.15 * (fix.hdop ?? 1)) + 0.01 * speed
        return (speed * sin(rad), speed * cos(rad), sigma * sigma)
    }

    /// The velocity as the receiver reports it (speed along its course, slow ones included), if it does.
    static func reportedVelocity(_ fix: GNSSFix) -> (east: Double, north: Double)? {
        guard let speed = fix.speed, speed.isFinite, speed >= 0, let track = fix.track, track.isFinite else { return nil }
        let rad = track * .pi / 180
        return (speed * sin(rad), speed * cos(rad))
    }

    /// The held distance, now counted.
    private mutating func releaseHeld() -> Double {
        defer { heldDistance = 0; holdingSince = nil; edges.resetApproach() }
        return stationary ? 0 : heldDistance
    }

    private mutating func start(_ fix: GNSSFix, latitude: Double, longitude: Double, variance r: Double, at instant: MonotonicInstant) {
        plane = LocalTangentPlane(latitude: latitude, longitude: longitude)
        updateDoppler(fix, at: instant)
        restart(east: 0, north: 0, velocity: PositionFilter.dopplerVelocity(fix), variance: r, at: instant)
        countedEast = 0; countedNorth = 0
        anchorEast = 0; anchorNorth = 0; anchorSince = instant
        stationary = (smoothedDoppler ?? 0) < parameters.stationarySpeed
    }

    private mutating func restart(east e: Double, north n: Double, velocity: (east: Double, north: Double, variance: Double)?,
                                  variance r: Double, at instant: MonotonicInstant) {
        let v = velocity ?? (0, 0, 4)
        east = ConstantVelocityKalman(position: e, velocity: v.east, positionVariance: r, velocityVariance: max(v.variance, 0.04))
        north = ConstantVelocityKalman(position: n, velocity: v.north, positionVariance: r, velocityVariance: max(v.variance, 0.04))
        lastUpdate = instant
        lastAccepted = instant
        rejectingSince = nil
        anchorEast = e; anchorNorth = n; anchorSince = instant
        speedBefore = nil
        edges.discard()
    }

    private mutating func updateDoppler(_ fix: GNSSFix, at instant: MonotonicInstant) {
        guard let v = PositionFilter.dopplerVelocity(fix) else {
            lastDopplerVelocity = nil
            lastDopplerVector = nil
            if let t = lastDopplerTime, instant.seconds(since: t) > 5 { smoothedDoppler = nil }
            return
        }
        if smoothedDoppler != nil, let t = lastDopplerTime {
            let dt = instant.seconds(since: t)
            let alpha = min(1, dt / (2 + dt))
            smoothedDopplerEast += alpha * (v.east - smoothedDopplerEast)
            smoothedDopplerNorth += alpha * (v.north - smoothedDopplerNorth)
            // |v| sin(course change): the change across the previous direction of travel.
            var across: Double?
            if let p = lastDopplerVector {
                let norm = hypot(p.east, p.north)
                if norm > 0 { across = (v.east * p.north - v.north * p.east) / norm }
            }
            lastDopplerVelocity = (v.east, v.north, dt, alpha, across)
        } else {
            smoothedDopplerEast = v.east
            smoothedDopplerNorth = v.north
            lastDopplerVelocity = nil
        }
        smoothedDoppler = hypot(smoothedDopplerEast, smoothedDopplerNorth)
        lastDopplerVector = (v.east, v.north)
        lastRawDoppler = fix.speed
        lastDopplerTime = instant
    }

    /// Standing still: smoothed Doppler below the threshold, or without Doppler, positions
    /// staying within a noise radius of a slowly following anchor for `anchorHoldSeconds`.
    private mutating func updateStationary(east e: Double, north n: Double, sigma: Double, dt: Double, at instant: MonotonicInstant) {
        if let doppler = smoothedDoppler {
            let base = parameters.stationarySpeed
            var creeping = false
            if let v = lastDopplerVelocity {
                if stationary {
                    restingNoise.add(east: v.east, north: v.north, dt: v.dt, travelSpeed: base)
                    // Slow steady travel that the short average cannot tell from a noisy rest:
                    // the Doppler averaged since the standstill began goes beyond what the
                    // resting noise makes of that long an average.
                    let alpha = min(1, v.dt / (PositionFilter.restAverageSeconds + v.dt))
                    restDopplerEast += alpha * (v.east - restDopplerEast)
                    restDopplerNorth += alpha * (v.north - restDopplerNorth)
                    restTravelEast += v.east * v.dt
                    restTravelNorth += v.north * v.dt
                    let limit = max(base, restingNoise.noiseSpeed(alpha: alpha, confirmedOnly: true)) * 1.2
                    creeping = hypot(restDopplerEast, restDopplerNorth) > limit
                } else {
                    restingNoise.interrupt()
                    restDopplerEast = 0; restDopplerNorth = 0
                    restTravelEast = 0; restTravelNorth = 0
                }
                standingSpeed = min(2 * base, max(base, restingNoise.noiseSpeed(alpha: v.alpha)))
            }
            let threshold = standingSpeed
            // Clear motion by the average: gated on the raw reading, a slow pace gave only the
            // high side of its noise.
            if let v = lastDopplerVelocity, !stationary, let raw = lastRawDoppler, doppler > 2 * base {
                movingNoise.add(speed: raw, acrossChange: v.acrossChange, dt: v.dt)
            } else {
                movingNoise.interrupt()
            }
            // Hysteresis: noise near the threshold must not toggle between standing and moving.
            // A clearly moving raw speed, twice running (one reading beyond the resting noise's
            // 99 % happens every 100 s), ends a standstill at once: the average lags a start.
            let rising = (lastRawDoppler ?? 0) > max(base * 3, restingNoise.readingNoiseSpeed)
            let startsNow = rising && wasRising
            wasRising = rising
            if stationary {
                let leaves = doppler >= threshold * 1.6 || startsNow
                if !leaves, creeping {
                    // The standstill was slow travel: its net Doppler displacement (noise cancels
                    // in the vector sum, steady travel does not) is the distance it covered.
                    // So was the distance held back when it began; a possible start within it
                    // is in the vector sum already.
                    creptDistance = hypot(restTravelEast, restTravelNorth) + heldBeforeStandstill
                    edges.discard()
                    heldDistance = 0
                    holdingSince = nil
                }
                stationary = !leaves && !creeping
            } else {
                stationary = doppler < threshold
            }
            anchorHold = nil
            return
        }
        let radius = max(8, 3 * sigma)
        if hypot(e - anchorEast, n - anchorNorth) > radius {
            anchorEast = e; anchorNorth = n; anchorSince = instant
            stationary = false
            anchorHold = nil
            return
        }
        let since = anchorSince ?? instant
        let held = instant.seconds(since: since)
        // The anchor follows over 20 s of time, not of fixes: at 10 Hz, 5 % a fix trailed a
        // rider at 4 m/s by less than the radius, and the ride stood still.
        let follow = min(1, max(0, dt) / 20)
        anchorEast += (e - anchorEast) * follow
        anchorNorth += (n - anchorNorth) * follow
        let hold = anchorHoldSeconds(radius: radius)
        stationary = held >= hold
        anchorHold = held > 0 ? hold : nil
    }

    /// Time constant of the average over a standstill that finds slow steady travel in it.
    static let restAverageSeconds = 10.0

    /// Without Doppler, distance is counted in chords of the filtered track at least this many
    /// position sigmas long. Noise of σf across a chord of length D lengthens it by about σf²/D,
    /// a share of σf²/D²: counting every one-second step (a metre or two) added 2-14 % and made
    /// a receiver on a table travel hundreds of metres. Longer chords cut corners more; 4σ was
    /// the best or near it on every scenario of both simulated receivers (2, 3, 4 and 6 tried).
    static let odometerSigmas = 4.0

    /// How long positions must stay within the anchor's radius to be a standstill: long enough
    /// that travel at twice the standing speed would have left it (five seconds took a walk at
    /// 1.4 m/s, or a climb on a bike, for standing).
    func anchorHoldSeconds(radius: Double) -> Double {
        max(5, radius / (2 * parameters.stationarySpeed))
    }

    /// Keeps the tangent plane within 200 m of the athlete so that its scale error stays negligible.
    private mutating func reanchorIfFar(_ plane: inout LocalTangentPlane, _ e: inout Double, _ n: inout Double) {
        guard hypot(east.position, north.position) > 200 else { return }
        let here = plane.unproject(east: east.position, north: north.position)
        let next = LocalTangentPlane(latitude: here.latitude, longitude: here.longitude)
        func move(_ x: inout Double, _ y: inout Double) {
            let g = plane.unproject(east: x, north: y)
            (x, y) = next.project(latitude: g.latitude, longitude: g.longitude)
        }
        move(&countedEast, &countedNorth)
        move(&anchorEast, &anchorNorth)
        move(&e, &n)
        east.position = 0; north.position = 0
        plane = next
        self.plane = next
    }

    private func estimate(_ fix: GNSSFix, increment: Double, bridged: Bool, sigma: Double) -> PositionEstimate {
        let g = plane!.unproject(east: east.position, north: north.position)
        // A possible start (one raw speed beyond the resting noise; the next confirms it) shows
        // that speed while its distance waits: auto-pause dates a resume back to the first fast
        // moment, so moving time does not lose the confirming epoch at every start.
        let speed = stationary ? (wasRising ? lastRawDoppler ?? 0 : 0) : hypot(east.velocity, north.velocity)
        var course: Double?
        if !stationary, speed > 0.2 {
            course = (atan2(east.velocity, north.velocity) * 180 / .pi + 360).truncatingRemainder(dividingBy: 360)
        }
        return PositionEstimate(latitude: g.latitude, longitude: g.longitude, altitudeMSL: fix.altitudeMSL, speed: speed,
                                course: course, distanceIncrement: increment, isStationary: stationary,
                                bridgedGap: bridged, horizontalError: sigma)
    }
}
