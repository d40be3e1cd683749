/// Why one value was refused; the parser adds file, line and key.
struct ConfigValueProblem: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// Typed readers for one config value, each refusing anything it does not fully understand.
struct ConfigValueParser {
    let value: String

    func integer(in range: ClosedRange<Int>) throws -> Int {
        guard let v = Int(value) else { throw ConfigValueProblem("'\(value)' is not an integer") }
        guard range.contains(v) else { throw ConfigValueProblem("\(v) is outside \(range.lowerBound)...\(range.upperBound)") }
        return v
    }

    func number(in range: ClosedRange<Double>) throws -> Double {
        guard let v = Double(value), v.isFinite else { throw ConfigValueProblem("'\(value)' is not a number") }
        guard range.contains(v) else { throw ConfigValueProblem("\(value) is outside \(range.lowerBound)...\(range.upperBound)") }
        return v
    }

    func boolean() throws -> Bool {
        switch value.lowercased() {
        case "true", "yes", "on", "1": return true
        case "false", "no", "off", "0": return false
        default: throw ConfigValueProblem("'\(value)' is not a boolean (true/false)")
        }
    }

    func choice<T: RawRepresentable>(_ type: T.Type) throws -> T where T.RawValue == String, T: CaseIterableNames {
        guard let v = T(rawValue: value.lowercased()) else {
            throw ConfigValueProblem("'\(value)' is not one of \(T.allNames.joined(separator: ", "))")
        }
        return v
    }

    func nonEmpty() throws -> String {
        guard !value.isEmpty else { throw ConfigValueProblem("must not be empty") }
        return value
    }

    func absolutePath() throws -> String {
        guard value.hasPrefix("/") else { throw ConfigValueProblem("'\(value)' is not an absolute path") }
        return value
    }

    func octalMode() throws -> UInt32 {
        guard !value.isEmpty, value.count <= 4, let v = UInt32(value, radix: 8), v <= 0o777 else {
            throw ConfigValueProblem("'\(value)' is not an octal file mode such as 0660")
        }
        return v
    }

    /// `AA:BB:CC:DD:EE:FF`, or `auto` for the first sensor seen (nil).
    func bluetoothAddress() throws -> String? {
        if value.lowercased() == "auto" { return nil }
        let parts = value.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 6, parts.allSatisfy({ $0.count == 2 && UInt8($0, radix: 16) != nil }) else {
            throw ConfigValueProblem("'\(value)' is not a Bluetooth address (AA:BB:CC:DD:EE:FF), an ANT+ device (ant:12345) or auto")
        }
        return value.uppercased()
    }

    /// `ant:N`, an ANT+ device number (1 to 2^20 - 1, as on the device's label); nil for another form.
    func antDeviceNumber() throws -> UInt32? {
        guard value.lowercased().hasPrefix("ant:") else { return nil }
        guard let n = UInt32(value.dropFirst(4)), (1...0xFFFFF).contains(n) else {
            throw ConfigValueProblem("'\(value)' is not an ANT+ device number (ant:1 to ant:1048575)")
        }
        return n
    }

    /// The ANT stick: `off`, `auto` or the absolute path of its tty.
    func antStick() throws -> String {
        let lower = value.lowercased()
        if lower == "off" || lower == "auto" { return lower }
        return try absolutePath()
    }

    /// Five strictly increasing lower bounds in bpm.
    func zoneBounds() throws -> [Int] {
        let parts = value.split(separator: ",").map { PacerConfig.trim($0) }
        guard parts.count == 5 else { throw ConfigValueProblem("needs 5 comma-separated lower bounds, got \(parts.count)") }
        var bounds: [Int] = []
        for part in parts {
            guard let v = Int(part), (30...240).contains(v) else { throw ConfigValueProblem("'\(part)' is not a heart rate in 30...240") }
            if let last = bounds.last, v <= last { throw ConfigValueProblem("bounds must increase (\(last) then \(v))") }
            bounds.append(v)
        }
        return bounds
    }
}

/// Enums that can list their spellings in an error message.
protocol CaseIterableNames {
    static var allNames: [String] { get }
}

extension HeartRateZoneModel: CaseIterableNames {
    static var allNames: [String] { allCases.map(\.rawValue) }
}

extension AthleteProfile.Sex: CaseIterableNames {
    static var allNames: [String] { ["male", "female"] }
}

extension UnitSystem: CaseIterableNames {
    static var allNames: [String] { ["metric", "imperial"] }
}

extension PacerConfig.SensorBackend: CaseIterableNames {
    static var allNames: [String] { ["bluez", "none"] }
}
