/// Writes a workout in Pacer's text form (`WorkoutTextReader` reads it back to the same
/// workout): what `pacerctl workout info` shows for each step, and a way to keep a plan that
/// came from a FIT or Zwift file as one line a person can edit.
public enum WorkoutTextWriter {
    public static func write(_ workout: Workout) -> String {
        var out = ""
        if !workout.name.isEmpty { out += "name: \(workout.name)\n" }
        out += workout.items.map(item).joined(separator: "; ")
        return out + "\n"
    }

    static func item(_ item: WorkoutItem) -> String {
        switch item {
        case .step(let s): return step(s)
        case .repeated(let count, let items): return "\(count)x(" + items.map(Self.item).joined(separator: ", ") + ")"
        }
    }

    /// `3m 250-270W`, `10m z2 warmup "Easy"`: the duration, the target, the intensity when it is
    /// not plain work, the name in quotes.
    public static func step(_ s: WorkoutStep) -> String {
        var words = [duration(s.duration)]
        if let t = s.target { words.append(target(t)) }
        if s.intensity != .active { words.append(s.intensity.rawValue) }
        let name = s.name.filter { $0 != "\"" && $0 != "\n" && $0 != "\r" }
        if !name.isEmpty { words.append("\"\(name)\"") }
        return words.joined(separator: " ")
    }

    public static func duration(_ d: WorkoutDuration) -> String {
        switch d {
        case .open: return "open"
        case .meters(let m):
            return m >= 1000 && (m / 1000).rounded() == m / 1000 ? number(m / 1000) + "km" : number(m) + "mtr"
        case .seconds(let s):
            guard let whole = s.roundedInt(), Double(whole) == s else { return number(s) + "s" }
            let h = whole / 3600, m = whole % 3600 / 60, sec = whole % 60
            var text = ""
            if h > 0 { text += "\(h)h" }
            if m > 0 { text += "\(m)m" }
            if sec > 0 || text.isEmpty { text += "\(sec)s" }
            return text
        }
    }

    public static func target(_ t: WorkoutTarget) -> String {
        let prefix = t.ramp ? "ramp " : ""
        func span(_ scale: Double) -> String {
            let low = number(t.low * scale), high = number(t.high * scale)
            return low == high && !t.ramp ? low : low + "-" + high
        }
        switch (t.quantity, t.scale) {
        case (.power, .absolute): return prefix + span(1) + "W"
        case (.power, .ftp): return prefix + span(100) + "%"
        case (.power, _): return "pz" + number(t.low)
        case (.heartRate, .zone): return "z" + number(t.low)
        case (.heartRate, .absolute): return prefix + span(1) + "bpm"
        case (.heartRate, _): return prefix + span(100) + "%max"
        case (.speed, _): return prefix + span(1) + "m/s"
        case (.cadence, _): return prefix + span(1) + "rpm"
        }
    }

    /// Up to three decimals, trailing zeros dropped: 0.755 x 100 reads "75.5", not "75.500".
    static func number(_ v: Double) -> String {
        var text = UnitSystem.fixed(v, 3)
        guard text.contains(".") else { return text }
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
