/// One point of a course's track, with the distance along the track to it.
public struct CourseTrackPoint: Equatable, Sendable {
    public var latitude: Double
    public var longitude: Double
    /// Metres above sea level when the file gives it.
    public var elevation: Double?
    /// Metres from the first point, along the track (ellipsoidal).
    public var distance: Double

}
