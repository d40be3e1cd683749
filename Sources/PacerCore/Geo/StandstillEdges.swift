#if canImport(Glibc)
import Glibc
#endif

/// The travel a receiver still reports after the athlete has stopped, and before a start is clear.
///
/// A receiver whose navigation filter smooths its velocity (a pedestrian dynamic model: a lag of
/// a few seconds) reports a stop as a decay: the last metres before the stop arrive after it, at
/// speeds the standing threshold calls rest, and the filter dropped them. At walking pace that
/// was 1-1.5 m a stop, 0.5-1 % of a walk with a dozen halts (sim model c). Rest noise must still
/// not count, so the tail is measured as the Doppler velocity integrated along the direction of
/// the travel before the stop: noise projects onto a fixed direction with zero mean, the decaying
/// travel does not. It is weighted by e^(-t/`window`) from the standstill's start (a lag of up to
/// a few seconds is inside it; a long stop's noise is not), over the held approach and the first
/// `4 window` seconds of the standstill, and counted when it ends; a receiver that does not lag
/// gives zero mean.
///
/// A start is the same decay backwards: the reported speed rises over the lag, and the readings
/// below the start gate (three standing speeds, where the filter's possible start counts them)
/// were rest to it. They are summed as a vector, decaying with the same window back from the
/// start, and read along the direction of the travel that ended the standstill.
struct StandstillEdges: Sendable {
    /// Seconds: the lag of a pedestrian receiver's velocity filter is 1-4 s.
    static let window = 5.0
    private var direction: (east: Double, north: Double)?
    private var approachEast = 0.0, approachNorth = 0.0
    private var since: MonotonicInstant?
    private var metres = 0.0
    /// The standstill's slow readings, integrated with weight e^(-age / window) (metres east, north).
    private var headEast = 0.0, headNorth = 0.0
    /// A start's slow readings waiting for the direction of the travel that followed.
    private var head: (east: Double, north: Double, since: MonotonicInstant)?

    /// Clear travel with this (smoothed) velocity, `dt` seconds after the last: the direction a
    /// following stop's tail is read along, averaged over `directionSeconds`. The last readings
    /// before a stop carry noise that the approach's readings share (a receiver's noise is
    /// correlated for seconds): read along their own noise, rest noise counted (+0.2 % on
    /// model a's city runs with the direction of the moment).
    mutating func travelling(east: Double, north: Double, dt: Double) {
        let norm = hypot(east, north)
        guard norm > 0, since == nil else { return }
        let (e, n) = (east / norm, north / norm)
        guard let d = direction else { direction = (e, n); return }
        let beta = min(1, max(0, dt) / Self.directionSeconds)
        direction = (d.east + beta * (e - d.east), d.north + beta * (n - d.north))
    }

    /// Seconds over which the direction of travel is averaged.
    static let directionSeconds = 10.0

    /// A reading while the distance waits for a standstill (the approach to a stop), `dt` seconds long.
    mutating func approaching(east: Double, north: Double, dt: Double) {
        approachEast += east * dt
        approachNorth += north * dt
    }

    /// Travel resumed without a standstill: the approach was counted as travel.
    mutating func resetApproach() {
        approachEast = 0; approachNorth = 0
    }

    /// A standstill begins: its tail starts with the approach's travel along the direction.
    mutating func begin(at instant: MonotonicInstant) {
        defer { resetApproach() }
        guard let d = unitDirection else { return }
        since = instant
        metres = approachEast * d.east + approachNorth * d.north + pendingHead(along: d)
    }

    private var unitDirection: (east: Double, north: Double)? {
        guard let d = direction else { return nil }
        let norm = hypot(d.east, d.north)
        return norm > 0 ? (d.east / norm, d.north / norm) : nil
    }

    /// A reading `dt` seconds long during the standstill. The tail is counted when the standstill
    /// ends (`end`): nothing while the athlete waits.
    mutating func resting(east: Double, north: Double, dt: Double, at instant: MonotonicInstant) {
        guard let start = since, let d = unitDirection else { return }
        let age = instant.seconds(since: start)
        if age <= 4 * Self.window { metres += exp(-age / Self.window) * dt * (east * d.east + north * d.north) }
    }

    /// A slow reading (below the start gate) during a standstill, `dt` seconds long. What the
    /// tail weighs of it (a short halt) is left out, so no reading counts twice.
    mutating func slowReading(east: Double, north: Double, dt: Double, at instant: MonotonicInstant) {
        let keep = exp(-dt / Self.window)
        let share = since.map { 1 - exp(-instant.seconds(since: $0) / Self.window) } ?? 1
        headEast = headEast * keep + share * east * dt
        headNorth = headNorth * keep + share * north * dt
    }

    /// The standstill ended: its slow readings wait `window` seconds of travel, and are then
    /// read along the travel's direction (`moving`). The direction of the start's moment holds
    /// the noise of the readings just before it (+0.1 % on model a's city runs).
    mutating func started(at instant: MonotonicInstant) {
        head = (headEast, headNorth, instant)
        headEast = 0; headNorth = 0
    }

    /// Travel with this (smoothed) velocity: the start's slow readings once `window` seconds have
    /// passed, signed.
    mutating func moving(east: Double, north: Double, at instant: MonotonicInstant) -> Double {
        guard let h = head, instant.seconds(since: h.since) >= Self.window else { return 0 }
        let norm = hypot(east, north)
        guard norm > 0 else { return 0 }
        head = nil
        return (h.east * east + h.north * north) / norm
    }

    /// A start's readings still waiting when the next standstill begins, along the travel's direction.
    private mutating func pendingHead(along d: (east: Double, north: Double)) -> Double {
        defer { head = nil }
        guard let h = head else { return 0 }
        return h.east * d.east + h.north * d.north
    }

    /// The standstill ended: what the tail holds, signed (noise reads negative as often as positive).
    mutating func end() -> Double {
        guard since != nil else { return 0 }
        defer {
            // The start's readings stay for `started`; the next travel sets its own direction.
            since = nil
            metres = 0
            direction = nil
            resetApproach()
        }
        return metres
    }

    /// The standstill was counted otherwise (slow travel, a dropout's bridge): no tail.
    mutating func discard() {
        headEast = 0; headNorth = 0
        head = nil
        since = nil
        metres = 0
        direction = nil
        resetApproach()
    }
}
