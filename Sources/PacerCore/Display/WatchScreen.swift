/// Draws `pacerctl watch`'s full-screen view: the user's fields (`LiveFieldLayout`; by default
/// big time, distance, pace (or speed) and heart rate, then the session's small values), GPS
/// and sensors, the course being followed, the workout and the trainer, and the latest events.
/// Returns one frame of text with ANSI escapes that redraws in place (cursor home, clear each
/// line to its end).
public struct WatchScreen: Sendable {
    public let report: LiveStateReport
    public let layout: LiveFieldLayout
    public var format: MeasurementFormatter { report.format }

    public init(_ preferences: DisplayPreferences, layout: LiveFieldLayout = .standard) {
        report = LiveStateReport(preferences)
        self.layout = layout
    }

    /// Escape sequences around a watch session: the alternate screen, cursor hidden.
    public static let enter = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J"
    public static let leave = "\u{1B}[?25h\u{1B}[?1049l"

    /// - Parameter lastLap: the latest lap EVENT seen, for the `last_lap_*` fields.
    public func frame(_ state: LiveState?, events: [String], connected: Bool, width: Int, lastLap: LiveEvent? = nil) -> String {
        var lines: [String] = []
        let title = "pacer · " + (connected ? format.clock(state?.time) : "not connected")
        lines.append("\u{1B}[1m" + title + "\u{1B}[0m")
        lines.append("")
        let context = LiveField.Context(state: state, lastLap: lastLap, format: format)
        let s = state?.session
        let shown = layout.items.compactMap { item in LiveField.named(item.field).map { (item, $0) } }
            .filter { s != nil || !$0.1.needsSession }
        let big = shown.filter { $0.0.size == .big }
        // Two big numbers per row when the terminal is wide enough, else one.
        let perRow = width >= 80 ? 2 : 1
        let column = width / perRow
        var i = 0
        while i < big.count {
            let group = Array(big[i..<min(i + perRow, big.count)])
            let labels = group.map { $0.0.showLabel ? $0.1.label(context) : "" }
            lines.append(zip(group, labels).map { pad("\u{1B}[2m" + $0.1 + "\u{1B}[0m", column, visible: $0.1.count) }.joined())
            let rendered = group.map { BigDigitFont.render($0.1.value(context)) }
            for r in 0..<BigDigitFont.height {
                lines.append(zip(group, rendered).map { pad(coloured($1[r], $0.0.colour), column, visible: $1[r].count) }.joined())
            }
            lines.append("")
            i += perRow
        }
        let small = shown.filter { $0.0.size == .small }.map { item, field -> (text: String, visible: Int) in
            let label = item.showLabel ? field.label(context).lowercased() : ""
            let value = field.value(context)
            return ((label.isEmpty ? "" : label + " ") + coloured(value, item.colour), (label.isEmpty ? 0 : label.count + 1) + value.count)
        }
        var line = "", visible = 0
        for part in small {
            if visible > 0, visible + 3 + part.visible > width { lines.append(line); line = ""; visible = 0 }
            if visible > 0 { line += " · "; visible += 3 }
            line += part.text
            visible += part.visible
        }
        if visible > 0 { lines.append(line) }
        if s == nil {
            lines.append("no session: start one with `pacerctl start`, or just start moving")
            lines.append("")
        }
        lines.append("GPS     " + (state.map { report.gpsText($0.gps) } ?? "--"))
        let sensors = state?.sensors ?? []
        lines.append("sensors " + (sensors.isEmpty ? "none" : sensors.map(report.sensorText).joined(separator: "; ")))
        if let course = state?.course { lines.append("course  " + report.courseText(course)) }
        if let workout = state?.workout { lines.append("workout " + report.workoutText(workout)) }
        if let trainer = state?.trainer { lines.append("trainer " + report.trainerText(trainer)) }
        lines.append("")
        for e in events.suffix(4) { lines.append("\u{1B}[2m" + e + "\u{1B}[0m") }
        // Home, then each line cleared to its end; everything below cleared too.
        return "\u{1B}[H" + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n") + "\u{1B}[J"
    }

    private func coloured(_ text: String, _ colour: String?) -> String {
        guard let code = LiveFieldLayout.colourCode(colour) else { return text }
        return "\u{1B}[\(code)m" + text + "\u{1B}[0m"
    }

    private func pad(_ s: String, _ width: Int, visible: Int) -> String {
        visible >= width ? s : s + String(repeating: " ", count: width - visible)
    }
}
