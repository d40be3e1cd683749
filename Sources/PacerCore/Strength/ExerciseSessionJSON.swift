/// One `strength --json` session object, formatted in a stack buffer and appended whole: the
/// listing holds one per exercise and session (20 000 over 100 000 sets), the hot path of
/// `strength --json`. Same form as `JSONWriter` gives: numbers trimmed of trailing zeros.
enum ExerciseSessionJSON {
    static func write(_ s: ExerciseSession, into w: inout JSONWriter) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 320) { buffer in
            let p = buffer.baseAddress!
            var n = 0
            func literal(_ text: StaticString) {
                text.withUTF8Buffer { for b in $0 { p[n] = b; n += 1 } }
            }
            func integer(_ v: Int) { n += JSONWriter.encode(v, to: p + n) }
            func number(_ v: Double) {
                guard v.isFinite else { literal("null"); return }
                var k = JSONWriter.encode(v, fixed: 3, to: p + n)
                while p[n + k - 1] == UInt8(ascii: "0") { k -= 1 }
                if p[n + k - 1] == UInt8(ascii: ".") { k -= 1 }
                n += k
            }
            literal("{\"session\":\""); n += JSONWriter.encode(Int(clamping: s.sessionID), to: p + n)
            literal("\",\"date\":\""); n += writeDate(s.day, to: p + n)
            literal("\",\"sets\":"); integer(s.sets)
            literal(",\"top_weight_kg\":"); number(s.topWeight)
            literal(",\"total_reps\":"); integer(s.totalReps)
            literal(",\"volume_kg\":"); number(s.volume)
            literal(",\"e1rm_kg\":"); number(s.estimatedOneRepMax)
            literal("}")
            w.value(encoded: UnsafePointer(p), count: n)
        }
    }

    /// `YYYY-MM-DD` (years 0...9999) at `p`; returns the length.
    static func writeDate(_ day: Int, to p: UnsafeMutablePointer<UInt8>) -> Int {
        let (y, m, d) = UTCTime.civil(fromDays: day)
        let year = min(max(y, 0), 9999)
        p[0] = UInt8(48 + year / 1000); p[1] = UInt8(48 + year / 100 % 10); p[2] = UInt8(48 + year / 10 % 10)
        p[3] = UInt8(48 + year % 10); p[4] = UInt8(ascii: "-"); p[5] = UInt8(48 + m / 10); p[6] = UInt8(48 + m % 10)
        p[7] = UInt8(ascii: "-"); p[8] = UInt8(48 + d / 10); p[9] = UInt8(48 + d % 10)
        return 10
    }
}
