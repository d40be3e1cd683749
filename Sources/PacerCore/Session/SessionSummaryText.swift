/// The human form of a summary, as `pacerctl replay` prints it by default (and `show` can):
/// durations as h:mm:ss, pace per km or per mile, unknown values as "-" (and so are values
/// no session can have, read from a damaged journal: `UnitSystem`'s formatters say which).
extension SessionSummary {
    public func humanText(units u: UnitSystem = .metric) -> String {
        var lines: [String] = []
        func row(_ label: String, _ value: String) { lines.append(label.padding(12) + value) }
        row("activity", activity.rawValue)
        // One line or more per metric row that has them (`SessionSummary.metrics`), in table order.
        for metric in SessionSummary.metrics {
            for line in metric.lines {
                if let value = line.value(self, u) { row(line.label, value) }
            }
        }
        for (title, segments) in [("laps", laps), ("splits", splits)] where !segments.isEmpty {
            lines.append("")
            lines.append(title + ":")
            lines.append("  #".padding(6) + "distance".padding(12) + "time".padding(10) + "pace".padding(10) + "hr".padding(6) + "gain")
            for s in segments {
                lines.append(("  \(s.index)").padding(6) + (UnitSystem.fixed(s.distanceMeters / u.metresPerUnit, 2) + " " + u.distanceUnit).padding(12)
                    + UnitSystem.clock(s.movingSeconds).padding(10) + (u.pace(speed: s.averageSpeed) ?? "-").padding(10)
                    + (s.heartRateAverage.map { UnitSystem.fixed($0, 0) } ?? "-").padding(6)
                    + (s.elevationGain.map { UnitSystem.fixed($0, 0) + " m" } ?? "-"))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

private extension String {
    func padding(_ width: Int) -> String { count >= width ? self + " " : self + String(repeating: " ", count: width - count) }
}

extension SessionSummary {
    /// "8 steps, 87 % in target": how many steps ran, and the share of measured time in target.
    var workoutComplianceText: String {
        let steps = workoutSteps ?? []
        let judged = steps.filter { $0.targetLow != nil }
        let measured = judged.reduce(0) { $0 + $1.secondsMeasured }
        let inTarget = judged.reduce(0) { $0 + $1.secondsInTarget }
        return "\(steps.count) steps" + (measured > 0 ? ", " + UnitSystem.fixed(100 * inTarget / measured, 0) + " % in target" : "")
    }

    /// "97.3 % ridden, off it once for 1:25": how much of the course was ridden, and off it.
    var courseProgressText: String {
        let off = courseOffCount ?? 0
        return UnitSystem.fixed(100 * (courseCompleted ?? 0), 1) + " % ridden"
            + (off > 0 ? ", off it " + (off == 1 ? "once" : "\(off) times") + " for " + UnitSystem.clock(courseOffSeconds ?? 0) : "")
    }
}

extension SessionSummary {
    /// `elevation_source` for people.
    static func elevationSourceText(_ source: String) -> String {
        switch source {
        case "dem": "terrain model"
        case "dem+gps": "terrain model, GPS where no tile"
        case "barometer": "barometer"
        default: "GPS"
        }
    }
}
