#if canImport(Glibc)
import Glibc
#endif
import PacerCore

/// Appends sessions to a journal directory with group commit, and recovers it on open.
///
/// Durability: frames are built in memory and written + `fdatasync`ed every `commitInterval`
/// seconds of session time (the samples' own times, so a replay frames a session exactly as the
/// daemon did), and at once for every session event (start, lap, pause, resume, end). A write that fails (ENOSPC, EFBIG, EIO) keeps every unwritten byte in memory and is
/// retried at the next commit at the same offset, so a full disk loses nothing and leaves at
/// worst a torn tail that recovery cuts. Committed frames are never rewritten.
public final class JournalWriter {
    public struct Options: Sendable {
        /// Seconds of session time between fdatasyncs while samples flow; SD cards wear with every sync.
        public var commitInterval: Double = 1
        /// A new segment starts at the next session once the current one is larger than this.
        public var segmentLimit: Int = 32 << 20
        /// Leave a session found open by recovery for `resumeRecoveredSession` instead of
        /// closing it as interrupted right away (the daemon resuming after a power cut).
        public var keepRecoveredSessionOpen = false
        /// fdatasync at each commit. Off only for bulk writing that calls `sync()` at its end
        /// (bench data, an offline replay), never for recording.
        public var synchronous = true
        /// A commit that samples make due is sealed at once (its frame is the one an immediate
        /// commit writes, so the bytes do not change) and written and fdatasynced at the next
        /// `writeSealed()`: the daemon calls it at the end of each wake-up, once the watchers
        /// have the epoch's STATE, which would otherwise wait for the card (an SD card's
        /// fdatasync can take tens of milliseconds).
        public var writesSealedLater = false
        public init() {}
    }

    /// What opening found and did.
    public struct Recovery: Sendable {
        public var segments = 0
        /// Bytes cut off the last segment (a torn or damaged tail).
        public var truncatedBytes = 0
        public var scanEnd: JournalScanner.End = .clean
        /// Damaged regions of the last segment that verified frames follow: left in place (they
        /// are not a crash's tail, and readers pass them), so nothing after them is cut.
        public var damagedRegions = 0
        public var damagedBytes = 0
        /// Id of a session that was open; closed as interrupted unless kept for resume.
        public var openSessionID: UInt64?
        public var closedAsInterrupted = false
        /// Segments renamed aside (`JournalDirectory.setAside`), their new paths.
        public var setAside: [String] = []
    }

    public let directory: JournalDirectory
    public let options: Options
    public private(set) var recovery = Recovery()
    /// The last failed commit's error while bytes wait in memory; nil once they are on disk.
    public private(set) var pendingError: SystemError?

    private var file: JournalFile
    private var segmentNumber: UInt32
    /// Bytes of the segment that are written (the next write's offset).
    private var written: Int
    /// The format version in the current segment's header: an older one is not appended to
    /// by a new session (the next session starts a segment of the current version), and the
    /// frames that finish its open session or delete a session take its frame layout.
    private var segmentVersion = JournalFormat.version {
        didSet { encoder.frameVersion = segmentVersion }
    }
    private var pending: [UInt8] = []
    /// `pending` holds a sealed sample commit for `writeSealed()` (`writesSealedLater`).
    private var sealedWaiting = false
    private var encoder = JournalEncoder()
    private var nextID: UInt64 = 1
    /// Session time of the latest sample, and what it was at the last commit.
    private var latestSampleTime: UTCTime?
    private var committedSampleTime: UTCTime?
    private var recovered: (session: JournalSession, codec: JournalSampleCodec)?
    /// `DIR/lock`, held with flock(2) for the writer's lifetime: one writer per journal.
    private var lock: JournalFile
    /// Times the open segment was found deleted and written back (`restoreDeletedSegment`).
    public private(set) var restoredSegments = 0

    public init(directory path: String, options: Options = Options()) throws {
        directory = JournalDirectory(path: path)
        self.options = options
        try directory.create()
        lock = try JournalWriter.lock(path)
        let segments = try directory.segments()
        recovery.segments = segments.count
        if let last = segments.last {
            segmentNumber = last.number
            file = try JournalFile(path: last.path, writable: true)
            written = 0
            try recoverLastSegment(size: last.size)
            if nextID == 1 { nextID = try highestID(before: segments.dropLast()) + 1 }
        } else {
            segmentNumber = 1
            file = try JournalFile(path: directory.segmentPath(1), writable: true, create: true)
            written = 0
            try startSegmentFile()
        }
        if recovered != nil, !options.keepRecoveredSessionOpen { try closeRecoveredSession() }
    }

