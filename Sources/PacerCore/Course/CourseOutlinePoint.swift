/// A point of a course's outline (`Course.outline`), as the journal keeps it.
public struct CourseOutlinePoint: Equatable, Sendable {
    public var latitude: Double
    public var longitude: Double
}
