/// The `set` request: `{"cmd":"set","exercise":"Bench Press","muscle":"chest","weight_kg":80,
/// "reps":8}` logs a set, `{"cmd":"set","undo":true}` removes the last one. Types are checked
/// here; the ranges (`StrengthSetEntry.validated`) where the set is logged.
extension ClientRequest {
    static func set(_ document: JSONValue) throws(RequestError) -> ClientRequest {
        if let undo = document["undo"], !undo.isNull {
            guard let flag = undo.bool else { throw RequestError("\"undo\" must be true or false") }
            if flag { return .setUndo }
        }
        guard let exercise = document["exercise"]?.string else { throw RequestError("\"exercise\" must be a string") }
        guard let weight = document["weight_kg"]?.number else { throw RequestError("\"weight_kg\" must be a number") }
        guard let repsValue = document["reps"]?.number, repsValue == repsValue.rounded(), abs(repsValue) <= 1e9 else {
            throw RequestError("\"reps\" must be a whole number")
        }
        var muscle: MuscleGroup?
        if let value = document["muscle"], !value.isNull {
            guard let name = value.string, let m = MuscleGroup(name: name) else {
                throw RequestError("\"muscle\" must be one of \(MuscleGroup.names)")
            }
            muscle = m
        }
        return .set(StrengthSetEntry(exercise: exercise, muscle: muscle, weightKilograms: weight, reps: repsValue.clampedInt(.towardZero)))
    }

    static func write(_ entry: StrengthSetEntry, into w: inout JSONWriter) {
        w.key("exercise"); w.value(entry.exercise)
        if let m = entry.muscle { w.key("muscle"); w.value(m.rawValue) }
        w.key("weight_kg"); w.value(entry.weightKilograms, decimals: 3)
        w.key("reps"); w.value(entry.reps)
    }
}

/// The ACK of a `set`: the set as logged, with its number, heart rate and rest.
public enum StrengthSetReply {
    public static func line(_ set: StrengthSet, session: String?) -> [UInt8] {
        var w = JSONWriter(capacity: 192)
        w.beginObject()
        w.key("class"); w.value("ACK")
        w.key("cmd"); w.value("set")
        if let session { w.key("session"); w.value(session) }
        w.key("set"); w.value(set.number)
        w.key("exercise"); w.value(set.exercise)
        w.key("muscle"); w.value(set.muscle?.rawValue)
        w.key("weight_kg"); w.value(set.weightKilograms, decimals: 3)
        w.key("reps"); w.value(set.reps)
        w.key("hr_avg"); w.value(set.heartRateAverage)
        w.key("hr_max"); w.value(set.heartRateMax)
        w.key("rest_s"); w.value(set.restSeconds)
        w.endObject()
        w.endLine()
        return w.takeBytes()
    }

    /// The ACK of an undo: which set was removed.
    public static func undoLine(number: Int, session: String?) -> [UInt8] {
        var w = JSONWriter(capacity: 96)
        w.beginObject()
        w.key("class"); w.value("ACK")
        w.key("cmd"); w.value("set")
        if let session { w.key("session"); w.value(session) }
        w.key("undone"); w.value(number)
        w.endObject()
        w.endLine()
        return w.takeBytes()
    }
}
