/// The one JSON form of a summary, shared by `pacerctl replay --json`, `sessions --json` and
/// `show`, so that history prints exactly what replay printed: the id and activity, then every
/// metric row (`SessionSummary.metrics`) with its key (the names docs/design.md lists).
extension SessionSummary {
    public func writeJSON(into w: inout JSONWriter) {
        w.beginObject()
        w.key("id"); w.value(id)
        w.key("activity"); w.value(activity.rawValue)
        SessionMetric.writeJSON(SessionSummary.metrics, of: self, activity: activity, into: &w)
        w.endObject()
    }

    /// The summary as one JSON document (no trailing newline).
    public var json: String {
        var w = JSONWriter(capacity: 1024)
        writeJSON(into: &w)
        return String(decoding: w.bytes, as: UTF8.self)
    }
}

extension SegmentSummary {
    /// `activity` says whether the cadence is a crank's (ride: rpm) or steps' (spm).
    public func writeJSON(activity: Activity, into w: inout JSONWriter) {
        w.beginObject()
        SessionMetric.writeJSON(SegmentSummary.metrics, of: self, activity: activity, into: &w)
        w.endObject()
    }
}

extension SessionMetric {
    /// The keys and values of `target`'s rows, in table order.
    static func writeJSON(_ table: [SessionMetric], of target: Target, activity: Activity, into w: inout JSONWriter) {
        for row in table {
            var json = row.json
            if case let .whenPresent(inner)? = json {
                guard row.isPresent(in: target) else { continue }
                json = inner
            }
            switch (json, row.value) {
            case let (.number(key, decimals)?, .double(get, _)): w.key(key); w.value(get(target), decimals: decimals)
            case let (.number(key, _)?, .integer(get, _)): w.key(key); w.value(get(target))
            case let (.time(key)?, .time(get, _)): w.key(key); w.value(get(target))
            case let (.numbers(key, decimals)?, .doubles(get, _)):
                w.key(key)
                if let values = get(target) {
                    w.beginArray()
                    for v in values { w.value(v, decimals: decimals) }
                    w.endArray()
                } else {
                    w.null()
                }
            case let (.cadence(_, decimals)?, .double(get, _)):
                let v = get(target), keys = row.keys
                w.key(keys[0]); w.value(activity == .ride ? nil : v, decimals: decimals)
                w.key(keys[1]); w.value(activity == .ride ? v : nil, decimals: decimals)
            case let (.flag(key)?, .integer(get, _)): w.key(key); w.value(get(target) != nil)
            case let (.string(key)?, .text(get, _)): w.key(key); w.value(get(target))
            case let (.segments(key)?, .segments(get, _)):
                w.key(key)
                w.beginArray()
                for s in get(target) { s.writeJSON(activity: activity, into: &w) }
                w.endArray()
            case let (.workoutSteps(key)?, .doubles(get, _)):
                w.key(key)
                w.beginArray()
                for step in get(target).flatMap(WorkoutStepSummary.unflatten) ?? [] { step.writeJSON(into: &w) }
                w.endArray()
            case (nil, _): continue
            default: preconditionFailure("metric \(row.name): its JSON form does not fit its value")
            }
        }
    }
}

extension SessionMetric {
    /// Whether `target` has a value in this row (a list of segments always has one).
    func isPresent(in target: Target) -> Bool {
        switch value {
        case let .double(get, _): get(target) != nil
        case let .integer(get, _): get(target) != nil
        case let .doubles(get, _): get(target) != nil
        case let .time(get, _): get(target) != nil
        case let .text(get, _): get(target) != nil
        case .segments: true
        }
    }
}
