/// One entry of a workout as written: a step, or a block of entries done `count` times
/// (Zwift's IntervalsT, FIT's "repeat until steps complete", the text form's `5x(...)`).
public indirect enum WorkoutItem: Equatable, Sendable {
    case step(WorkoutStep)
    case repeated(count: Int, [WorkoutItem])

    /// Steps once unrolled, held to `Int.max` (a count is checked before anything is unrolled).
    public var stepCount: Int {
        switch self {
        case .step: return 1
        case .repeated(let count, let items):
            var inner = 0
            for item in items {
                let (sum, overflow) = inner.addingReportingOverflow(item.stepCount)
                inner = overflow ? Int.max : sum
            }
            let (product, overflow) = inner.multipliedReportingOverflow(by: max(0, count))
            return overflow ? Int.max : product
        }
    }

    func appendSteps(to out: inout [WorkoutStep]) {
        switch self {
        case .step(let step): out.append(step)
        case .repeated(let count, let items):
            for _ in 0..<max(0, count) {
                for item in items { item.appendSteps(to: &out) }
            }
        }
    }

    /// How deep repeats go inside this entry (a step is 0).
    var nesting: Int {
        guard case .repeated(_, let items) = self else { return 0 }
        return 1 + (items.map(\.nesting).max() ?? 0)
    }
}
