/// A structured workout as a file describes it: named, with steps and repeats kept as written
/// (so `pacerctl workout info` and the writers show "5 x (3:00, 2:00)", not ten lines), and
/// `steps`, the expansion the runner follows one after another.
public struct Workout: Equatable, Sendable {
    public var name: String
    /// Where it came from: "ZWO", "FIT" or "text".
    public var format: String
    /// The sport the file names ("cycling", "running", "bike", "run"...), as written; "" when none.
    public var sport: String = ""
    public var items: [WorkoutItem]

    /// More steps than any training plan holds: a file past it is refused rather than run.
    public static let maximumSteps = 1000
    /// A workout file is a few kilobytes; a larger one is not read.
    public static let maximumFileBytes = 1 << 20
    /// Repeats inside repeats: one level is what people write, a few more are allowed.
    public static let maximumNesting = 4

    public init(name: String, format: String, items: [WorkoutItem]) {
        self.name = name
        self.format = format
        self.items = items
    }

    /// Every step in the order it is done, repeats unrolled.
    public var steps: [WorkoutStep] {
        var out: [WorkoutStep] = []
        for item in items { item.appendSteps(to: &out) }
        return out
    }

    /// The number of steps once unrolled, counted without unrolling them (a hostile file may
    /// say 65535 x 65535), held to `Int.max`.
    public var stepCount: Int {
        items.reduce(0) { total, item in total.addingReportingOverflow(item.stepCount).overflow ? Int.max : total + item.stepCount }
    }

    /// The refusal when the workout has no step or more than `maximumSteps` once unrolled.
    func checkedSize() throws(WorkoutError) -> Workout {
        let count = stepCount
        guard count > 0 else { throw WorkoutError("\(format): the workout has no steps") }
        guard count <= Self.maximumSteps else {
            throw WorkoutError("\(format): the workout unrolls to \(count == Int.max ? "too many" : String(count)) steps; at most \(Self.maximumSteps) are run")
        }
        return self
    }
}
