// The `extremes` target of inputs-fuzz: journals that are valid to the last CRC and record, whose
// values are the limits of each field. The input only chooses: how many sessions, samples,
// laps and events, which are left open for resume, and for every field one value of a table of
// extremes (NaN, ±infinity, ±1e308, Int64.min/max, zero and negative durations, huge counts,
// times before year 0 and after 9999). The project's own encoder writes them, so every reader,
// exporter, text and statistic behind the decoders sees them (fuzzJournal's random payloads
// rarely get past the record decoders).

/// Reads the input as a stream of choices; past its end every choice is the first entry.
struct ExtremePicker {
    let input: [UInt8]
    var at = 0

    mutating func byte() -> Int {
        defer { at += 1 }
        return at < input.count ? Int(input[at]) : 0
    }

    mutating func pick<T>(_ table: [T]) -> T { table[byte() % table.count] }

    static let doubles: [Double] = [0, 3.5, -1, .nan, .infinity, -.infinity, 1e308, -1e308, .leastNonzeroMagnitude, -0.0,
                                    9.3e18, -9.3e18, 1e15, 86_400, 4e9, 65_535.5]
    static let integers: [Int] = [0, 150, -1, .min, .max, .min + 1, .max - 1, Int(Int32.max), Int(Int32.min), 65_536, 1_000_000_000_000]
    static let times: [Int64] = [1_790_000_000_000, 0, -1, .min, .max, .min + 1, .max - 1, -86_400_001, 253_402_300_800_000,
                                 -62_167_219_200_001, 7_258_118_399_999, 1_790_000_000_000 - 86_400_000]
    static let ids: [UInt64] = [1, 2, 0, 1 << 63, .max, (1 << 63) - 1, 3]

    mutating func double() -> Double { pick(Self.doubles) }
    mutating func optionalDouble() -> Double? { byte() % 4 == 0 ? nil : double() }
    mutating func integer() -> Int { pick(Self.integers) }
    mutating func optionalInteger() -> Int? { byte() % 4 == 0 ? nil : integer() }
    mutating func time() -> UTCTime { UTCTime(millisecondsSinceEpoch: pick(Self.times)) }
    mutating func optionalTime() -> UTCTime? { byte() % 4 == 0 ? nil : time() }

    mutating func segment() -> SegmentSummary {
        var s = SegmentSummary(index: integer(), start: optionalTime(), elapsedSeconds: double(), movingSeconds: double(),
                               distanceMeters: double(), averageSpeed: optionalDouble(), heartRateAverage: optionalDouble(),
                               cadenceAverage: optionalDouble(), elevationGain: optionalDouble())
        (s.powerAverage, s.powerMax, s.powerNormalized) = (optionalDouble(), optionalInteger(), optionalDouble())
        return s
    }

    mutating func summary(_ activity: Activity) -> SessionSummary {
        var s = SessionSummary(activity: activity, start: optionalTime(), end: optionalTime(), elapsedSeconds: double(),
                               movingSeconds: double(), distanceMeters: double(), averageSpeed: optionalDouble(),
                               maxSpeed: optionalDouble(), elevationGain: optionalDouble(), elevationLoss: optionalDouble(),
                               heartRateAverage: optionalDouble(), heartRateMax: optionalInteger(),
                               heartRateZoneSeconds: byte() % 2 == 0 ? nil : (0..<5).map { _ in double() },
                               steps: optionalInteger(), cadenceAverage: optionalDouble(), calories: optionalDouble(),
                               rmssd: optionalDouble(), trimp: optionalDouble(), interrupted: byte() % 2 == 1)
        (s.powerAverage, s.powerMax, s.powerNormalized) = (optionalDouble(), optionalInteger(), optionalDouble())
        s.laps = (0..<(byte() % 4)).map { _ in segment() }
        s.splits = (0..<(byte() % 3)).map { _ in segment() }
        return s
    }

    mutating func sample() -> SessionSample {
        SessionSample(time: time(), latitude: optionalDouble(), longitude: optionalDouble(), altitudeMSL: optionalDouble(),
                      speed: optionalDouble(), distanceMeters: double(), heartRate: optionalInteger(),
                      rrIntervals: (0..<(byte() % 3)).map { _ in UInt16(truncatingIfNeeded: integer()) },
                      cadence: optionalDouble(), steps: optionalInteger(), power: optionalInteger())
    }
}

func fuzzJournalExtremes(_ input: [UInt8]) {
    var p = ExtremePicker(input: input)
    var segment = JournalFormat.segmentHeader(number: 1)
    var encoder = JournalEncoder()
    for _ in 0..<(1 + p.byte() % 3) {
        let activity = p.pick(Activity.allCases)
        encoder.start(id: p.pick(ExtremePicker.ids), activity: activity, start: p.time(), config: "", into: &segment)
        for _ in 0..<(p.byte() % 6) { encoder.append(sample: p.sample()) }
        encoder.flushSamples(into: &segment)
        for _ in 0..<(p.byte() % 3) {
            switch p.byte() % 4 {
            case 0: encoder.append(event: .lap(time: p.time(), number: p.integer()), into: &segment)
            case 1: encoder.append(event: .pause(time: p.time(), automatic: p.byte() % 2 == 0), into: &segment)
            case 2: encoder.append(event: .resume(time: p.time()), into: &segment)
            default: encoder.reopened(at: p.time(), into: &segment)
            }
        }
        for _ in 0..<(p.byte() % 4) { encoder.append(sample: p.sample()) }
        encoder.flushSamples(into: &segment)
        // One session in four stays open, the journal's last: resume takes it, as pacerd does at start.
        guard p.byte() % 4 != 0 else { break }
        encoder.end(summary: p.summary(activity), into: &segment)
    }
    for session in readSegment(segment, resumeOpen: true) {
        let summary = session.effectiveSummary
        for units in [RecordingSettings.Units.metric, .imperial] { _ = summary.humanText(units: units) }
        var w = JSONWriter()
        summary.writeJSON(into: &w)
        precondition((try? JSONValue.parse(w.bytes)) != nil, "unparsable summary \(String(decoding: w.bytes, as: UTF8.self))")
    }
}
