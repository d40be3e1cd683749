#if canImport(Glibc)
import Glibc
#endif

/// How many seconds a receiver's reported velocity trails its own positions, measured as the
/// session goes.
///
/// Many receivers smooth the velocity they report (a pedestrian dynamic model: a first-order lag
/// of 1-4 s) while their positions are not late. For such a lag the true velocity is
/// v = v_r + τ dv_r/dt, so the positions' displacement minus the integral of the reported
/// velocity, G = P - ∫v_r, is τ v_r plus the position error: over a window, ΔG = τ Δv_r + Δerror.
/// Every change of velocity (a stop, a start, each turn) is a sample, per axis; τ is their
/// least-squares slope. A receiver that does not lag gives about 0. Auto-pause uses it to date a
/// stop or a start where the receiver's speed, undone of its lag, crossed the threshold.
public struct ReceiverLag: Sendable {
    /// Seconds between the two ends of a sample: long enough for a change of velocity to show,
    /// short enough that a slowly wandering position error barely moves.
    static let windowSeconds = 6.0
    /// Longest lag believed (a navigation filter lags seconds, not tens of seconds).
    static let maximumSeconds = 6.0
    /// Sum of squared velocity changes ((m/s)²) before the slope is trusted: about a dozen turns or stops.
    static let minimumExcitation = 40.0

    private struct Entry {
        var instant: MonotonicInstant
        var east: Double, north: Double
        /// The reported velocity integrated since the first entry (metres).
        var integralEast: Double, integralNorth: Double
        var velocityEast: Double, velocityNorth: Double
    }

    private var plane: LocalTangentPlane?
    private var history: [Entry] = []
    private var cross = 0.0, excitation = 0.0

    public init() {}

    /// The lag in seconds; 0 until enough changes of velocity were seen.
    public var seconds: Double {
        guard excitation >= ReceiverLag.minimumExcitation else { return 0 }
        return min(ReceiverLag.maximumSeconds, max(0, cross / excitation))
    }

    /// One fix with a position and the velocity the receiver reports (nil without one: the
    /// window starts again, as after a gap of more than 2 s).
    public mutating func add(latitude: Double, longitude: Double, velocity: (east: Double, north: Double)?, at instant: MonotonicInstant) {
        guard let v = velocity, v.east.isFinite, v.north.isFinite, latitude.isFinite, longitude.isFinite,
              abs(latitude) <= 90, abs(longitude) <= 180 else {
            history.removeAll(keepingCapacity: true)
            return
        }
        if plane == nil { plane = LocalTangentPlane(latitude: latitude, longitude: longitude) }
        var p = plane!.project(latitude: latitude, longitude: longitude)
        if hypot(p.east, p.north) > 5000 {
            plane = LocalTangentPlane(latitude: latitude, longitude: longitude)
            history.removeAll(keepingCapacity: true)
            p = (0, 0)
        }
        var entry = Entry(instant: instant, east: p.east, north: p.north, integralEast: 0, integralNorth: 0,
                          velocityEast: v.east, velocityNorth: v.north)
        if let last = history.last {
            let dt = instant.seconds(since: last.instant)
            guard dt > 0, dt <= 2 else {
                history.removeAll(keepingCapacity: true)
                history.append(entry)
                return
            }
            entry.integralEast = last.integralEast + dt * (last.velocityEast + v.east) / 2
            entry.integralNorth = last.integralNorth + dt * (last.velocityNorth + v.north) / 2
        }
        history.append(entry)
        while history.count > 2, instant.seconds(since: history[1].instant) >= ReceiverLag.windowSeconds { history.removeFirst() }
        guard let first = history.first, instant.seconds(since: first.instant) >= ReceiverLag.windowSeconds else { return }
        sample(gap: (entry.east - first.east) - (entry.integralEast - first.integralEast), change: entry.velocityEast - first.velocityEast)
        sample(gap: (entry.north - first.north) - (entry.integralNorth - first.integralNorth), change: entry.velocityNorth - first.velocityNorth)
    }

    private mutating func sample(gap: Double, change: Double) {
        // A multipath bulge moves the position tens of metres with no change of velocity.
        guard abs(gap) <= 3 + ReceiverLag.maximumSeconds * abs(change) else { return }
        cross += gap * change
        excitation += change * change
    }
}
