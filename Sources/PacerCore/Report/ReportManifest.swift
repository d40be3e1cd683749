/// What a report folder was made from, so the next run rewrites only the session pages whose
/// input changed: one fingerprint for the options every page depends on (units, clock, the
/// outbox, the report's own version) and one per session over its index row (where it is in
/// the journal and its totals, which a later summary replaces) and its sets.
///
/// FILE (`DIR/.pacer-report`), text, one entry a line: `options HEX`, then `ID HEX` per
/// session page; `#` starts a comment; a line that does not read is ignored (its page is just
/// made again).
public struct ReportManifest: Equatable, Sendable {
    public static let fileName = ".pacer-report"
    /// Bump when the pages change shape: every page is made again.
    public static let version = "report-1"

    public var options: UInt64 = 0
    public var sessions: [UInt64: UInt64] = [:]

    public init() {}

    public init(parsing text: String) {
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ")
            guard parts.count == 2, let value = UInt64(parts[1], radix: 16) else { continue }
            if parts[0] == "options" { options = value } else if let id = UInt64(parts[0]) { sessions[id] = value }
        }
    }

    public var text: String {
        var out = "# pacerctl report: what each page was made from\noptions " + String(options, radix: 16) + "\n"
        for id in sessions.keys.sorted() { out += String(id) + " " + String(sessions[id]!, radix: 16) + "\n" }
        return out
    }

    /// The fingerprint of everything a session page shows that can change.
    public static func fingerprint(_ row: HistoryIndexReader.Row, setCount: Int, lastSetTime: Int64) -> UInt64 {
        var f = FNV1a()
        f.add(row.id); f.add(UInt64(bitPattern: row.start ?? -1)); f.add(row.elapsed); f.add(row.moving); f.add(row.distance)
        f.add(row.calories ?? -1); f.add(UInt64(bitPattern: row.steps ?? -1)); f.add(row.activity.rawValue); f.add(UInt64(row.interrupted ? 1 : 0))
        f.add(UInt64(row.segment)); f.add(row.offset); f.add(row.trimp ?? -1)
        for e in row.bestEfforts { f.add(e ?? -1) }
        f.add(UInt64(setCount)); f.add(UInt64(bitPattern: lastSetTime))
        return f.value
    }

    public static func fingerprint(options: String) -> UInt64 {
        var f = FNV1a()
        f.add(version)
        f.add(options)
        return f.value
    }

}