    private static func lock(_ path: String) throws -> JournalFile {
        let lockFile = try JournalFile(path: path + "/lock", writable: true, create: true)
        guard restartingEINTR({ flock(lockFile.fd, LOCK_EX | LOCK_NB) }) == 0 else {
            throw SystemError("flock \(path)/lock (another writer, e.g. pacerd, has the journal open)", errno: errno)
        }
        return lockFile
    }

    /// The open segment was deleted (its directory removed under a recording daemon): its bytes
    /// live on only in this descriptor, so they are written back where they belong instead of
    /// into a file nobody can reach once the writer closes it. Earlier segments, which no
    /// descriptor holds, are gone with the directory.
    private func restoreDeletedSegment() throws {
        try directory.create()
        lock = try JournalWriter.lock(directory.path)
        let bytes = try file.readAll()
        let fresh = try JournalFile(path: file.path, writable: true, create: true)
        try fresh.truncate(to: 0)
        try fresh.writeAll(bytes, at: 0)
        try fresh.syncData()
        try directory.syncEntries()
        file = fresh
        restoredSegments += 1
        DaemonLog.error("journal: \(file.path) was deleted while open; its \(bytes.count) bytes are written back "
            + "(segments deleted with it that were not open are gone)")
    }

    /// The id of the session being recorded, if any.
    public var openSessionID: String? { encoder.openID.map { String($0) } }

    /// The session recovery found open and kept (`keepRecoveredSessionOpen`), with its samples.
    public var recoveredSession: JournalSession? { recovered?.session }

    // MARK: recording

    /// Starts a session and commits its start record; returns its id.
    @discardableResult
    public func beginSession(activity: Activity, start: UTCTime, config: String = "") throws -> String {
        if recovered != nil { try closeRecoveredSession() }
        if encoder.openID != nil { throw JournalStateError("a session is already open") }
        if written + pending.count > options.segmentLimit || segmentVersion != JournalFormat.version { try rollSegment() }
        if !(JournalFormat.sessionIDs ~= nextID) { try setAsideSegmentsWithoutIDsLeft() }
        let id = nextID
        nextID += 1
        encoder.start(id: id, activity: activity, start: start, config: config, into: &pending)
        latestSampleTime = start
        try commit()
        return String(id)
    }

    /// Buffers a sample; commits when the commit interval has passed. A failed commit is kept
    /// in `pendingError` and retried later: recording goes on.
    public func append(sample: SessionSample) {
        encoder.append(sample: sample)
        latestSampleTime = sample.time
        if let last = committedSampleTime, sample.time.secondsSinceEpoch - last.secondsSinceEpoch >= options.commitInterval {
            if options.writesSealedLater {
                seal()
                sealedWaiting = true
            } else {
                try? commit()
            }
        }
    }

    /// Writes and fdatasyncs the commits `append(sample:)` sealed (`writesSealedLater`); the
    /// samples appended since stay for the next commit, as they would have after an immediate one.
    public func writeSealed() throws {
        guard sealedWaiting else { return }
        try writePending()
    }

    /// Records an event and commits.
    public func append(event: JournalEvent) throws {
        guard encoder.openID != nil else { throw JournalStateError("no session is open") }
        encoder.append(event: event, into: &pending)
        try commit()
    }

    /// Ends the session with the engine's summary and commits.
    public func endSession(summary: SessionSummary) throws {
        guard encoder.openID != nil else { throw JournalStateError("no session is open") }
        encoder.end(summary: summary, into: &pending)
        try commit()
    }

    /// Commits, and fdatasyncs even when `synchronous` is off: the end of a bulk write.
    public func sync() throws {
        try commit()
        try file.syncData()
    }

    /// Writes everything buffered and fdatasyncs. On failure the unwritten bytes stay queued.
    public func commit() throws {
        seal()
        try writePending()
    }

