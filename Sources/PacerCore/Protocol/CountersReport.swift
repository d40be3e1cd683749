/// The COUNTERS reply (`{"cmd":"counters"}`, `pacerctl counters`): what the daemon counted and
/// passed over since it started. A board has no screen: a receiver sending corrupt sentences, a
/// strap sending values no heart produces or a clock that jumps shows here, where a frontend or
/// a person with a shell can see it, instead of only in replay's summary line.
///
/// Each group is one enum of keys (`GPSCounter` and the others, `CounterKey`) whose cases, named
/// and in order, the JSON, its parser and the text for people all read: a new counter is one case.
public struct CountersReport: Equatable, Sendable {
    /// Everything the GPS source read, over every connection since the daemon started.
    public var gps: GPSCounters
    /// What the session recorder was given (fixes, notifications) since the daemon started.
    public var recorder: RecorderCounters
    /// What the position filter did in the session being recorded, or in the last one.
    public var filter: PositionFilterCounters

    public init(gps: GPSCounters = GPSCounters(), recorder: RecorderCounters = RecorderCounters(),
                filter: PositionFilterCounters = PositionFilterCounters()) {
        self.gps = gps
        self.recorder = recorder
        self.filter = filter
    }

    public var line: [UInt8] {
        var w = JSONWriter(capacity: 1024)
        w.beginObject()
        w.key("class"); w.value("COUNTERS")
        w.key("gps"); Self.write(gps, into: &w)
        w.key("recorder"); Self.write(recorder, into: &w)
        w.key("filter"); Self.write(filter, into: &w)
        w.endObject()
        w.endLine()
        return w.takeBytes()
    }

    /// Decodes a COUNTERS object (pacerctl's side); nil when it is not one. A counter the reply
    /// lacks (an older daemon) stays 0.
    public init?(json: JSONValue) {
        guard json["class"]?.string == "COUNTERS" else { return nil }
        self.init()
        Self.read(&gps, from: json["gps"])
        Self.read(&recorder, from: json["recorder"])
        Self.read(&filter, from: json["filter"])
    }

    /// The report for people: a heading per group, a counter per line, the numbers aligned.
    public var text: String {
        var out = ""
        func group<Key>(_ title: String, _ counters: Counts<Key>) {
            out += title + "\n"
            for key in Key.allCases {
                let label = Self.name(key, joinedBy: " "), number = String(counters[key])
                out += "  " + label + String(repeating: " ", count: max(1, 34 - label.count - number.count)) + number + "\n"
            }
        }
        group("GPS (since pacerd started)", gps)
        group("recorder (since pacerd started)", recorder)
        group("position filter (this or the last session)", filter)
        return out
    }

    /// One group on one line, for a command's stderr: `fixes 2400, fixes without time 0, ...`.
    public static func summary<Key>(_ counters: Counts<Key>) -> String {
        Key.allCases.map { name($0, joinedBy: " ") + " \(counters[$0])" }.joined(separator: ", ")
    }

    /// A counter's name in lower-case words: `badChecksums` is `bad_checksums` for JSON, "bad
    /// checksums" for people.
    private static func name<Key: CounterKey>(_ key: Key, joinedBy separator: Character) -> String {
        var name = ""
        for c in key.rawValue {
            if c.isUppercase { name.append(separator) }
            name += c.lowercased()
        }
        return name
    }

    private static func write<Key>(_ counters: Counts<Key>, into w: inout JSONWriter) {
        w.beginObject()
        for key in Key.allCases { w.key(name(key, joinedBy: "_")); w.value(counters[key]) }
        w.endObject()
    }

    private static func read<Key>(_ counters: inout Counts<Key>, from json: JSONValue?) {
        for key in Key.allCases {
            if let n = json?[name(key, joinedBy: "_")]?.number, n >= 0, n <= 9e15, n == n.rounded() { counters[key] = n.clampedInt() }
        }
    }
}
