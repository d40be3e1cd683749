/// One step of the text form, from its words (`WorkoutTextReader` splits the entries):
///
/// - duration: `90s`, `10m` or `10min`, `1h`, `1h30m`, `2m30s`, `1:30` (m:ss), `1:00:00`;
///   distance: `400mtr` (metres: a bare `m` is minutes), `5km`, `2mi`; `open` or `lap` (until
///   the lap button);
/// - target: power `250W`, `250-270W`, `75%` or `75%ftp` (of FTP), `pz2` (power zone 1-7),
///   `ramp 50-75%` (from the first to the second over the step); heart rate `z2` (zone 1-5),
///   `140-150bpm`, `70-80%max`; pace `4:30/km`, `4:30-5:00/km`, `8:00/mi`; speed `30km/h`,
///   `3.5m/s`, `20mph`; cadence `90rpm`, `85-95rpm` (`spm` alike);
/// - `warmup`, `cooldown`, `rest`, `recovery`, `interval`: the kind of step;
/// - `"a name"`.
///
/// A number and its unit may stand apart (`250 W`). Errors say what is wrong, not where: the
/// reader puts the step's number and text in front.
enum WorkoutTextStep {
    static func parse(_ text: String) throws(WorkoutError) -> WorkoutStep {
        var duration: WorkoutDuration?
        var target: WorkoutTarget?
        var intensity = WorkoutIntensity.active
        var name = ""
        var ramp = false
        for word in try words(text) {
            if word.hasPrefix("\"") {
                name = String(word.dropFirst().dropLast())
                continue
            }
            let lower = word.lowercased()
            if lower == "ramp" {
                ramp = true
                continue
            }
            if let kind = intensityWords[lower] {
                intensity = kind
                continue
            }
            if let d = try parseDuration(lower) {
                guard duration == nil else { throw WorkoutError("two durations; a step has one (\(word))") }
                duration = d
                continue
            }
            if let t = try parseTarget(lower) {
                guard target == nil else { throw WorkoutError("two targets; a step has one (\(word))") }
                target = t
                continue
            }
            throw WorkoutError("'\(word)' is neither a duration (10m, 90s, 1:30, 400mtr, 5km, open) nor a target (250W, 75%, z2, 150bpm, 4:30/km, 30km/h, 90rpm)")
        }
        guard let duration else { throw WorkoutError("no duration (10m, 90s, 400mtr, 5km or open)") }
        if ramp {
            guard var t = target, t.scale != .zone else { throw WorkoutError("ramp needs a range to ramp over, such as ramp 50-75% or ramp 100-200W") }
            t.ramp = true
            target = t
        }
        let step = WorkoutStep(duration, target, intensity: intensity, name: name)
        if let problem = step.problem { throw WorkoutError(problem) }
        return step
    }

    static let intensityWords: [String: WorkoutIntensity] = [
        "warmup": .warmup, "warm-up": .warmup, "cooldown": .cooldown, "cool-down": .cooldown, "rest": .rest,
        "recovery": .recovery, "recover": .recovery, "interval": .interval, "active": .active,
    ]

