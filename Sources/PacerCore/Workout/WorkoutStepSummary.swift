/// How one step of the workout went, as the session's summary keeps it (`workout_steps`): when
/// it ran, its target in W, bpm, m/s or rpm (a ramp's from its start to its end value), the
/// seconds the reading was in it and measured at all, and the reading's average. The journal
/// stores the steps as one list of numbers, `stride` a step.
public struct WorkoutStepSummary: Codable, Equatable, Sendable {
    /// 1-based, among the unrolled steps.
    public var step: Int
    /// Seconds from the session's start to the step's start, and the step's length.
    public var start: Double
    public var seconds: Double
    public var quantity: WorkoutTarget.Quantity?
    /// nil without a target, or with one that needs an FTP the config has none of.
    public var targetLow: Double?
    public var targetHigh: Double?
    public var secondsInTarget: Double
    public var secondsMeasured: Double
    public var average: Double?

    /// The steps of a runner's compliance, timed from the session's start; a step still running
    /// ends at `end`.
    static func of(_ compliance: [WorkoutStepCompliance], end: Double) -> [WorkoutStepSummary] {
        compliance.map { c in
            let ranges = [c.resolvedAtStart, c.resolvedAtEnd ?? c.resolvedAtStart].compactMap { $0 }
            return WorkoutStepSummary(step: c.step + 1, start: c.start, seconds: max(0, (c.end ?? end) - c.start),
                                      quantity: c.target?.quantity, targetLow: ranges.map(\.lowerBound).min(),
                                      targetHigh: ranges.map(\.upperBound).max(), secondsInTarget: c.secondsInTarget,
                                      secondsMeasured: c.secondsMeasured, average: c.average)
        }
    }

    /// Numbers a step takes in the journal's list: step, start, seconds, quantity (-1 none, else
    /// its place in `Quantity.allCases`), low, high (-1 none), in target, measured, average (-1 none).
    static let stride = 9

    static func flatten(_ steps: [WorkoutStepSummary]?) -> [Double]? {
        guard let steps else { return nil }
        var out: [Double] = []
        out.reserveCapacity(steps.count * stride)
        for s in steps {
            let quantity = s.quantity.flatMap { WorkoutTarget.Quantity.allCases.firstIndex(of: $0) } ?? -1
            out += [Double(s.step), s.start, s.seconds, Double(quantity), s.targetLow ?? -1, s.targetHigh ?? -1]
            out += [s.secondsInTarget, s.secondsMeasured, s.average ?? -1]
        }
        return out
    }

    /// The steps back from the journal's numbers; a list that is not whole steps, or a step whose
    /// numbers cannot be one (damage), gives none.
    static func unflatten(_ numbers: [Double]) -> [WorkoutStepSummary]? {
        guard numbers.count % stride == 0 else { return nil }
        var out: [WorkoutStepSummary] = []
        var k = 0
        while k < numbers.count {
            let n = numbers[k..<(k + stride)].map { $0 }
            k += stride
            guard let step = n[0].roundedInt(), step >= 1, let q = n[3].roundedInt(), q >= -1, q < WorkoutTarget.Quantity.allCases.count,
                  n[1] >= 0, n[2] >= 0, n[6] >= 0, n[7] >= 0 else { return nil }
            out.append(WorkoutStepSummary(step: step, start: n[1], seconds: n[2], quantity: q < 0 ? nil : WorkoutTarget.Quantity.allCases[q],
                                          targetLow: n[4] < 0 ? nil : n[4], targetHigh: n[5] < 0 ? nil : n[5],
                                          secondsInTarget: n[6], secondsMeasured: n[7], average: n[8] < 0 ? nil : n[8]))
        }
        return out
    }

    /// `3  5:00  250-270 W  avg 262 W  in target 4:41 (94 %)`: one line of `show`.
    public func text() -> String {
        var parts = [String(step), UnitSystem.clock(seconds), targetText]
        if let average = averageText { parts.append("avg " + average) }
        if let inTarget = inTargetText { parts.append("in target " + inTarget) }
        return parts.joined(separator: "  ")
    }

    /// `250-270 W`, `120 W`; the quantity (or `free`) when it has no range.
    public var targetText: String {
        guard let low = targetLow, let high = targetHigh else { return quantity.map { $0.rawValue } ?? "free" }
        return (low == high ? value(low) : value(low) + "-" + value(high)) + " " + (quantity?.unit ?? "")
    }

    /// `262 W`; nil without a reading.
    public var averageText: String? { average.map { value($0) + " " + (quantity?.unit ?? "") } }

    /// `4:41 (94 %)`: the time in target and its share of the time measured; nil when unjudged.
    public var inTargetText: String? {
        guard targetLow != nil, secondsMeasured > 0 else { return nil }
        let share = (secondsInTarget / secondsMeasured * 100).rounded()
        return UnitSystem.clock(secondsInTarget) + " (" + UnitSystem.fixed(share, 0) + " %)"
    }

    private func value(_ v: Double) -> String { UnitSystem.fixed(v, quantity == .speed ? 1 : 0) }

    /// The summary JSON's step: `{"step","start_s","duration_s","kind","target_low","target_high",
    /// "in_target_s","measured_s","avg"}`.
    func writeJSON(into w: inout JSONWriter) {
        w.beginObject()
        w.key("step"); w.value(step)
        w.key("start_s"); w.value(start, decimals: 3)
        w.key("duration_s"); w.value(seconds, decimals: 3)
        w.key("kind"); w.value(quantity?.rawValue)
        w.key("target_low"); w.value(targetLow, decimals: 2)
        w.key("target_high"); w.value(targetHigh, decimals: 2)
        w.key("in_target_s"); w.value(secondsInTarget, decimals: 3)
        w.key("measured_s"); w.value(secondsMeasured, decimals: 3)
        w.key("avg"); w.value(average, decimals: 2)
        w.endObject()
    }
}
