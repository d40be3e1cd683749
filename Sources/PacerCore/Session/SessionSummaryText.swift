/// The human form of a summary, as `pacerctl replay` prints it by default (and `show` can):
/// durations as h:mm:ss, pace per km or per mile, unknown values as "-".
extension SessionSummary {
    public func humanText(units: RecordingSettings.Units = .metric) -> String {
        let unitLength = units == .metric ? 1000.0 : 1609.344
        let unitName = units == .metric ? "km" : "mi"
        var lines: [String] = []
        func row(_ label: String, _ value: String) { lines.append(label.padding(12) + value) }
        row("activity", activity.rawValue)
        row("start", start?.rfc3339 ?? "-")
        row("end", end?.rfc3339 ?? "-")
        row("elapsed", SessionSummary.clock(elapsedSeconds))
        row("moving", SessionSummary.clock(movingSeconds))
        row("distance", SessionSummary.fixed(distanceMeters / unitLength, 2) + " " + unitName)
        let pace = averageSpeed.flatMap { $0 > 0 ? unitLength / $0 : nil }
        row("avg pace", pace.map { SessionSummary.clock($0) + " /" + unitName } ?? "-")
        row("avg speed", averageSpeed.map { SessionSummary.fixed($0 * 3.6 * 1000 / unitLength, 1) + " " + unitName + "/h" } ?? "-")
        row("max speed", maxSpeed.map { SessionSummary.fixed($0 * 3.6 * 1000 / unitLength, 1) + " " + unitName + "/h" } ?? "-")
        row("elevation", elevationGain.map { "+" + SessionSummary.fixed($0, 0) + " m / -" + SessionSummary.fixed(elevationLoss ?? 0, 0) + " m" } ?? "-")
        row("heart rate", heartRateAverage.map { "avg " + SessionSummary.fixed($0, 0) + ", max " + (heartRateMax.map(String.init) ?? "-") } ?? "-")
        if let zones = heartRateZoneSeconds {
            row("hr zones", zones.enumerated().map { "Z\($0.offset + 1) " + SessionSummary.clock($0.element) }.joined(separator: "  "))
        }
        row("steps", steps.map(String.init) ?? "-")
        row("cadence", cadenceAverage.map { SessionSummary.fixed($0, 0) + (activity == .ride ? " rpm" : " spm") } ?? "-")
        row("energy", calories.map { SessionSummary.fixed($0, 0) + " kcal" } ?? "-")
        if let trimp { row("trimp", SessionSummary.fixed(trimp, 1)) }
        if let rmssd { row("rmssd", SessionSummary.fixed(rmssd, 1) + " ms") }
        for (title, segments) in [("laps", laps), ("splits", splits)] where !segments.isEmpty {
            lines.append("")
            lines.append(title + ":")
            lines.append("  #".padding(6) + "distance".padding(12) + "time".padding(10) + "pace".padding(10) + "hr".padding(6) + "gain")
            for s in segments {
                let p = s.averageSpeed.flatMap { $0 > 0 ? unitLength / $0 : nil }
                lines.append(("  \(s.index)").padding(6) + (SessionSummary.fixed(s.distanceMeters / unitLength, 2) + " " + unitName).padding(12)
                    + SessionSummary.clock(s.movingSeconds).padding(10) + (p.map { SessionSummary.clock($0) } ?? "-").padding(10)
                    + (s.heartRateAverage.map { SessionSummary.fixed($0, 0) } ?? "-").padding(6)
                    + (s.elevationGain.map { SessionSummary.fixed($0, 0) + " m" } ?? "-"))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// h:mm:ss, or m:ss under an hour.
    static func clock(_ seconds: Double) -> String {
        guard let total = seconds.roundedInt() else { return "-" }
        let h = total / 3600, m = total / 60 % 60, s = total % 60
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return h > 0 ? "\(h):\(two(m)):\(two(s))" : "\(m):\(two(s))"
    }

    /// A number with a fixed count of decimals, without Foundation's formatter.
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return "-" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        let whole = Int(scaled / scale)
        var text = (value < 0 && scaled > 0 ? "-" : "") + String(whole)
        if decimals > 0 {
            let fraction = String(Int(scaled) - whole * Int(scale))
            text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        }
        return text
    }
}

private extension String {
    func padding(_ width: Int) -> String { count >= width ? self + " " : self + String(repeating: " ", count: width - count) }
}
