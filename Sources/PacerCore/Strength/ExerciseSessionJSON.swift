/// One `strength --json` session object, formatted whole in the writer's room: the
/// listing holds one per exercise and session (20 000 over 100 000 sets), the hot path of
/// `strength --json`. Same form as `JSONWriter` gives: numbers trimmed of trailing zeros.
enum ExerciseSessionJSON {
    static func write(_ s: ExerciseSession, into w: inout JSONWriter) {
        w.cursorValue(atMost: 320) { c in
            c.raw("{\"session\":\""); c.integer(Int(clamping: s.sessionID))
            c.raw("\",\"date\":\""); c.day(s.day)
            c.raw("\",\"sets\":"); c.integer(s.sets)
            c.raw(",\"top_weight_kg\":"); c.number(s.topWeight, trimmed: 3)
            c.raw(",\"total_reps\":"); c.integer(s.totalReps)
            c.raw(",\"volume_kg\":"); c.number(s.volume, trimmed: 3)
            c.raw(",\"e1rm_kg\":"); c.number(s.estimatedOneRepMax, trimmed: 3)
            c.raw("}")
        }
    }
}
