/// The kind a course file's words name: GPX has no list of kinds, so a waypoint's `type` or
/// `sym` is whatever its writer chose ("Left", "Summit", "Drinking Water", "slight_left"), and
/// TCX's `PointType` is meant to be the schema's but is sometimes cased otherwise.
extension CourseCueKind {
    /// The kind whose Pacer name or TCX name `text` is, ignoring case and reading spaces and
    /// hyphens as underscores ("Slight Left", "U-Turn", "FIRST AID"); nil when none is.
    public static func named(_ text: String) -> CourseCueKind? {
        let key = normalizedName(text)
        guard !key.isEmpty else { return nil }
        return all.first { kind in kind.name == key || kind.tcx.map { normalizedName($0) } == key }
    }

    /// Lowercased ASCII, spaces and hyphens as underscores, outer white space dropped.
    static func normalizedName(_ text: String) -> String {
        var out: [UInt8] = []
        for c in text.utf8 {
            switch c {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): out.append(c | 0x20)
            case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "-"): out.append(UInt8(ascii: "_"))
            default: out.append(c)
            }
        }
        var start = 0
        var end = out.count
        while start < end && out[start] == UInt8(ascii: "_") { start += 1 }
        while end > start && out[end - 1] == UInt8(ascii: "_") { end -= 1 }
        return String(decoding: out[start..<end], as: UTF8.self)
    }
}
