/// Turns a live session into journal frames (pure: the writer decides when bytes hit disk).
///
/// The samples of one group commit go out as one samples record (at the default 1 s commit, one
/// sample): a short frame, and no header byte when the first continues the previous sample
/// (record type 11), keep 1 Hz recording near 14 bytes a second (docs/journal.md, Size).
public struct JournalEncoder: Sendable {
    public private(set) var openID: UInt64?
    private var codec: JournalSampleCodec?
    private var block = ByteWriter(capacity: 256)
    private var blockCount = 0
    /// The format version of the segment the frames go to: it decides their layout.
    public var frameVersion: UInt32

    public init(frameVersion: UInt32 = JournalFormat.version) { self.frameVersion = frameVersion }

    /// Continues an open session found by recovery, from its last sample's delta state.
    public init(resuming id: UInt64, codec: JournalSampleCodec, frameVersion: UInt32 = JournalFormat.version) {
        openID = id
        self.codec = codec
        self.frameVersion = frameVersion
    }

    public var pendingSampleCount: Int { blockCount }

    public mutating func start(id: UInt64, activity: Activity, start: UTCTime, config: String, into out: inout [UInt8]) {
        precondition(openID == nil, "a session is already open")
        JournalRecord.sessionStart(id: id, activity: activity, start: start, config: config).appendFrame(to: &out, version: frameVersion)
        openID = id
        codec = JournalSampleCodec(sessionStart: start)
    }

    /// Buffers a sample (written at the next `flushSamples`).
    public mutating func append(sample: SessionSample) {
        guard codec != nil else { return }
        codec!.encode(sample, into: &block)
        blockCount += 1
    }

    /// Emits buffered samples as one samples record.
    public mutating func flushSamples(into out: inout [UInt8]) {
        guard blockCount > 0 else { return }
        // Format 3 samples run to the end of the payload: no count (a byte a second at 1 Hz); a
        // first sample that continues the previous one (header 0) leaves its header out.
        block.bytes.withUnsafeBytes { raw in
            if raw.first == 0 {
                JournalFrame.append(type: .continuedSamples, payload: UnsafeRawBufferPointer(rebasing: raw.dropFirst()),
                                    version: frameVersion, to: &out)
            } else {
                JournalFrame.append(type: .taggedSamples, payload: raw, version: frameVersion, to: &out)
            }
        }
        block.bytes.removeAll(keepingCapacity: true)
        blockCount = 0
    }

    /// Emits an event after the samples that precede it.
    public mutating func append(event: JournalEvent, into out: inout [UInt8]) {
        flushSamples(into: &out)
        JournalRecord.event(event).appendFrame(to: &out, version: frameVersion)
    }

    public mutating func reopened(at time: UTCTime, into out: inout [UInt8]) {
        guard let id = openID else { return }
        JournalRecord.reopened(id: id, time: time).appendFrame(to: &out, version: frameVersion)
    }

    /// Emits the remaining samples and the session end; the session is closed.
    public mutating func end(summary: SessionSummary, into out: inout [UInt8]) {
        guard let id = openID else { return }
        flushSamples(into: &out)
        JournalRecord.sessionEnd(id: id, summary: summary).appendFrame(to: &out, version: frameVersion)
        openID = nil
        codec = nil
    }
}
