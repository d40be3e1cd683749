// libFuzzer entry point over every input Pacer takes from outside other than NMEA and weather:
// PACER_FUZZ picks one target, so one build serves all six runs of fuzz/run.sh.
//
//   gatt     notifications of every characteristic of the sensor table, decoded and driven
//            through a recording SessionRecorder (metrics, live state, journal, exports)
//   journal  segment bytes as read from disk, and CRC-valid frames built from the input, through
//            the scanner, the record decoders, the assembler, resume, the index and the exports
//   extremes journals written by the project's encoder with every field at a limit of its type
//            (JournalExtremes.swift), through the same readers and the summary's text and JSON
//   request  a client's byte stream on pacerd's socket and on the gpsd-compatible port
//   reply    a line from the server, as pacerctl reads greetings, STATE, ACK/ERROR and events
//   config   a configuration file, then a recorder built from it
//
// Built by fuzz/build-inputs.sh with the PacerCore sources; not part of the SwiftPM package.
// Besides crashes, a broken invariant traps: a JSON line Pacer writes that its own parser
// rejects, a live state that does not survive its round trip, a scan that is not a prefix.
#if canImport(Glibc)
import Glibc
#endif

private enum Target: String { case gatt, journal, extremes, request, reply, config }

private let target: Target = getenv("PACER_FUZZ").flatMap { Target(rawValue: String(cString: $0)) } ?? .gatt

/// Characteristics the fuzzer picks from: every one with a decoder, and one without.
private let characteristics: [UInt16] = GATTMeasurement.characteristics.sorted() + [0x2A19, 0xFFFF]

@_cdecl("LLVMFuzzerTestOneInput")
public func inputsFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: data == nil ? 0 : size))
    switch target {
    case .gatt: fuzzGATT(bytes)
    case .journal: fuzzJournal(bytes)
    case .extremes: fuzzJournalExtremes(bytes)
    case .request: fuzzRequest(bytes)
    case .reply: fuzzReply(bytes)
    case .config: fuzzConfig(bytes)
    }
    return 0
}

// MARK: gatt

/// Records of `[selector][length][payload]`: a selector's low bit set makes the record a fix
/// (so the recorder has a timeline and a moving session), else a notification of the
/// characteristic it picks.
private func fuzzGATT(_ input: [UInt8]) {
    let start = UTCTime(millisecondsSinceEpoch: 1_790_000_000_000)
    var recorder = SessionRecorder(settings: .init(config: PacerConfig(), activity: .ride))
    var entries: [JournalEntry] = []
    let emit: (RecorderOutput) -> Void = { if case .journal(let e) = $0 { entries.append(e) } }
    var clock: Int64 = 0
    var i = 0
    var latitude = 48.0
    try? recorder.command(.start(nil), at: InputInstant(recorded: start), emit: emit)
    while i + 2 <= input.count {
        let selector = input[i], length = Int(input[i + 1] & 31)
        let payload = Array(input[(i + 2)..<min(input.count, i + 2 + length)])
        i += 2 + length
        clock += Int64(selector) * 8
        let now = InputInstant(recorded: UTCTime(millisecondsSinceEpoch: start.millisecondsSinceEpoch + clock))
        if selector & 1 == 1 {
            latitude += Double(payload.first ?? 0) * 1e-6
            let fix = GNSSFix(time: now.systemTime, mode: .threeD, latitude: latitude, longitude: 11,
                              altitudeMSL: Double(payload.last ?? 0), speed: Double(selector) / 20,
                              hdop: 0.9, satellitesUsed: 9)
            recorder.fix(fix, at: now, emit: emit)
            continue
        }
        let characteristic = characteristics[Int(selector >> 1) % characteristics.count]
        _ = try? GATTMeasurement(characteristic: characteristic, bytes: payload)
        recorder.notification(characteristic: characteristic, payload: payload, at: now, emit: emit)
        recorder.tick(at: now, emit: emit)
        if selector & 0x0E == 0, let live = recorder.liveState(at: now) {
            roundTrip(LiveState(time: recorder.time(at: now), session: LiveSession(id: "1", start: start, live),
                                gps: LiveGPSState(mode: 3, source: "fuzz"), sensors: []))
        }
    }
    // The payload as a BLE log line: the recorded form of the same notifications.
    _ = try? BLENotification(logLine: String(decoding: input, as: UTF8.self)[...])
    recorder.finish(emit: emit)
    exportRecorded(entries)
}