    /// Words split at spaces, a quoted name kept whole, a bare number joined to the unit after it.
    static func words(_ text: String) throws(WorkoutError) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        for c in text {
            if c == "\"" {
                if quoted { words.append("\"" + current + "\""); current = "" } else if !current.isEmpty { words.append(current); current = "" }
                quoted.toggle()
            } else if !quoted && (c == " " || c == "\t") {
                if !current.isEmpty { words.append(current); current = "" }
            } else {
                current.append(c)
            }
        }
        if quoted { throw WorkoutError("a name whose closing \" is missing") }
        if !current.isEmpty { words.append(current) }
        var joined: [String] = []
        for word in words {
            if let last = joined.last, last.allSatisfy(isNumberCharacter), let first = word.first, !isNumberCharacter(first), first != "\"" {
                joined[joined.count - 1] = last + word
            } else {
                joined.append(word)
            }
        }
        return joined
    }

    static func isNumberCharacter(_ c: Character) -> Bool { c.isASCII && (c.isNumber || c == "." || c == ":" || c == "-") }

    /// The word as a duration; nil when it is not one.
    static func parseDuration(_ word: String) throws(WorkoutError) -> WorkoutDuration? {
        if word == "open" || word == "lap" { return .open }
        let (numberText, unit) = split(word)
        if unit.isEmpty, numberText.contains(":") {
            guard let s = clock(numberText) else { throw WorkoutError("'\(word)' is not a time as m:ss or h:mm:ss") }
            return .seconds(s)
        }
        if let metres = ["mtr": 1.0, "km": 1000, "mi": 1609.344][unit] {
            guard let n = plainNumber(numberText) else { throw WorkoutError("'\(word)' is not a distance") }
            return .meters(n * metres)
        }
        // 10m, 90s, 1h30m, 2m30s, 10min: number-unit pairs of hours, minutes and seconds.
        var total = 0.0
        var rest = Substring(word)
        var pairs = 0
        while !rest.isEmpty {
            let digits = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
            rest = rest.dropFirst(digits.count)
            let letters = rest.prefix { $0.isLetter }
            rest = rest.dropFirst(letters.count)
            guard let n = plainNumber(String(digits)), let scale = ["h": 3600.0, "hr": 3600, "m": 60, "min": 60, "s": 1, "sec": 1][String(letters)] else {
                return nil
            }
            total += n * scale
            pairs += 1
        }
        return pairs > 0 ? .seconds(total) : nil
    }

    /// The word as a target; nil when it is not one.
    static func parseTarget(_ word: String) throws(WorkoutError) -> WorkoutTarget? {
        if word.count >= 2, word.hasPrefix("z") || word.hasPrefix("pz") {
            let digits = word.drop { $0.isLetter }
            if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let zone = Double(String(digits)) {
                return WorkoutTarget(word.hasPrefix("z") ? .heartRate : .power, .zone, low: zone, high: zone)
            }
        }
        let (numberText, unit) = split(word)
        guard !numberText.isEmpty else { return nil }
        if numberText.hasPrefix("-") { throw WorkoutError("'\(word)' is a negative target") }
        if unit == "/km" || unit == "/mi" {
            let metres = unit == "/km" ? 1000.0 : 1609.344
            guard let (slow, fast) = span(numberText, clock), slow > 0, fast > 0 else { throw WorkoutError("'\(word)' is not a pace as m:ss\(unit) or m:ss-m:ss\(unit)") }
            return WorkoutTarget(.speed, .absolute, low: metres / max(slow, fast), high: metres / min(slow, fast))
        }
        // Each unit's quantity, scale, and what its number is divided by (100 for a percentage:
        // 70 / 100 is 0.7 exactly, where 70 x 0.01 is not).
        let units: [String: (WorkoutTarget.Quantity, WorkoutTarget.Scale, Double)] = [
            "w": (.power, .absolute, 1), "%": (.power, .ftp, 100), "%ftp": (.power, .ftp, 100),
            "bpm": (.heartRate, .absolute, 1), "%max": (.heartRate, .maxHeartRate, 100), "%hrmax": (.heartRate, .maxHeartRate, 100),
            "m/s": (.speed, .absolute, 1), "km/h": (.speed, .absolute, 3.6), "kph": (.speed, .absolute, 3.6),
            "mph": (.speed, .absolute, 3600 / 1609.344), "rpm": (.cadence, .absolute, 1), "spm": (.cadence, .absolute, 1),
        ]
        guard let (quantity, scale, divisor) = units[unit] else { return nil }
        guard let (low, high) = span(numberText, plainNumber) else { throw WorkoutError("'\(word)' is not a number or a range such as 250-270\(unit)") }
        return WorkoutTarget(quantity, scale, low: low / divisor, high: high / divisor)
    }

    /// `250-270` as (250, 270), `250` as (250, 250), each part read by `read`.
    static func span(_ text: String, _ read: (String) -> Double?) -> (Double, Double)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2, let low = read(String(parts[0])), let high = read(String(parts[parts.count - 1])) else { return nil }
        return (low, high)
    }

    /// The leading digits, dots, colons and dashes, and the rest (the unit).
    static func split(_ word: String) -> (String, String) {
        let number = word.prefix(while: isNumberCharacter)
        return (String(number), String(word.dropFirst(number.count)))
    }

    /// A decimal number, digits and at most one dot.
    static func plainNumber(_ text: String) -> Double? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) else { return nil }
        return XMLNumber.parse(text)
    }

    /// `m:ss` or `h:mm:ss` in seconds.
    static func clock(_ text: String) -> Double? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3 else { return nil }
        var total = 0.0
        for (k, part) in parts.enumerated() {
            guard let n = plainNumber(String(part)), k == 0 || n < 60 else { return nil }
            total = total * 60 + n
        }
        return total
    }
}
