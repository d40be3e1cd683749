/// A point of the course the rider is told about: a turn, a summit, water. Where it is along
/// the course is its distance from the start; a file's own distance is used when it has one,
/// else the cue is placed on the nearest part of the track (`CourseBuilder`).
public struct CourseCue: Equatable, Sendable {
    public var name: String
    public var kind: CourseCueKind
    /// Metres from the course's start.
    public var distance: Double
    public var latitude: Double
    public var longitude: Double

}
