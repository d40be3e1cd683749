/// Folds verified journal records, in order, back into sessions.
///
/// Feed it every frame `JournalScanner` accepts; it hands back each session as it completes
/// so a caller can summarise and drop samples as it goes (history over years of 1 Hz data).
public struct JournalAssembler {
    /// The session whose sessionStart (or `reopened`, for a continuation) was seen and whose
    /// sessionEnd was not (yet).
    public private(set) var open: JournalSession?
    /// Ids deleted by tombstones.
    public private(set) var deleted: Set<UInt64> = []
    public private(set) var highestID: UInt64 = 0
    public private(set) var sampleCount = 0
    private var codec: JournalSampleCodec?
    /// What a `reopened` record needs to continue an ended session: small, as there is one per
    /// session in the journal.
    private struct EndedSession {
        var activity: Activity
        var start: UTCTime
        var config: String
        var segment: UInt32
        var offset: Int
    }
    private var ended: [UInt64: EndedSession] = [:]
    /// Their summaries, when kept (apart: a summary is a hundred times larger than the rest).
    private var endedSummaries: [UInt64: SessionSummary] = [:]
    private let wantSamples: (UInt64) -> Bool
    private let tracks: Bool
    private let keepsEndedSummaries: Bool
    private let decodesSummaries: Bool
    /// Damage was passed (`skipped()`) since the last sessionStart: records may have been lost.
    private var afterGap = false
    /// Where the latest record that verified but did not decode was, and how many there were
    /// (`consumeOrSkip`).
    public private(set) var lastUndecodable: Int?
    public private(set) var undecodableRecords = 0
    /// Their payloads' bytes, for a damage report that counts them with the regions passed.
    public private(set) var undecodableBytes = 0

    /// - Parameters:
    ///   - wantSamples: which sessions to decode samples for. The others' samples are walked for
    ///     the delta state alone (`JournalSampleCodec.decodeTrack`: nothing is stored).
    ///   - tracks: the others keep their samples' times and distances (`JournalSession.track`),
    ///     and one that ends without a summary comes back with none, not one summarized from
    ///     samples it does not have: the caller reads it again with its samples (the history
    ///     index's rebuild, for which a whole decode of every sample was most of the cost).
    ///   - keepsEndedSummaries: false when the caller has every ended session's summary already
    ///     (a whole-journal scan keeps them in its index rows): `ended` then holds no summary, so
    ///     a year of sessions is not held twice, and a continuation that breaks off before its
    ///     own sessionEnd comes back with `summary` nil (the earlier summary stands).
    ///   - decodesSummaries: false for an outline that needs only which session is open (crash
    ///     recovery): a sessionEnd's summary, most of the cost of a scan that skips samples, is
    ///     left encoded (its frame's CRC-32C verified it) and the session ends with none.
    public init(wantSamples: @escaping (UInt64) -> Bool = { _ in true }, tracks: Bool = false, keepsEndedSummaries: Bool = true,
                decodesSummaries: Bool = true) {
        self.wantSamples = wantSamples
        self.tracks = tracks
        self.keepsEndedSummaries = keepsEndedSummaries && decodesSummaries
        self.decodesSummaries = decodesSummaries
    }

    /// Ids up to `id` were seen before this scan began (a scan of a journal's tail): a start of
    /// one of them is a copy, not a session.
    public mutating func assumeSeen(through id: UInt64) {
        highestID = max(highestID, id)
    }

    /// The last decoded sample of the open session (the delta state a resumed writer continues
    /// from); nil once damage cut its samples.
    public var openCodec: JournalSampleCodec? { codec }

    /// The scan passed damage (`JournalScanner`'s `skipped`), or starts in the middle of a
    /// segment (a reader going to a session's offset): verified records may be lost before what
    /// follows. The open session's later samples are deltas from lost ones, so they are dropped,
    /// and it keeps what it has; its events and its sessionEnd (whose summary is whole) still
    /// count. Until the next sessionStart, records of no session seen to start are dropped,
    /// except a sessionEnd: its summary alone brings the session back. Without damage those
    /// records stay errors (a writer bug).
    public mutating func skipped() {
        afterGap = true
        codec = nil
    }

    /// `consume`, taking a record that verified but does not decode for damage its CRC missed
    /// (a short frame's CRC-16 passes other damage with 2^-16) or a newer writer's record: it is
    /// passed like a gap (`skipped()`) and its offset kept in `lastUndecodable`, so that a
    /// reader never stops a segment, losing every session after it, on one record.
    public mutating func consumeOrSkip(type: JournalRecordType, payload: UnsafeRawBufferPointer, segment: UInt32, offset: Int) -> JournalSession? {
        do { return try consume(type: type, payload: payload, segment: segment, offset: offset) } catch {
            lastUndecodable = offset
            undecodableRecords += 1
            undecodableBytes += payload.count
            skipped()
            return nil
        }
    }