    private func seal() {
        encoder.flushSamples(into: &pending)
        committedSampleTime = latestSampleTime
    }

    private func writePending() throws {
        sealedWaiting = false
        do {
            var done = 0
            defer { if done > 0 { pending.removeFirst(done); written += done } }
            try pending.withUnsafeBytes { raw in
                while done < raw.count {
                    done += try file.writeSome(UnsafeRawBufferPointer(rebasing: raw[done...]), at: written + done)
                }
            }
            if options.synchronous {
                try file.syncData()
                if try file.isUnlinked() { try restoreDeletedSegment() }
            }
            pendingError = nil
        } catch let error as SystemError {
            pendingError = error
            throw error
        }
    }

    /// Bytes waiting in memory for the disk (non-zero after a failed commit).
    public var pendingBytes: Int { pending.count + (encoder.pendingSampleCount > 0 ? 1 : 0) }

    /// Appends a tombstone for session `id` (history stops listing it; its frames stay) and commits.
    public func delete(id: UInt64, at time: UTCTime = JournalWriter.wallClock()) throws {
        JournalRecord.tombstone(id: id, time: time).appendFrame(to: &pending, version: segmentVersion)
        try commit()
    }

    /// Appends events to session `id`, which has ended: a `reopened` record, the events, and a
    /// sessionEnd whose summary supersedes the earlier one, in one commit (`pacerctl set
    /// --journal`). Nothing committed is rewritten.
    public func append(events: [JournalEvent], toEndedSession id: UInt64, summary: SessionSummary, at time: UTCTime) throws {
        guard encoder.openID == nil, recovered == nil else { throw JournalStateError("a session is open") }
        JournalRecord.reopened(id: id, time: time).appendFrame(to: &pending)
        for e in events { JournalRecord.event(e).appendFrame(to: &pending) }
        var s = summary
        s.id = String(id)
        JournalRecord.sessionEnd(id: id, summary: s).appendFrame(to: &pending)
        try commit()
    }

    /// `clock_gettime(CLOCK_REALTIME)` as UTC (for records the user makes, such as tombstones).
    public static func wallClock() -> UTCTime {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return UTCTime(millisecondsSinceEpoch: Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000)
    }

    // MARK: recovery

    /// Closes the session recovery found open, with a summary computed from its samples.
    public func closeRecoveredSession() throws {
        guard let (session, _) = recovered else { return }
        recovered = nil
        var summary = session.effectiveSummary
        summary.interrupted = true
        JournalRecord.sessionEnd(id: session.id, summary: summary).appendFrame(to: &pending, version: segmentVersion)
        recovery.closedAsInterrupted = true
        try commit()
    }

    /// Continues the session recovery found open (the daemon restarting mid-run).
    public func resumeRecoveredSession(at time: UTCTime) throws -> String {
        guard let (session, codec) = recovered else { throw JournalStateError("no recovered session") }
        recovered = nil
        encoder = JournalEncoder(resuming: session.id, codec: codec, frameVersion: segmentVersion)
        encoder.reopened(at: time, into: &pending)
        latestSampleTime = time
        try commit()
        return String(session.id)
    }

