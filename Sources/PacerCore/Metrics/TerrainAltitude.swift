/// Elevation from a terrain model (`[elevation] dem`) along the filtered track: where a tile
/// covers the position, the ground's height replaces the receiver's altitude, which wanders by
/// metres with the satellites while a DEM's error is a slow offset that cancels in a climb.
/// Where no tile answers, the receiver's altitude takes over (its own tracker, so the step
/// between the two heights is never counted as a climb).
public struct TerrainAltitude: Sendable {
    /// The tiles, shared by the recorder's engines; nil without `[elevation] dem`.
    var lookup: TerrainLookup?
    /// A DEM's error lies in space, not in time: post-to-post noise and ripples a few posts long
    /// (SRTM's 1" posts are 30 m apart). So the heights are smoothed over `smoothingMetres` of
    /// track, whatever the pace, and a climb counts once it rises `threshold` metres: a lap of a
    /// flat track then adds no ripple, and a hill of a few hundred metres keeps its height.
    private var tracker = ElevationTracker(threshold: 2, timeConstant: 4, sigmaMultiple: 1.5)
    static let smoothingMetres = 20.0
    /// The ground under the last accepted position; nil where no tile answered.
    private(set) var current: Double?
    /// Whether any height this session came from the tiles.
    private(set) var used = false

    /// One-sigma error of an SRTM height relative to its neighbours: what the barometer's
    /// calibration and the tracker's dead band weigh it by.
    static let verticalSigma = 1.0

    /// The ground at the filtered position (without updating anything); nil without tiles.
    mutating func ground(latitude: Double, longitude: Double) -> Double? {
        current = lookup?.elevation(latitude: latitude, longitude: longitude)
        return current
    }

    /// Feeds the ground's height at an accepted, moving position.
    mutating func track(_ height: Double, speed: Double, at instant: MonotonicInstant) {
        used = true
        // A speed that is no number (a receiver's damage) smooths as a standstill's would.
        tracker.timeConstant = TerrainAltitude.smoothingMetres / (speed.isFinite ? max(speed, 0.5) : 0.5)
        tracker.update(altitude: height, verticalSigma: TerrainAltitude.verticalSigma, speed: speed, at: instant)
    }

    /// Standing still, paused, or on the receiver's altitude: the next height starts afresh.
    mutating func suspend() { tracker.suspend() }

    var gain: Double { tracker.gain }
    var loss: Double { tracker.loss }
}