/// Writes what the recorder journaled as the daemon's journal would, then reads it back.
private func exportRecorded(_ entries: [JournalEntry]) {
    var encoder = JournalEncoder()
    var segment = JournalFormat.segmentHeader(number: 1)
    for entry in entries {
        switch entry {
        case let .begin(activity, start): encoder.start(id: 1, activity: activity, start: start, config: "", into: &segment)
        case .sample(let s): encoder.append(sample: s)
        case .event(let e): encoder.flushSamples(into: &segment); encoder.append(event: e, into: &segment)
        case .end(let summary): encoder.flushSamples(into: &segment); encoder.end(summary: summary, into: &segment)
        case .resumeRecovered, .closeRecovered: break
        }
    }
    encoder.flushSamples(into: &segment)
    let sessions = readSegment(segment, resumeOpen: false)
    // Everything the recorder journaled reads back: one session, closed.
    let began = entries.contains { if case .begin = $0 { true } else { false } }
    precondition(sessions.count == (began ? 1 : 0), "a recorded session does not read back")
}

// MARK: journal

/// Even first byte: the input is a segment's bytes after a valid header (torn and corrupt
/// frames). Odd: records of `[type][length lo][length hi][payload]`, framed with valid CRCs, so
/// the record decoders and the assembler see every shape of payload.
private func fuzzJournal(_ input: [UInt8]) {
    guard let first = input.first else { return }
    var segment = JournalFormat.segmentHeader(number: 1)
    if first & 1 == 0 {
        segment += input.dropFirst()
    } else {
        var i = 1
        while i + 3 <= input.count {
            let type = JournalRecordType(rawValue: input[i] % 12) ?? .event
            let length = Int(input[i + 1]) | Int(input[i + 2] & 3) << 8
            let payload = Array(input[(i + 3)..<min(input.count, i + 3 + length)])
            i += 3 + length
            JournalFrame.append(type: type, payload: payload, version: JournalFormat.version, to: &segment)
        }
    }
    _ = readSegment(segment, resumeOpen: true)
}

/// Scans, assembles, indexes and exports every session of one segment, and resumes the open
/// one as pacerd does at start.
@discardableResult
func readSegment(_ segment: [UInt8], resumeOpen: Bool) -> [JournalSession] {
    var assembler = JournalAssembler()
    var sessions: [JournalSession] = []
    let result = segment.withUnsafeBytes { raw in
        JournalScanner.scan(raw) { type, payload, offset in
            _ = try? JournalRecord.decode(type: type, payload: payload)
            do {
                if let done = try assembler.consume(type: type, payload: payload, segment: 1, offset: offset) { sessions.append(done) }
            } catch { return false }
            return true
        }
    }
    precondition(result.validEnd <= segment.count)
    var entries: [HistoryIndex.Entry] = []
    for session in sessions {
        let export = ExportSession(session)
        _ = CSVWriter.write(export)
        _ = GPXWriter.write(export)
        _ = TCXWriter.write(export)
        _ = FITWriter.write(export)
        _ = StrengthExport.csv(export)
        var summary = session.summary ?? session.effectiveSummary
        summary.id = String(session.id)
        entries.append(.init(summary: summary, id: session.id, segment: 1, offset: UInt64(session.offset),
                             bestEfforts: BestEfforts.fastest(samples: session.samples)))
    }
    let index = HistoryIndex.encode(segments: [.init(number: 1, size: UInt64(segment.count))], entries: entries)
    index.withUnsafeBytes { raw in
        guard let reader = HistoryIndexReader(raw) else { preconditionFailure("an index Pacer wrote does not read back") }
        for i in 0..<entries.count {
            precondition(reader.id(i) == entries[i].id)
            _ = reader.summary(i)
        }
        // What `pacerctl stats` computes from the index.
        for period in HistoryStatistics.Period.allCases { _ = HistoryStatistics.aggregate(reader, by: period) }
    }
    if resumeOpen, let open = assembler.open {
        // As pacerd resumes: its own clocks, whatever times the journal holds.
        var recorder = SessionRecorder(settings: .init(config: PacerConfig(), activity: open.activity))
        let at = InputInstant(monotonic: MonotonicInstant(nanoseconds: 86_400_000_000_000),
                              systemTime: UTCTime(millisecondsSinceEpoch: 1_790_000_000_000))
        recorder.recover(open, at: at, emit: { _ in })
        recorder.tick(at: at, emit: { _ in })
        _ = recorder.liveState(at: at)
        recorder.finish(emit: { _ in })
    }
    return sessions
}

