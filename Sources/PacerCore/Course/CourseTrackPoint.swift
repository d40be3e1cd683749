/// One point of a course's track, with the distance along the track to it.
public struct CourseTrackPoint: Equatable, Sendable {
    public var latitude: Double
    public var longitude: Double
    /// Metres above sea level when the file gives it.
    public var elevation: Double?
    /// Metres from the first point, along the track (ellipsoidal).
    public var distance: Double

    public init(latitude: Double, longitude: Double, elevation: Double? = nil, distance: Double = 0) {
        self.latitude = latitude
        self.longitude = longitude
        self.elevation = elevation
        self.distance = distance
    }
}
