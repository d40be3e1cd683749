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

    /// Clear travel with this (smoothed) velocity: the direction a following stop's tail is read along.
    mutating func travelling(east: Double, north: Double) {
        let norm = hypot(east, north)
        guard norm > 0, since == nil else { return }
        direction = (east / norm, north / norm)
    }

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
        guard let d = direction else { return }
        since = instant
        metres = approachEast * d.east + approachNorth * d.north
    }

    /// A reading `dt` seconds long during the standstill. The tail is counted when the standstill
    /// ends (`end`): nothing while the athlete waits.
    mutating func resting(east: Double, north: Double, dt: Double, at instant: MonotonicInstant) {
        guard let start = since, let d = direction else { return }
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

    /// The standstill ended in travel with this (smoothed) velocity: the start's slow readings
    /// along it (never negative).
    mutating func started(east: Double, north: Double) -> Double {
        defer { headEast = 0; headNorth = 0 }
        let norm = hypot(east, north)
        guard norm > 0 else { return 0 }
        return max(0, (headEast * east + headNorth * north) / norm)
    }

    /// The standstill ended: what the tail holds (never negative).
    mutating func end() -> Double {
        guard since != nil else { return 0 }
        defer { discard() }
        return max(0, metres)
    }

    /// The standstill was counted otherwise (slow travel, a dropout's bridge): no tail.
    mutating func discard() {
        headEast = 0; headNorth = 0
        since = nil
        metres = 0
        direction = nil
        resetApproach()
    }
}
