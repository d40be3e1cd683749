/// `pacerctl workout info`: a workout's steps as written (repeats kept), each with its
/// duration or distance and its target, for people and as JSON.
public enum WorkoutInfo {
    public static func text(_ w: Workout) -> String {
        var out = "workout   \(w.name) (\(w.format)\(w.sport.isEmpty ? "" : ", " + w.sport))\n"
        let steps = w.steps
        var seconds = 0.0, meters = 0.0, open = 0
        for s in steps {
            switch s.duration { case .seconds(let v): seconds += v; case .meters(let v): meters += v; case .open: open += 1 }
        }
        var total = ["\(steps.count) steps"]
        if seconds > 0 { total.append(UnitSystem.clock(seconds)) }
        if meters > 0 { total.append(WorkoutTextWriter.number(meters / 1000) + " km") }
        if open > 0 { total.append("\(open) open") }
        out += "total     " + total.joined(separator: ", ") + "\n"
        var number = 0
        for item in w.items { lines(item, indent: "  ", number: &number, into: &out) }
        return out
    }

    static func lines(_ item: WorkoutItem, indent: String, number: inout Int, into out: inout String) {
        switch item {
        case .repeated(let count, let items):
            out += "\(indent)\(count) x\n"
            for inner in items { lines(inner, indent: indent + "    ", number: &number, into: &out) }
        case .step(let s):
            number += 1
            out += "\(indent)\(number)  \(WorkoutTextWriter.step(s))\n"
        }
    }

    public static func json(_ w: Workout) -> String {
        var j = JSONWriter(capacity: 512 + 200 * w.stepCount)
        j.beginObject()
        j.key("name"); j.value(w.name)
        j.key("format"); j.value(w.format)
        j.key("sport"); j.value(w.sport.isEmpty ? nil : w.sport)
        j.key("steps"); j.value(w.stepCount)
        j.key("items"); j.beginArray()
        for item in w.items { write(item, into: &j) }
        j.endArray()
        j.endObject()
        j.endLine()
        return String(decoding: j.takeBytes(), as: UTF8.self)
    }

    static func write(_ item: WorkoutItem, into j: inout JSONWriter) {
        j.beginObject()
        switch item {
        case .repeated(let count, let items):
            j.key("repeat"); j.value(count)
            j.key("items"); j.beginArray()
            for inner in items { write(inner, into: &j) }
            j.endArray()
        case .step(let s):
            j.key("name"); j.value(s.name.isEmpty ? nil : s.name)
            j.key("intensity"); j.value(s.intensity.rawValue)
            j.key("duration_s"); j.value(s.duration.seconds, decimals: 3)
            j.key("distance_m"); j.value(s.duration.meters, decimals: 3)
            j.key("target")
            if let t = s.target {
                j.beginObject()
                j.key("kind"); j.value(t.quantity.rawValue)
                j.key("scale"); j.value(t.scale.rawValue)
                j.key("low"); j.value(t.low, decimals: 4)
                j.key("high"); j.value(t.high, decimals: 4)
                j.key("ramp"); j.value(t.ramp)
                j.key("text"); j.value(WorkoutTextWriter.target(t))
                j.endObject()
            } else {
                j.null()
            }
            j.key("text"); j.value(WorkoutTextWriter.step(s))
        }
        j.endObject()
    }
}
