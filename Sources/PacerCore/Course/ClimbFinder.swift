/// The climbs of a course as Garmin's ClimbPro ranks them (`ClimbRule`). A rise runs from a low point
/// to a high point of the smoothed profile; a dip of less than `joiningDip` metres does not end
/// it (a short dip in a long climb is part of the climb); flat approaches and tops are trimmed
/// off, so the average is that of the climbing.
enum ClimbFinder {
    static let joiningDip = 10.0
    /// A grade below this at either end is approach or top, not climb.
    static let flatGrade = 1.5
    /// The steepest grade is the steepest over this many metres (a kerb is not a 30 % climb).
    static let gradeReach = 100.0

    static func climbs(_ profile: CourseElevationProfile, rule: ClimbRule = ClimbRule()) -> [CourseClimb] {
        let e = profile.elevations
        let span = (gradeReach / CourseElevationProfile.step).roundedInt() ?? 10
        func grade(_ a: Int, _ b: Int) -> Double { (e[b] - e[a]) / (Double(b - a) * CourseElevationProfile.step) * 100 }
        var climbs: [CourseClimb] = []
        func rise(_ low: Int, _ high: Int) {
            var a = low, b = high
            // The profile is smoothed already: the grade over two samples finds the foot and the top.
            while b - a > span, grade(a, a + 2) < flatGrade { a += 1 }
            while b - a > span, grade(b - 2, b) < flatGrade { b -= 1 }
            let length = Double(b - a) * CourseElevationProfile.step
            let average = grade(a, b)
            guard rule.ranks(length: length, averageGrade: average) else { return }
            var steepest = average
            for i in a...(b - span) { steepest = max(steepest, grade(i, i + span)) }
            climbs.append(CourseClimb(start: profile.distance(ofSample: a), length: length, gain: e[b] - e[a],
                                      startElevation: e[a], averageGrade: average, steepestGrade: steepest))
        }
        var low = 0, high = 0, rising = true
        for i in e.indices.dropFirst() {
            if rising {
                if e[i] > e[high] {
                    high = i
                } else if e[high] - e[i] >= joiningDip {
                    if high > low { rise(low, high) }
                    rising = false
                    low = i
                } else if e[i] < e[low] {
                    low = i; high = i
                }
            } else if e[i] < e[low] {
                low = i
            } else if e[i] - e[low] >= joiningDip {
                rising = true
                high = i
            }
        }
        if rising, high > low { rise(low, high) }
        return climbs
    }
}