// MARK: request

/// A client's stream, cut into pieces sized by its first byte (as reads split it).
private func fuzzRequest(_ input: [UInt8]) {
    var framer = RequestLineFramer()
    let step = max(1, Int(input.first ?? 1))
    var start = 0
    while start < input.count {
        let piece = Array(input[start..<min(input.count, start + step)])
        start += step
        framer.push(piece) { framed in
            guard case .line(let line) = framed else { return }
            precondition(line.count <= RequestLineFramer.defaultMaximumLength)
            do throws(RequestError) {
                let request = try ClientRequest(line: line)
                _ = request.isControl
                checkParses(ServerReply.ack(command: request.command, session: "1").line)
            } catch {
                checkParses(ServerReply.error(message: error.message).line)
            }
            for request in GPSDCompatRequest.parse(line: line) {
                if case .invalid(let message) = request { checkParses(GPSDCompatReporter.error(message)) }
            }
        }
    }
}

/// A line Pacer writes must be one JSON document its own parser (and so its clients) reads.
func checkParses(_ line: [UInt8]) {
    precondition(line.last == UInt8(ascii: "\n"))
    precondition((try? JSONValue.parse(line.dropLast())) != nil, "unparsable reply \(String(decoding: line, as: UTF8.self))")
}

// MARK: reply

/// What pacerctl does with each line it reads from a server it cannot trust.
private func fuzzReply(_ input: [UInt8]) {
    guard let reply = try? JSONValue.parse(input) else { return }
    let preferences = DisplayPreferences(units: input.count % 2 == 0 ? .metric : .imperial,
                                         twentyFourHour: input.count % 3 == 0, utcOffsetSeconds: 3600)
    if let state = LiveState(json: reply) {
        _ = LiveStateReport(preferences).text(state)
        _ = WatchScreen(preferences).frame(state, events: [], connected: true, width: 80)
        roundTrip(state)
    }
    if let event = LiveEvent(json: reply) { _ = EventText(preferences).line(event) }
    if let server = ServerReply(json: reply) { checkParses(server.line) }
    var writer = JSONWriter()
    writer.value(reply)
    precondition((try? JSONValue.parse(writer.bytes)) != nil)
}

/// A STATE Pacer writes is one its clients read back.
private func roundTrip(_ state: LiveState) {
    var writer = JSONWriter()
    state.write(into: &writer)
    guard let json = try? JSONValue.parse(writer.bytes) else { preconditionFailure("STATE does not parse") }
    precondition(LiveState(json: json) != nil, "STATE does not decode")
}

// MARK: config

private func fuzzConfig(_ input: [UInt8]) {
    guard let config = try? PacerConfig(parsing: String(decoding: input, as: UTF8.self), file: "fuzz.conf") else { return }
    for activity in Activity.allCases {
        var recorder = SessionRecorder(settings: .init(config: config, activity: activity, unattended: config.unattended))
        let t = UTCTime(millisecondsSinceEpoch: 1_790_000_000_000)
        let at = InputInstant(recorded: t)
        try? recorder.command(.start(activity), at: at, emit: { _ in })
        let fix = GNSSFix(time: t, mode: .threeD, latitude: 48, longitude: 11, altitudeMSL: 500, speed: 3, hdop: 1, satellitesUsed: 8)
        recorder.fix(fix, at: at, emit: { _ in })
        recorder.notification(characteristic: 0x2A37, payload: [0x10, 150, 0x00, 0x04], at: at, emit: { _ in })
        recorder.tick(at: at, emit: { _ in })
        recorder.finish(emit: { _ in })
    }
}
