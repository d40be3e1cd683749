/// Guesses walk, run or ride from sustained speed (and a footpod's cadence when there is one),
/// for sessions that start on their own.
public enum ActivityGuess {
    /// Fastest sustained walk, m/s (7.2 km/h).
    public static let walkRunBoundary = 2.0
    /// Fastest sustained run for a recreational athlete, m/s (about 17 km/h, 3:32 min/km).
    public static let runRideBoundary = 4.7

    /// - Parameters:
    ///   - averageSpeed: mean speed over the movement that triggered the start, m/s.
    ///   - footpodCadence: steps per minute from a footpod: it is on a foot, so not a ride.
    public static func activity(averageSpeed: Double?, footpodCadence: Double? = nil) -> Activity {
        guard let v = averageSpeed, v.isFinite else { return .run }
        if footpodCadence != nil { return v < walkRunBoundary ? .walk : .run }
        if v < walkRunBoundary { return .walk }
        if v < runRideBoundary { return .run }
        return .ride
    }
}
