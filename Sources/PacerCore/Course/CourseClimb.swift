/// A climb of a course as a rider is told about it: where it starts, how long and how high it
/// is, its average and its steepest 100 m.
public struct CourseClimb: Equatable, Sendable {
    /// Metres along the course where it starts.
    public var start: Double
    public var length: Double
    public var gain: Double
    public var startElevation: Double
    /// Percent.
    public var averageGrade: Double
    public var steepestGrade: Double

    public var end: Double { start + length }
    /// Length times average grade in percent: the size a climb is ranked by (at least 1500).
    public var score: Double { length * averageGrade }
}
