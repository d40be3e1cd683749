/// Writes a workout as a FIT workout file (file type 5) that Garmin's FIT SDK and devices read:
/// file_id, one `workout`, a `workout_step` per step and a "repeat until steps complete" step
/// after each repeat's steps. FIT has no ramp: a ramp is written as the range it covers.
public enum FITWorkoutWriter {
    /// `timeCreated` is seconds since the FIT epoch (the core reads no clock; 0 is 1989-12-31).
    public static func write(_ workout: Workout, timeCreated: Int64 = 0) -> [UInt8] {
        var rows: [(name: String, values: [Int64?])] = []
        for item in workout.items { append(item, to: &rows) }
        var w = FITMessageWriter()
        w.define(local: 0, global: 0, fields: [(0, .enumeration), (1, .uint16), (2, .uint16), (3, .uint32z), (4, .uint32)])
        w.data(local: 0, [5, 255, 1, 1, timeCreated])   // workout, development manufacturer
        w.define(local: 1, global: 26, fields: [(4, .enumeration), (6, .uint16), (8, .string(textSize([workout.name])))])
        w.data(local: 1, [sport(workout.sport), Int64(rows.count), nil], texts: [workout.name])
        w.define(local: 2, global: 27, fields: [(254, .uint16), (0, .string(textSize(rows.map(\.name)))), (1, .enumeration), (2, .uint32),
                                                (3, .enumeration), (4, .uint32), (5, .uint32), (6, .uint32), (7, .enumeration)])
        for (k, row) in rows.enumerated() {
            w.data(local: 2, [Int64(k), nil] + row.values, texts: [row.name])
        }
        return w.file()
    }

    /// Bytes for the longest of `texts` and its NUL, within FIT's 255 per field.
    static func textSize(_ texts: [String]) -> Int {
        min(255, (texts.map(\.utf8.count).max() ?? 0) + 1)
    }

    static func sport(_ name: String) -> Int64 {
        switch name.lowercased() { case "cycling", "bike", "ride": 2; case "running", "run": 1; default: 0 }
    }

    /// The rows of `item`: duration_type, duration_value, target_type, target_value, low, high, intensity.
    static func append(_ item: WorkoutItem, to rows: inout [(name: String, values: [Int64?])]) {
        switch item {
        case .repeated(let count, let items):
            let from = Int64(rows.count)
            for inner in items { append(inner, to: &rows) }
            rows.append(("", [6, from, 2, Int64(count), nil, nil, nil]))
        case .step(let step):
            let duration: [Int64?]
            switch step.duration {
            case .seconds(let s): duration = [0, FITMessageWriter.scaled(s, 1000)]
            case .meters(let m): duration = [1, FITMessageWriter.scaled(m, 100)]
            case .open: duration = [5, nil]
            }
            rows.append((step.name, duration + target(step.target) + [step.intensity.fitValue]))
        }
    }

    /// target_type, target_value (a zone), custom low and high in FIT's units and offsets.
    static func target(_ target: WorkoutTarget?) -> [Int64?] {
        guard let t = target else { return [2, 0, nil, nil] }
        let type: Int64
        switch t.quantity { case .speed: type = 0; case .heartRate: type = 1; case .cadence: type = 3; case .power: type = 4 }
        if t.scale == .zone { return [type, t.low.roundedInt().map { Int64($0) }, nil, nil] }
        let scale: Double, offset: Double
        switch (t.quantity, t.scale) {
        case (.power, .absolute): (scale, offset) = (1, 1000)
        case (.heartRate, .absolute): (scale, offset) = (1, 100)
        case (.speed, _): (scale, offset) = (1000, 0)
        case (.cadence, _): (scale, offset) = (1, 0)
        default: (scale, offset) = (100, 0)   // % of FTP, % of maximum heart rate
        }
        let low = min(t.low, t.high), high = max(t.low, t.high)
        return [type, 0, FITMessageWriter.scaled(low * scale + offset, 1), FITMessageWriter.scaled(high * scale + offset, 1)]
    }
}
