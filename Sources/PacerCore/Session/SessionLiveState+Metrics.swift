/// The live numbers of STATE's `session` object, one row each, in the order STATE gives them:
/// `LiveSession` writes and parses them from this table, and sizes its room from it.
extension SessionLiveState: MetricTable {
    static let cursorKeys = SessionMetric.cursorKeys(metrics)

    public static let metrics: [SessionMetric<SessionLiveState>] = [
        Metric("elapsed s", .double(get: { $0.elapsedSeconds }, set: { $0.elapsedSeconds = $1 }), json: .number("elapsed_s", decimals: 1)),
        Metric("moving s", .double(get: { $0.movingSeconds }, set: { $0.movingSeconds = $1 }), json: .number("moving_s", decimals: 1)),
        Metric("distance m", .double(get: { $0.distanceMeters }, set: { $0.distanceMeters = $1 }), json: .number("distance_m", decimals: 1)),
        Metric("speed m/s", .double(get: { $0.speed }, set: { $0.speed = $1 }), json: .number("speed_mps", decimals: 2)),
        Metric("pace s/km", .double(get: { $0.paceSecondsPerKilometre }, set: { $0.paceSecondsPerKilometre = $1 }),
               json: .number("pace_s_per_km", decimals: 0)),
        Metric("average pace s/km", .double(get: { $0.averagePaceSecondsPerKilometre }, set: { $0.averagePaceSecondsPerKilometre = $1 }),
               json: .number("avg_pace_s_per_km", decimals: 0)),
        Metric("lap", .integer(get: { $0.lap }, set: { $0.lap = $1 }), json: .number("lap")),
        Metric("heart rate", .integer(get: { $0.heartRate }, set: { $0.heartRate = $1 }), json: .number("hr")),
        Metric("heart rate zone", .integer(get: { $0.heartRateZone }, set: { $0.heartRateZone = $1 }), json: .number("hr_zone")),
        Metric("cadence", .double(get: { $0.cadence }, set: { $0.cadence = $1 }), json: .cadence("cadence", decimals: 0)),
        Metric("power W", .double(get: { $0.power }, set: { $0.power = $1 }), json: .number("power_w", decimals: 0)),
        Metric("power 3 s W", .double(get: { $0.power3s }, set: { $0.power3s = $1 }), json: .number("power_3s_w", decimals: 0)),
        Metric("steps", .integer(get: { $0.steps }, set: { $0.steps = $1 }), json: .number("steps")),
        Metric("calories kcal", .double(get: { $0.calories }, set: { $0.calories = $1 }), json: .number("calories_kcal", decimals: 0)),
        Metric("elevation gain m", .double(get: { $0.elevationGain }, set: { $0.elevationGain = $1 }), json: .number("elevation_gain_m", decimals: 1)),
    ]
}

extension SessionMetric {
    /// The `,"key":` literal of each row of `table` (two for a cadence row), made once: a STATE
    /// goes out with every fix.
    static func cursorKeys(_ table: [SessionMetric]) -> [[String]] {
        table.map { row in row.keys.map { ",\"" + $0 + "\":" } }
    }

    /// `,"key":value` for each number row of `table`, into a run of `JSONCursor` (its room is one
    /// field per key of `keys`); `keys` are `cursorKeys(table)`; `activity` says which cadence
    /// key holds the value.
    static func writeNumbers(_ table: [SessionMetric], keys: [[String]], of target: Target, activity: Activity, into o: inout JSONCursor) {
        for (row, keys) in zip(table, keys) {
            switch (row.json, row.value) {
            case let (.number(_, decimals)?, .double(get, _)): o.key(keys[0]); o.number(get(target), trimmed: decimals ?? 0)
            case let (.number?, .integer(get, _)): o.key(keys[0]); o.integer(get(target))
            case let (.cadence(_, decimals)?, .double(get, _)):
                o.key(keys[0]); o.number(activity == .ride ? nil : get(target), trimmed: decimals)
                o.key(keys[1]); o.number(activity == .ride ? get(target) : nil, trimmed: decimals)
            case (nil, _): continue
            default: preconditionFailure("metric \(row.name): not a number row")
            }
        }
    }

    /// Sets `target`'s number rows from `json`; a null or absent value leaves its row unset. False when an
    /// integer row holds something that is not a whole number.
    static func readNumbers(_ table: [SessionMetric], from json: JSONValue, into target: inout Target) -> Bool {
        for row in table {
            switch (row.json, row.value) {
            case let (.number(key, _)?, .double(_, set)): if let v = json[key]?.number { set(&target, v) }
            case let (.number(key, _)?, .integer(_, set)):
                guard let v = json.optionalInteger(key) else { return false }
                if let v { set(&target, v) }
            case let (.cadence?, .double(_, set)):
                if let v = json[row.keys[0]]?.number ?? json[row.keys[1]]?.number { set(&target, v) }
            default: continue
            }
        }
        return true
    }
}