    /// Applies one record; returns a session that this record completed. Throws on a payload
    /// that verified but does not decode (`consumeOrSkip` passes it like damage).
    public mutating func consume(type: JournalRecordType, payload: UnsafeRawBufferPointer, segment: UInt32, offset: Int) throws -> JournalSession? {
        if type.holdsSamples {
            // Taken out, not copied: a copy shares the lane arrays, and the first sample would
            // copy them again. A record that throws leaves no delta state, as `skipped()` would.
            guard open != nil, var c = codec.take() else {
                if afterGap { return nil }
                throw ByteReader.Malformed()
            }
            var r = ByteReader(payload)
            // Formats 1 and 2 count their samples; format 3 samples run to the payload's end (at
            // least one; a continued record's first sample has no header byte, so may be empty).
            var n = 0
            let keeps = open!.hasSamples, tracking = tracks && !keeps
            if type == .samples {
                let count = try r.count(max: payload.count)
                for _ in 0..<count {
                    let s = try c.decodeV1(&r)
                    if keeps { open!.samples.append(s) }
                    if tracking { open!.track.append(time: s.time, distanceMeters: s.distanceMeters) }
                }
                n = count
            } else {
                var header: UInt8? = nil
                if type == .continuedSamples {
                    header = 0
                } else {
                    guard !r.isAtEnd else { throw ByteReader.Malformed() }
                }
                while header != nil || !r.isAtEnd {
                    if keeps {
                        open!.samples.append(try c.decode(&r, header: header))
                    } else {
                        let s = try c.decodeTrack(&r, header: header)
                        if tracking { open!.track.append(time: s.time, distanceMeters: s.distanceMeters) }
                    }
                    header = nil
                    n += 1
                }
            }
            guard r.isAtEnd else { throw ByteReader.Malformed() }
            codec = c
            sampleCount += n
            return nil
        }
        if type == .sessionEnd && !decodesSummaries, let id = try JournalRecord.sessionID(type: type, payload: payload) {
            return try end(id: id, summary: nil, segment: segment, offset: offset)
        }
        guard let record = try JournalRecord.decode(type: type, payload: payload) else { return nil }
        switch record {
        case let .sessionStart(id, activity, start, config):
            // Ids only grow: the start of one seen before is a copy of frames (a block the file
            // system duplicated), not a session; `consumeOrSkip` passes it, and what follows it
            // up to the next start, like damage.
            guard id > highestID else { throw ByteReader.Malformed() }
            let previous = closeOpenAsInterrupted()
            open = JournalSession(id: id, activity: activity, start: start, config: config,
                                  segment: segment, offset: offset, hasSamples: wantSamples(id))
            codec = JournalSampleCodec(sessionStart: start)
            highestID = max(highestID, id)
            afterGap = false
            return previous
        case let .event(event):
            guard open != nil else {
                if afterGap { return nil }
                throw ByteReader.Malformed()
            }
            open!.events.append(event)
            return nil
        case let .sessionEnd(id, summary):
            var done = try end(id: id, summary: summary, segment: segment, offset: offset)
            if done?.id == id, done?.summary != nil { done?.storedSummary = Self.storedSummary(payload) }
            return done
        case let .tombstone(id, _):
            deleted.insert(id)
            return nil
        case let .reopened(id, time):
            if open == nil, let e = ended[id] {
                // An ended session gains records (a set logged afterwards): until its new
                // sessionEnd, the earlier summary stands.
                var continued = JournalSession(id: id, activity: e.activity, start: e.start, config: e.config,
                                               segment: e.segment, offset: e.offset, hasSamples: false)
                continued.summary = endedSummaries[id]
                continued.isContinuation = true
                open = continued
                codec = JournalSampleCodec(sessionStart: continued.start)
            }
            guard open?.id == id else {
                if afterGap { return nil }
                throw ByteReader.Malformed()
            }
            open!.events.append(.marker(time: time, kind: "reopened", detail: ""))
            return nil
        }
    }

    private mutating func end(id: UInt64, summary: SessionSummary?, segment: UInt32, offset: Int) throws -> JournalSession? {
        guard var session = open, session.id == id else {
            guard afterGap else { throw ByteReader.Malformed() }
            highestID = max(highestID, id)
            // Damage took its sessionStart (or this end's session and the next one's start met
            // in the damage: the open one then ends interrupted and this one is lost).
            if open != nil { return closeOpenAsInterrupted() }
            guard let summary, let start = summary.start else { return nil }
            if let e = ended[id] {
                // A continuation whose `reopened` record was lost: its later summary still counts.
                var continued = JournalSession(id: id, activity: e.activity, start: e.start, config: e.config,
                                               segment: e.segment, offset: e.offset, hasSamples: false)
                continued.summary = summary
                continued.isContinuation = true
                if keepsEndedSummaries { endedSummaries[id] = summary }
                return continued
            }
            open = JournalSession(id: id, activity: summary.activity, start: start, config: "",
                                  segment: segment, offset: offset, hasSamples: false)
            return try end(id: id, summary: summary, segment: segment, offset: offset)
        }
        session.summary = summary
        open = nil
        codec = nil
        ended[id] = EndedSession(activity: session.activity, start: session.start, config: session.config,
                                 segment: session.segment, offset: session.offset)
        if keepsEndedSummaries { endedSummaries[id] = summary }
        return session
    }

    /// A sessionEnd's summary bytes (after the id) when they are the current format: what the
    /// index keeps for it without encoding the decoded summary again.
    private static func storedSummary(_ payload: UnsafeRawBufferPointer) -> [UInt8]? {
        var r = ByteReader(payload)
        guard (try? r.varint()) != nil, !r.isAtEnd, payload[r.offset] == SessionSummaryCodec.version else { return nil }
        return Array(UnsafeRawBufferPointer(rebasing: payload[r.offset...]))
    }

    /// At the end of a segment that is not the live tail, an open session can never continue
    /// (segments start at session boundaries): it is returned closed as interrupted.
    public mutating func endOfSegment(isLast: Bool) -> JournalSession? {
        isLast ? nil : closeOpenAsInterrupted()
    }

    private mutating func closeOpenAsInterrupted() -> JournalSession? {
        guard var session = open else { return nil }
        // A continuation without its sessionEnd keeps the earlier summary; a tracked session
        // has no samples to summarize (its reader reads it again).
        if !(session.isContinuation && session.summary == nil) && !(tracks && !session.hasSamples) {
            session.summary = session.effectiveSummary
        }
        open = nil
        codec = nil
        return session
    }
}
