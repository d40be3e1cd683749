/// One decoded journal record other than samples (which `JournalSampleCodec` streams).
public enum JournalRecord: Equatable, Sendable {
    case sessionStart(id: UInt64, activity: Activity, start: UTCTime, config: String)
    case event(JournalEvent)
    case sessionEnd(id: UInt64, summary: SessionSummary)
    case tombstone(id: UInt64, time: UTCTime)
    case reopened(id: UInt64, time: UTCTime)

    /// The record's type byte and payload.
    public var encoded: (JournalRecordType, [UInt8]) {
        var w = ByteWriter(capacity: 64)
        switch self {
        case let .sessionStart(id, activity, start, config):
            w.varint(id); w.u8(SessionSummaryCodec.activityCode(activity))
            w.zigzag(start.millisecondsSinceEpoch); w.string(config)
            return (.sessionStart, w.bytes)
        case let .event(event):
            w.zigzag(event.time.millisecondsSinceEpoch)
            switch event {
            case let .lap(_, number): w.zigzag(Int64(number)); return (.lap, w.bytes)
            case let .pause(_, automatic): w.u8(automatic ? 1 : 0); return (.pause, w.bytes)
            case .resume: return (.resume, w.bytes)
            case let .marker(_, kind, detail): w.string(kind); w.string(detail); return (.event, w.bytes)
            }
        case let .sessionEnd(id, summary):
            w.varint(id); SessionSummaryCodec.encode(summary, into: &w)
            return (.sessionEnd, w.bytes)
        case let .tombstone(id, time):
            w.varint(id); w.zigzag(time.millisecondsSinceEpoch)
            return (.tombstone, w.bytes)
        case let .reopened(id, time):
            w.varint(id); w.zigzag(time.millisecondsSinceEpoch)
            return (.reopened, w.bytes)
        }
    }

    /// Appends the record as a frame in the layout of a segment of format `version`.
    public func appendFrame(to out: inout [UInt8], version: UInt32 = JournalFormat.version) {
        let (type, payload) = encoded
        JournalFrame.append(type: type, payload: payload, version: version, to: &out)
    }

    /// The session id a sessionStart's or a sessionEnd's payload begins with, read without the
    /// rest (a summary is most of a record scan's cost): for scans that need only which
    /// sessions there are. Nil for every other type.
    public static func sessionID(type: JournalRecordType, payload: UnsafeRawBufferPointer) throws -> UInt64? {
        guard type == .sessionStart || type == .sessionEnd else { return nil }
        var r = ByteReader(payload)
        return try sessionID(&r)
    }

    /// A session id as written: 1 up to `JournalFormat.sessionIDs`' end. Beyond it the id is
    /// damage (a journal holds nowhere near 2^53 sessions, and the next id must exist).
    static func sessionID(_ r: inout ByteReader) throws -> UInt64 {
        let id = try r.varint()
        guard JournalFormat.sessionIDs ~= id else { throw ByteReader.Malformed() }
        return id
    }

    /// A time as written: years 1970 to 9999, else damage.
    static func time(_ r: inout ByteReader) throws -> UTCTime { try time(milliseconds: r.zigzag()) }

    /// The check every reader of a time in a record makes (samples, summaries, laps).
    @inline(__always)
    static func time(milliseconds ms: Int64) throws -> UTCTime {
        guard JournalFormat.recordedTimes ~= ms else { throw ByteReader.Malformed() }
        return UTCTime(millisecondsSinceEpoch: ms)
    }

    /// Decodes a verified frame's payload; nil for samples. Throws on a malformed payload.
    public static func decode(type: JournalRecordType, payload: UnsafeRawBufferPointer) throws -> JournalRecord? {
        var r = ByteReader(payload)
        func time() throws -> UTCTime { try Self.time(&r) }
        let record: JournalRecord
        switch type {
        case .samples, .taggedSamples, .continuedSamples: return nil
        case .sessionStart:
            let id = try Self.sessionID(&r)
            guard let activity = SessionSummaryCodec.activity(code: try r.u8()) else { throw ByteReader.Malformed() }
            record = .sessionStart(id: id, activity: activity, start: try time(), config: try r.string())
        case .lap:
            let t = try time()
            record = .event(.lap(time: t, number: Int(clamping: try r.zigzag())))
        case .pause:
            let t = try time()
            record = .event(.pause(time: t, automatic: try r.u8() != 0))
        case .resume: record = .event(.resume(time: try time()))
        case .event:
            let t = try time()
            let kind = try r.string()
            record = .event(.marker(time: t, kind: kind, detail: try r.string()))
        case .sessionEnd:
            let id = try Self.sessionID(&r)
            var summary = try SessionSummaryCodec.decode(&r)
            summary.id = String(id)
            record = .sessionEnd(id: id, summary: summary)
        case .tombstone:
            let id = try Self.sessionID(&r)
            record = .tombstone(id: id, time: try time())
        case .reopened:
            let id = try Self.sessionID(&r)
            record = .reopened(id: id, time: try time())
        }
        guard r.isAtEnd else { throw ByteReader.Malformed() }
        return record
    }
}