    private func recoverLastSegment(size: Int) throws {
        if size < JournalFormat.segmentHeaderSize {
            try file.truncate(to: 0)
            recovery.truncatedBytes = size
            try startSegmentFile()
            return
        }
        // Every frame's checksum, and the records that open and close sessions: which session (if
        // any) the crash left open. Samples are delta-coded, so decoding them means walking them
        // all: only the open session's are decoded, below — a segment of closed sessions costs a
        // CRC pass, not a decode of months of samples.
        // No summaries decoded either: a continuation left open is read again from its start below.
        var outline = JournalAssembler(wantSamples: { _ in false }, decodesSummaries: false)
        var lastFrame = 0
        let result = try file.scanSegment(limit: size, skipped: { _ in outline.skipped() }) { type, payload, offset in
            lastFrame = offset
            if !type.holdsSamples { _ = outline.consumeOrSkip(type: type, payload: payload, segment: segmentNumber, offset: offset) }
            return true
        }
        var assembler = outline
        if let open = outline.open {
            assembler = JournalAssembler()
            // Damage inside the open session leaves it no codec: it is closed, not resumed.
            _ = try file.assemble(into: &assembler, segment: segmentNumber, from: open.offset, limit: result.validEnd)
        }
        guard result.end != .badHeader else {
            // Not ours or damaged at the start: set aside for inspection, and the next segment starts.
            recovery.scanEnd = .badHeader
            try setAside(.init(number: segmentNumber, path: file.path, size: size), because: "it does not start with a journal segment header")
            nextID = try highestID(before: try directory.segments()) + 1
            return
        }
        var validEnd = result.validEnd
        segmentVersion = result.version
        recovery.scanEnd = result.end
        (recovery.damagedRegions, recovery.damagedBytes) = (result.gaps, result.skippedBytes)
        // A last frame that verified but does not decode is a torn tail's garbage that passed
        // its CRC (2^-16 for a short frame): cut with the tail. One that frames follow is passed.
        if [outline.lastUndecodable, assembler.lastUndecodable].contains(lastFrame) {
            validEnd = lastFrame
            recovery.scanEnd = .corrupt
        }
        if validEnd < size {
            try file.truncate(to: validEnd)
            try file.syncData()
            recovery.truncatedBytes = size - validEnd
        }
        written = validEnd
        if outline.highestID > 0 { nextID = outline.highestID + 1 }
        if let open = assembler.open, open.isContinuation {
            // An offline append torn before its sessionEnd: the earlier summary is closed again.
            recovered = (open, JournalSampleCodec(sessionStart: open.start))
            recovery.openSessionID = open.id
            try closeRecoveredSession()
        } else if let open = assembler.open, let codec = assembler.openCodec {
            recovered = (open, codec)
            recovery.openSessionID = open.id
        } else if let open = assembler.open {
            // Damage (or an undecodable frame) among its samples: close it from what verified.
            recovered = (open, JournalSampleCodec(sessionStart: open.start))
            recovery.openSessionID = open.id
            if options.keepRecoveredSessionOpen { try closeRecoveredSession() }
        }
    }

    /// Highest session id in earlier segments (newest first; the first that has one wins).
    private func highestID(before segments: some Collection<JournalDirectory.Segment>) throws -> UInt64 {
        for segment in segments.reversed() {
            var highest: UInt64 = 0
            _ = try JournalFile(path: segment.path, writable: false).scanSegment { type, payload, _ in
                if let id = try? JournalRecord.sessionID(type: type, payload: payload) { highest = max(highest, id) }
                return true
            }
            if highest > 0 { return highest }
        }
        return 0
    }

    /// Only a crafted or damaged journal gets here (2^53 sessions): the newest segment holding ids
    /// holds the last one, so it is set aside until the ids the rest hold leave a next one, and
    /// unattended recording goes on instead of failing at every start.
    private func setAsideSegmentsWithoutIDsLeft() throws {
        try commit()
        while !(JournalFormat.sessionIDs ~= nextID) {
            let segments = try directory.segments()
            guard let last = try segments.last(where: { try highestID(before: [$0]) > 0 }) else { nextID = 1; break }
            try setAside(last, because: "its session ids reach \(JournalFormat.sessionIDs.upperBound), the last a journal can hold")
            nextID = try highestID(before: try directory.segments()) + 1
        }
    }

    /// Renames `segment` aside (one log line names it); the one being written is followed by the next.
    private func setAside(_ segment: JournalDirectory.Segment, because reason: String) throws {
        let target = try directory.setAside(segment)
        recovery.setAside.append(target)
        DaemonLog.error("journal: \(segment.path) is set aside as \(target) (never deleted): \(reason)")
        if segment.number == segmentNumber { try rollSegment() }
    }

    private func startSegmentFile() throws {
        try file.writeAll(JournalFormat.segmentHeader(number: segmentNumber), at: 0)
        segmentVersion = JournalFormat.version
        written = JournalFormat.segmentHeaderSize
        try file.syncData()
        try directory.syncEntries()
    }

    private func rollSegment() throws {
        try commit()
        segmentNumber += 1
        file = try JournalFile(path: directory.segmentPath(segmentNumber), writable: true, create: true)
        try file.truncate(to: 0)
        try startSegmentFile()
    }
}

/// A journal call made in the wrong state (e.g. a sample with no open session).
public struct JournalStateError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
