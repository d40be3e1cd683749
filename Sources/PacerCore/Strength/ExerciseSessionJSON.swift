/// One `strength --json` session object, formatted whole in the writer's room: the
/// listing holds one per exercise and session (20 000 over 100 000 sets), the hot path of
/// `strength --json`. Same form as `JSONWriter` gives: numbers trimmed of trailing zeros.
enum ExerciseSessionJSON {
    /// Where the next byte goes (a struct, so no closure captures and no dynamic exclusivity checks).
    private struct Cursor {
        let p: UnsafeMutablePointer<UInt8>
        var n = 0

        mutating func literal(_ text: StaticString) { n += JSONWriter.encode(text, to: p + n) }

        mutating func integer(_ v: Int) { n += JSONWriter.encode(v, to: p + n) }

        mutating func number(_ v: Double) {
            guard v.isFinite else { literal("null"); return }
            n += JSONWriter.encode(v, trimmed: 3, to: p + n)
        }

        /// `YYYY-MM-DD` (years clamped to 0...9999).
        mutating func date(_ day: Int) {
            let (y, m, d) = UTCTime.civil(fromDays: day)
            let year = min(max(y, 0), 9999)
            let q = p + n
            q[0] = UInt8(48 + year / 1000); q[1] = UInt8(48 + year / 100 % 10); q[2] = UInt8(48 + year / 10 % 10)
            q[3] = UInt8(48 + year % 10); q[4] = UInt8(ascii: "-"); q[5] = UInt8(48 + m / 10); q[6] = UInt8(48 + m % 10)
            q[7] = UInt8(ascii: "-"); q[8] = UInt8(48 + d / 10); q[9] = UInt8(48 + d % 10)
            n += 10
        }
    }

    static func write(_ s: ExerciseSession, into w: inout JSONWriter) {
        w.value(atMost: 320) { buffer in
            var c = Cursor(p: buffer)
            c.literal("{\"session\":\""); c.integer(Int(clamping: s.sessionID))
            c.literal("\",\"date\":\""); c.date(s.day)
            c.literal("\",\"sets\":"); c.integer(s.sets)
            c.literal(",\"top_weight_kg\":"); c.number(s.topWeight)
            c.literal(",\"total_reps\":"); c.integer(s.totalReps)
            c.literal(",\"volume_kg\":"); c.number(s.volume)
            c.literal(",\"e1rm_kg\":"); c.number(s.estimatedOneRepMax)
            c.literal("}")
            return c.n
        }
    }
}
