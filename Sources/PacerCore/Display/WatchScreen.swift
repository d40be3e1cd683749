/// Draws `pacerctl watch`'s full-screen view: big time, distance, pace (or speed) and heart
/// rate, then cadence, GPS and sensors, and the latest events. Returns one frame of text with
/// ANSI escapes that redraws in place (cursor home, clear each line to its end).
public struct WatchScreen: Sendable {
    public let report: LiveStateReport
    public var format: MeasurementFormatter { report.format }

    public init(_ preferences: DisplayPreferences) { report = LiveStateReport(preferences) }

    /// Escape sequences around a watch session: the alternate screen, cursor hidden.
    public static let enter = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J"
    public static let leave = "\u{1B}[?25h\u{1B}[?1049l"

    public func frame(_ state: LiveState?, events: [String], connected: Bool, width: Int) -> String {
        var lines: [String] = []
        let title = "pacer · " + (connected ? format.clock(state?.time) : "not connected")
        lines.append("\u{1B}[1m" + title + "\u{1B}[0m")
        lines.append("")
        let s = state?.session
        let timeText = format.duration(s?.elapsedSeconds ?? 0)
        let distText = format.distance(s?.distanceMeters ?? 0)
        let ride = s?.activity == .ride
        let paceText = ride ? format.speed(s?.speed) : format.pace(secondsPerKilometre: s?.paceSecondsPerKilometre)
        let hrText = s?.heartRate.map(String.init) ?? "--"
        let blocks: [(String, String)] = [
            ("TIME", timeText),
            ("DISTANCE \(format.distanceUnit)", distText),
            (ride ? "SPEED \(format.speedUnit)" : "PACE \(format.paceUnit)", paceText),
            ("HEART RATE" + (s?.heartRateZone.map { "  zone \($0)" } ?? ""), hrText),
        ]
        // Two big numbers per row when the terminal is wide enough, else one.
        let perRow = width >= 80 ? 2 : 1
        let column = width / perRow
        var i = 0
        while i < blocks.count {
            let group = Array(blocks[i..<min(i + perRow, blocks.count)])
            lines.append(group.map { pad("\u{1B}[2m" + $0.0 + "\u{1B}[0m", column, visible: $0.0.count) }.joined())
            let rendered = group.map { BigDigitFont.render($0.1) }
            for r in 0..<BigDigitFont.height {
                lines.append(rendered.map { pad($0[r], column, visible: $0[r].count) }.joined())
            }
            lines.append("")
            i += perRow
        }
        if let s {
            lines.append("\(s.activity.rawValue) · \(s.state.rawValue) · lap \(s.lap) · moving \(format.duration(s.movingSeconds))"
                + " · avg " + (ride ? "\(format.speed(s.distanceMeters / max(s.movingSeconds, 1))) \(format.speedUnit)"
                               : "\(format.pace(secondsPerKilometre: s.averagePaceSecondsPerKilometre)) \(format.paceUnit)"))
            lines.append("cadence \(format.integer(s.cadence)) \(ride ? "rpm" : "spm") · steps \(format.integer(s.steps))"
                + " · \(format.integer(s.calories)) kcal · climb \(format.elevation(s.elevationGain)) \(format.elevationUnit)")
        } else {
            lines.append("no session: start one with `pacerctl start`, or just start moving")
            lines.append("")
        }
        lines.append("GPS     " + (state.map { report.gpsText($0.gps) } ?? "--"))
        let sensors = state?.sensors ?? []
        lines.append("sensors " + (sensors.isEmpty ? "none" : sensors.map(report.sensorText).joined(separator: "; ")))
        lines.append("")
        for e in events.suffix(4) { lines.append("\u{1B}[2m" + e + "\u{1B}[0m") }
        // Home, then each line cleared to its end; everything below cleared too.
        return "\u{1B}[H" + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n") + "\u{1B}[J"
    }

    private func pad(_ s: String, _ width: Int, visible: Int) -> String {
        visible >= width ? s : s + String(repeating: " ", count: width - visible)
    }
}
