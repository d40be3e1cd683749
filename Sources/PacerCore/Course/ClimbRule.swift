/// What counts as a climb, as Garmin's ClimbPro ranks them on the road: at least 500 m long,
/// averaging at least 3 %, and a score (length in metres times grade in percent) of at least
/// 1500, so a long drag and a short steep ramp both count and a bridge does not.
public struct ClimbRule: Equatable, Sendable {
    public var minimumLength = 500.0
    public var minimumGrade = 3.0
    public var minimumScore = 1500.0

    func ranks(length: Double, averageGrade: Double) -> Bool {
        length >= minimumLength && averageGrade >= minimumGrade && length * averageGrade >= minimumScore
    }
}
