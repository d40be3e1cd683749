/// The COUNTERS reply (`{"cmd":"counters"}`, `pacerctl counters`): what the daemon counted and
/// passed over since it started. A board has no screen: a receiver sending corrupt sentences, a
/// strap sending values no heart produces or a clock that jumps shows here, where a frontend or
/// a person with a shell can see it, instead of only in replay's summary line.
///
/// Each group is one table of keys (`GPSCounters.reportFields` and the others below) that the
/// JSON, its parser and the text for people all read: a new counter is one row.
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

    /// One counter: its JSON key (words joined by `_`, which the text turns into spaces).
    public struct Field<Counters>: Sendable {
        public let key: StaticString
        public let value: WritableKeyPath<Counters, Int> & Sendable

        /// The key for people: `bad_checksums` reads "bad checksums".
        var label: String { String(key.description.map { $0 == "_" ? " " : $0 }) }
    }

    public var line: [UInt8] {
        var w = JSONWriter(capacity: 1024)
        w.beginObject()
        w.key("class"); w.value("COUNTERS")
        w.key("gps"); Self.write(gps, GPSCounters.reportFields, into: &w)
        w.key("recorder"); Self.write(recorder, RecorderCounters.reportFields, into: &w)
        w.key("filter"); Self.write(filter, PositionFilterCounters.reportFields, into: &w)
        w.endObject()
        w.endLine()
        return w.takeBytes()
    }

    /// Decodes a COUNTERS object (pacerctl's side); nil when it is not one. A counter the reply
    /// lacks (an older daemon) stays 0.
    public init?(json: JSONValue) {
        guard json["class"]?.string == "COUNTERS" else { return nil }
        self.init()
        Self.read(&gps, GPSCounters.reportFields, from: json["gps"])
        Self.read(&recorder, RecorderCounters.reportFields, from: json["recorder"])
        Self.read(&filter, PositionFilterCounters.reportFields, from: json["filter"])
    }

    /// The report for people: a heading per group, a counter per line, the numbers aligned.
    public var text: String {
        var out = ""
        func group<C>(_ title: String, _ counters: C, _ fields: [Field<C>]) {
            out += title + "\n"
            for f in fields {
                let number = String(counters[keyPath: f.value])
                out += "  " + f.label + String(repeating: " ", count: max(1, 34 - f.label.count - number.count)) + number + "\n"
            }
        }
        group("GPS (since pacerd started)", gps, GPSCounters.reportFields)
        group("recorder (since pacerd started)", recorder, RecorderCounters.reportFields)
        group("position filter (this or the last session)", filter, PositionFilterCounters.reportFields)
        return out
    }

    /// One group on one line, for a command's stderr: `fixes 2400, fixes without time 0, ...`.
    public static func summary<C>(_ counters: C, _ fields: [Field<C>]) -> String {
        fields.map { $0.label + " \(counters[keyPath: $0.value])" }.joined(separator: ", ")
    }

    private static func write<C>(_ counters: C, _ fields: [Field<C>], into w: inout JSONWriter) {
        w.beginObject()
        for f in fields { w.key(f.key); w.value(counters[keyPath: f.value]) }
        w.endObject()
    }

    private static func read<C>(_ counters: inout C, _ fields: [Field<C>], from json: JSONValue?) {
        for f in fields {
            if let n = json?[f.key.description]?.number, n >= 0, n <= 9e15, n == n.rounded() { counters[keyPath: f.value] = n.clampedInt() }
        }
    }
}

extension GPSCounters {
    public static let reportFields: [CountersReport.Field<GPSCounters>] = [
        .init(key: "bytes_read", value: \.bytesRead),
        .init(key: "sentences", value: \.sentences),
        .init(key: "accepted_sentences", value: \.acceptedSentences),
        .init(key: "bad_checksums", value: \.badChecksums),
        .init(key: "unknown_sentences", value: \.unknownSentences),
        .init(key: "malformed_sentences", value: \.malformedSentences),
        .init(key: "junk_bytes", value: \.junkBytes),
        .init(key: "gpsd_reports", value: \.gpsdReports),
        .init(key: "fixes", value: \.fixes),
        .init(key: "device_losses", value: \.deviceLosses),
        .init(key: "failed_opens", value: \.failedOpens),
        .init(key: "rejected_baud_rates", value: \.rejectedBaudRates),
    ]
}

/// What `pacerctl parse` and `pacerctl replay` decoded (not in the COUNTERS reply: the daemon's
/// GPS source sums these into `GPSCounters` over its connections).
extension NMEACounters {
    public static let reportFields: [CountersReport.Field<NMEACounters>] = [
        .init(key: "sentences", value: \.sentences),
        .init(key: "accepted", value: \.accepted),
        .init(key: "bad_checksums", value: \.badChecksum),
        .init(key: "missing_checksums", value: \.missingChecksum),
        .init(key: "unknown_types", value: \.unknownType),
        .init(key: "proprietary", value: \.proprietary),
        .init(key: "ais", value: \.ais),
        .init(key: "malformed", value: \.malformed),
        .init(key: "truncated", value: \.truncated),
        .init(key: "junk_bytes", value: \.junkBytes),
        .init(key: "fixes", value: \.fixes),
        .init(key: "incomplete_epochs", value: \.incompleteEpochs),
    ]
}

extension RecorderCounters {
    public static let reportFields: [CountersReport.Field<RecorderCounters>] = [
        .init(key: "fixes", value: \.fixes),
        .init(key: "fixes_without_time", value: \.fixesWithoutTime),
        .init(key: "fixes_out_of_order", value: \.fixesOutOfOrder),
        .init(key: "time_jumps", value: \.timeJumps),
        .init(key: "notifications", value: \.notifications),
        .init(key: "malformed_notifications", value: \.malformedNotifications),
        .init(key: "implausible_notifications", value: \.implausibleNotifications),
        .init(key: "other_characteristics", value: \.otherCharacteristics),
    ]
}

extension PositionFilterCounters {
    public static let reportFields: [CountersReport.Field<PositionFilterCounters>] = [
        .init(key: "accepted", value: \.accepted),
        .init(key: "outliers", value: \.outliers),
        .init(key: "no_position", value: \.noPosition),
        .init(key: "duplicates", value: \.duplicates),
        .init(key: "gaps_bridged", value: \.gapsBridged),
        .init(key: "resets", value: \.resets),
    ]
}
