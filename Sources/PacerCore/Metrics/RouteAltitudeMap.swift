#if canImport(Glibc)
import Glibc
#endif

/// Session-end elevation gain from altitude averaged per place: a spot visited again (laps of a
/// track, a loop, an out-and-back) must have one altitude, and GPS altitude error wanders in time
/// (minutes), not with place, so averaging every visit to a 25 m cell removes most of it.
///
/// Real evidence for "in time, not with place": on the Polar M400 laps of
/// corpus/tracks/slither_running.gpx (flat ground), the mean altitude of one visit to a 25 m cell
/// differs between visits by 6.6 m (std, median over cells visited >= 3 times).
///
/// The live value stays the `ElevationTracker`'s (a cell's mean is only final at the end); the
/// summary replays the recorded samples through the same low-pass and hysteresis, the altitude of
/// a sample in a cell visited more than once replaced by the cell's mean. A cell visited once keeps
/// the raw altitudes: averaging them too would smooth a second time and shrink real hills under the
/// dead band (so a route never repeated gives exactly the live value). Memory: one sample per
/// second (20 bytes) and one entry per cell.
public struct RouteAltitudeMap: Sendable {
    /// Side of a cell in metres: larger than the filtered position's error (2-4 m), small enough
    /// that a cell's true altitude is one value (25 m at a 10 % grade is 2.5 m).
    public var cellSize: Double
    private var origin: (latitude: Double, longitude: Double, metresPerDegreeLongitude: Double)?
    private var cellIndex: [Int64: Int32] = [:]
    /// The cell of the previous altitude: at 1-10 Hz most fixes fall in it (a 25 m cell takes a
    /// runner seconds to cross), and reusing it spares a hashed lookup per fix.
    private var lastCell: (key: Int64, index: Int32)?
    private var cellSum: [Double] = []
    private var cellCount: [Int32] = []
    /// Separate visits per cell (a visit ends when the cell has seen no sample for `revisitSeconds`).
    private var cellVisits: [Int32] = []
    private var cellLastSeen: [Int64] = []
    /// Seconds away from a cell after which coming back is a new visit: longer than GPS altitude
    /// error's fast part, so the visits' errors are not the same error.
    public var revisitSeconds: Double = 60
    /// At most one sample per second: the replay's time base and which cell it was in.
    private var samples: [(nanoseconds: Int64, cell: Int32, sigma: Float, altitude: Float)] = []
    /// Samples before which the live tracker was suspended (standing still): the replay too.
    private var suspensions: [Int] = []

    public init(cellSize: Double = 25) { self.cellSize = cellSize }

    /// Adds one altitude the live tracker's gate accepted, at the estimated position.
    public mutating func record(altitude: Double, latitude: Double, longitude: Double,
                                verticalSigma: Double, at instant: MonotonicInstant) {
        guard altitude.isFinite, latitude.isFinite, longitude.isFinite else { return }
        if origin == nil {
            let metres = 111_320 * cos(latitude * .pi / 180)
            origin = (latitude, longitude, max(1, metres))
        }
        guard let o = origin else { return }
        let x = ((longitude - o.longitude) * o.metresPerDegreeLongitude / cellSize).clampedInt64(.down)
        let y = ((latitude - o.latitude) * 110_574 / cellSize).clampedInt64(.down)
        let key = (x & 0xFFFF_FFFF) << 32 | (y & 0xFFFF_FFFF)
        let index: Int32
        if let last = lastCell, last.key == key {
            index = last.index
        } else if let known = cellIndex[key] {
            index = known
        } else {
            index = Int32(cellSum.count)
            cellIndex[key] = index
            cellSum.append(0)
            cellCount.append(0)
            cellVisits.append(1)
            cellLastSeen.append(instant.nanoseconds)
        }
        lastCell = (key, index)
        let c = Int(index)
        if Double(instant.nanoseconds - cellLastSeen[c]) / 1e9 > revisitSeconds { cellVisits[c] += 1 }
        cellLastSeen[c] = instant.nanoseconds
        cellSum[c] += altitude
        cellCount[c] += 1
        if let last = samples.last, instant.nanoseconds - last.nanoseconds < 1_000_000_000 { return }
        samples.append((instant.nanoseconds, index, Float(verticalSigma), Float(altitude)))
    }

    /// Mirrors `ElevationTracker.suspend`: the next sample starts a new stretch.
    public mutating func suspend() {
        if suspensions.last != samples.count { suspensions.append(samples.count) }
    }

    public var isEmpty: Bool { samples.isEmpty }

    /// Gain and loss over the per-cell mean altitudes, through a tracker configured like `live`
    /// but without its outlier gate (the samples already passed it).
    public func gainAndLoss(like live: ElevationTracker) -> (gain: Double, loss: Double) {
        var tracker = ElevationTracker(threshold: live.threshold, timeConstant: live.timeConstant,
                                       sigmaMultiple: live.sigmaMultiple, outlierResetSeconds: 0)
        var nextSuspension = 0
        for (k, sample) in samples.enumerated() {
            while nextSuspension < suspensions.count, suspensions[nextSuspension] <= k {
                if suspensions[nextSuspension] == k { tracker.suspend() }
                nextSuspension += 1
            }
            let c = Int(sample.cell)
            let altitude = cellVisits[c] > 1 ? cellSum[c] / Double(cellCount[c]) : Double(sample.altitude)
            tracker.update(altitude: altitude, verticalSigma: Double(sample.sigma),
                           at: MonotonicInstant(nanoseconds: sample.nanoseconds))
        }
        return (tracker.gain, tracker.loss)
    }
}
