/// The human form of a summary, as `pacerctl replay` prints it by default (and `show` can):
/// durations as h:mm:ss, pace per km or per mile, unknown values as "-" (and so are values
/// no session can have, read from a damaged journal: `UnitSystem`'s formatters say which).
extension SessionSummary {
    public func humanText(units: RecordingSettings.Units = .metric) -> String {
        let unitLength = units == .metric ? 1000.0 : 1609.344
        let unitName = units == .metric ? "km" : "mi"
        var lines: [String] = []
        func row(_ label: String, _ value: String) { lines.append(label.padding(12) + value) }
        row("activity", activity.rawValue)
        row("start", start?.rfc3339 ?? "-")
        row("end", end?.rfc3339 ?? "-")
        row("elapsed", UnitSystem.clock(elapsedSeconds))
        row("moving", UnitSystem.clock(movingSeconds))
        row("distance", UnitSystem.fixed(distanceMeters / unitLength, 2) + " " + unitName)
        let pace = averageSpeed.flatMap { $0 > 0 ? unitLength / $0 : nil }
        row("avg pace", pace.map { UnitSystem.clock($0) + " /" + unitName } ?? "-")
        row("avg speed", averageSpeed.map { UnitSystem.fixed($0 * 3.6 * 1000 / unitLength, 1) + " " + unitName + "/h" } ?? "-")
        row("max speed", maxSpeed.map { UnitSystem.fixed($0 * 3.6 * 1000 / unitLength, 1) + " " + unitName + "/h" } ?? "-")
        row("elevation", elevationGain.map { "+" + UnitSystem.fixed($0, 0) + " m / -" + UnitSystem.fixed(elevationLoss ?? 0, 0) + " m" } ?? "-")
        row("heart rate", heartRateAverage.map { "avg " + UnitSystem.fixed($0, 0) + ", max " + (heartRateMax.map(String.init) ?? "-") } ?? "-")
        if let zones = heartRateZoneSeconds {
            row("hr zones", zones.enumerated().map { "Z\($0.offset + 1) " + UnitSystem.clock($0.element) }.joined(separator: "  "))
        }
        row("steps", steps.map(String.init) ?? "-")
        row("cadence", cadenceAverage.map { UnitSystem.fixed($0, 0) + (activity == .ride ? " rpm" : " spm") } ?? "-")
        row("energy", calories.map { UnitSystem.fixed($0, 0) + " kcal" } ?? "-")
        if let trimp { row("trimp", UnitSystem.fixed(trimp, 1)) }
        if let rmssd { row("rmssd", UnitSystem.fixed(rmssd, 1) + " ms") }
        for (title, segments) in [("laps", laps), ("splits", splits)] where !segments.isEmpty {
            lines.append("")
            lines.append(title + ":")
            lines.append("  #".padding(6) + "distance".padding(12) + "time".padding(10) + "pace".padding(10) + "hr".padding(6) + "gain")
            for s in segments {
                let p = s.averageSpeed.flatMap { $0 > 0 ? unitLength / $0 : nil }
                lines.append(("  \(s.index)").padding(6) + (UnitSystem.fixed(s.distanceMeters / unitLength, 2) + " " + unitName).padding(12)
                    + UnitSystem.clock(s.movingSeconds).padding(10) + (p.map { UnitSystem.clock($0) } ?? "-").padding(10)
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
