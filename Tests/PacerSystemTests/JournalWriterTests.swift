import Foundation
import XCTest
import PacerCore
@testable import PacerSystem

/// The journal files on a real file system: group commit, recovery of a torn tail, resuming,
/// and a full disk simulated by the kernel's file-size limit.
final class JournalWriterTests: XCTestCase {
    var dir = ""
    let t0 = UTCTime(rfc3339: "2026-03-01T07:00:00Z")!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("pacer-journal-\(UUID().uuidString)").path
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    func sample(_ i: Int) -> SessionSample {
        SessionSample(time: UTCTime(millisecondsSinceEpoch: t0.millisecondsSinceEpoch + Int64(i) * 1000),
                      latitude: 48.1 + Double(i) * 2e-5, longitude: 11.5 + Double(i) * 3e-5, altitudeMSL: 520,
                      speed: 3, distanceMeters: Double(i) * 3, heartRate: 140 + i % 7, rrIntervals: [430], cadence: 170, steps: i * 3)
    }

    func summary(_ n: Int) -> SessionSummary {
        SessionSummary(activity: .run, start: t0, end: sample(n - 1).time, elapsedSeconds: Double(n), movingSeconds: Double(n),
                       distanceMeters: sample(n - 1).distanceMeters, heartRateAverage: 143, heartRateMax: 146)
    }

    func segmentPath() -> String { JournalDirectory(path: dir).segmentPath(1) }

    func testSessionsRoundTripThroughFilesAndIndex() throws {
        let w = try JournalWriter(directory: dir)
        let id = try w.beginSession(activity: .run, start: t0)
        for i in 0..<100 { w.append(sample: sample(i)) }
        try w.append(event: .lap(time: sample(50).time, number: 2))
        try w.endSession(summary: summary(100))
        XCTAssertEqual(id, "1")
        let history = try JournalHistory(directory: dir)
        XCTAssertTrue(history.rebuilt)
        XCTAssertEqual(history.index.count, 1)
        let session = try XCTUnwrap(try history.session(id: 1))
        XCTAssertEqual(session.samples.count, 100)
        XCTAssertEqual(session.samples[42], JournalSampleCodec.quantized(sample(42)))
        XCTAssertEqual(session.events, [.lap(time: sample(50).time, number: 2)])
        XCTAssertFalse(try JournalHistory(directory: dir).rebuilt, "a matching index is reused")
    }

    /// `JournalHistory(...).index` alone: the history object is gone before the rows are read
    /// (an optimized pacerd crashed on exactly this at start, reading rows from freed memory).
    func testTheIndexOutlivesTheHistoryThatOpenedIt() throws {
        let w = try JournalWriter(directory: dir)
        try w.beginSession(activity: .run, start: t0)
        for i in 0..<20 { w.append(sample: sample(i)) }
        try w.endSession(summary: summary(20))
        for rebuilt in [true, false] {
            weak var opened: JournalHistory?
            let index: HistoryIndexReader = try {
                let history = try JournalHistory(directory: dir)
                XCTAssertEqual(history.rebuilt, rebuilt)
                opened = history
                return history.index
            }()
            XCTAssertNil(opened, "the history object is gone")
            // Reuse what a free would have given back, as the daemon's next allocations do (malloc
            // hands the same size class back first).
            let scribble = (0..<8).map { _ in UnsafeMutableRawBufferPointer.allocate(byteCount: index.bytes.count, alignment: 8) }
            defer { scribble.forEach { $0.deallocate() } }
            for b in scribble { b.initializeMemory(as: UInt8.self, repeating: 0xA5) }
            XCTAssertEqual(index.count, 1)
            XCTAssertEqual(index.row(0).start, t0.millisecondsSinceEpoch)
            XCTAssertEqual(index.summary(0)?.distanceMeters, summary(20).distanceMeters)
        }
    }

    /// The daemon's `writesSealedLater`: a due commit reaches the file only at `writeSealed()`,
    /// and samples appended in between (a burst read at once) are not folded into it: the
    /// segment is byte for byte the one immediate commits write.
    func testSealedCommitsWaitForWriteSealedAndWriteTheSameBytes() throws {
        func record(later: Bool, into path: String, probe: ((Int, Int) -> Void)? = nil) throws -> [UInt8] {
            var options = JournalWriter.Options()
            options.writesSealedLater = later
            options.commitInterval = 2   // so that a burst goes on past the sample that made a commit due
            let w = try JournalWriter(directory: path, options: options)
            try w.beginSession(activity: .run, start: t0)
            let segment = JournalDirectory(path: path).segmentPath(1)
            for burst in stride(from: 0, to: 40, by: 4) {
                for i in burst..<(burst + 4) { w.append(sample: sample(i)) }
                let before = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: segment)[.size] as? Int)
                try w.writeSealed()
                let after = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: segment)[.size] as? Int)
                probe?(before, after)
            }
            try w.endSession(summary: summary(40))
            return Array(try Data(contentsOf: URL(fileURLWithPath: segment)))
        }
        var grew = 0
        let later = try record(later: true, into: dir) { before, after in
            if after > before { grew += 1 }
        }
        let now = try record(later: false, into: dir + "-now")
        defer { try? FileManager.default.removeItem(atPath: dir + "-now") }
        XCTAssertEqual(grew, 10, "every burst of 4 s made a commit due, written by writeSealed alone")
        XCTAssertTrue(later == now, "the segments differ (\(later.count) and \(now.count) bytes)")
    }

    func testTornTailIsCutAndTheOpenSessionClosedAsInterrupted() throws {
        do {
            let w = try JournalWriter(directory: dir)
            try w.beginSession(activity: .run, start: t0)
            for i in 0..<30 { w.append(sample: sample(i)) }
            try w.commit()
        }
        let committed = try FileManager.default.attributesOfItem(atPath: segmentPath())[.size] as! Int
        // A write torn by power loss: the first 7 bytes of a short samples frame of 20 bytes.
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: segmentPath()))
        handle.seekToEndOfFile()
        handle.write(Data([UInt8(0x80 | 20), 0, 0x10, 0, 2, 0xAB, 0xCD]))
        handle.closeFile()

        let w = try JournalWriter(directory: dir)
        XCTAssertEqual(w.recovery.truncatedBytes, 7)
        XCTAssertEqual(w.recovery.scanEnd, .torn)
        XCTAssertEqual(w.recovery.openSessionID, 1)
        XCTAssertTrue(w.recovery.closedAsInterrupted)
        let next = try w.beginSession(activity: .walk, start: sample(100).time)
        XCTAssertEqual(next, "2")
        try w.endSession(summary: summary(5))
        let size = try FileManager.default.attributesOfItem(atPath: segmentPath())[.size] as! Int
        XCTAssertGreaterThan(size, committed)

        let history = try JournalHistory(directory: dir)
        XCTAssertEqual(history.index.count, 2)
        let first = try XCTUnwrap(history.index.summary(0))
        XCTAssertTrue(first.interrupted)
        XCTAssertEqual(first.distanceMeters, sample(29).distanceMeters, accuracy: 0.01)
        XCTAssertEqual(first.elapsedSeconds, 29, accuracy: 0.001)
        XCTAssertEqual(first.heartRateMax, 146)
        XCTAssertFalse(try XCTUnwrap(history.index.summary(1)).interrupted)
    }

    func testTheDaemonCanResumeASessionLeftOpen() throws {
        do {
            let w = try JournalWriter(directory: dir)
            try w.beginSession(activity: .run, start: t0)
            for i in 0..<20 { w.append(sample: sample(i)) }
            try w.commit()
        }
        var options = JournalWriter.Options()
        options.keepRecoveredSessionOpen = true
        let w = try JournalWriter(directory: dir, options: options)
        XCTAssertEqual(w.recoveredSession?.samples.count, 20)
        XCTAssertEqual(try w.resumeRecoveredSession(at: sample(25).time), "1")
        for i in 25..<40 { w.append(sample: sample(i)) }
        try w.endSession(summary: summary(40))
        let session = try XCTUnwrap(try JournalHistory(directory: dir).session(id: 1))
        XCTAssertEqual(session.samples.count, 35)
        XCTAssertEqual(session.samples.last, JournalSampleCodec.quantized(sample(39)))
        XCTAssertFalse(try XCTUnwrap(session.summary).interrupted)
        XCTAssertEqual(session.events, [.marker(time: sample(25).time, kind: "reopened", detail: "")])
    }

    /// The journal directory removed under a recording writer: every commit went to a deleted
    /// file, and the session was gone once the daemon exited. The open segment's bytes live on
    /// in its descriptor: the next commit writes them back, and the journal holds both sessions
    /// whole, the lock held again.
    func testADeletedJournalIsWrittenBackFromTheOpenSegment() throws {
        let w = try JournalWriter(directory: dir)
        try w.beginSession(activity: .run, start: t0)
        for i in 0..<60 { w.append(sample: sample(i)) }
        try w.endSession(summary: summary(60))
        try w.beginSession(activity: .run, start: t0)
        for i in 0..<30 { w.append(sample: sample(i)) }
        try w.commit()
        try FileManager.default.removeItem(atPath: dir)
        for i in 30..<60 { w.append(sample: sample(i)) }
        try w.endSession(summary: summary(60))
        XCTAssertEqual(w.restoredSegments, 1)
        let history = try JournalHistory(directory: dir)
        XCTAssertEqual(history.index.count, 2)
        for id: UInt64 in [1, 2] {
            let session = try XCTUnwrap(try history.session(id: id))
            XCTAssertEqual(session.samples.count, 60)
            XCTAssertEqual(session.samples[45], JournalSampleCodec.quantized(sample(45)))
        }
        XCTAssertThrowsError(try JournalWriter(directory: dir), "the written-back journal is locked again")
        try w.beginSession(activity: .walk, start: t0)
        try w.commit()
        XCTAssertEqual(w.restoredSegments, 1, "written back once")
    }

    /// A session started while the disk is full is open under its own id, its start waiting in
    /// memory: pacerd acknowledged and logged it as the session before it.
    func testASessionStartedOnAFullDiskHasItsOwnID() throws {
        let recorder = SessionJournalRecorder(writer: try JournalWriter(directory: dir))
        recorder.apply(.begin(activity: .run, start: t0))
        recorder.apply(.end(summary(1)))
        XCTAssertEqual(recorder.sessionID, "1")
        let used = try FileManager.default.attributesOfItem(atPath: segmentPath())[.size] as! Int
        var saved = rlimit()
        getrlimit(Int32(RLIMIT_FSIZE.rawValue), &saved)
        let oldHandler = signal(SIGXFSZ, SIG_IGN)
        var limited = saved
        limited.rlim_cur = rlim_t(used)
        XCTAssertEqual(setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limited), 0)
        recorder.apply(.begin(activity: .walk, start: sample(5).time))
        XCTAssertEqual((recorder.takeError() as? SystemError)?.errno, EFBIG)
        XCTAssertEqual(recorder.sessionID, "2")
        XCTAssertEqual(setrlimit(Int32(RLIMIT_FSIZE.rawValue), &saved), 0)
        signal(SIGXFSZ, oldHandler)
        recorder.apply(.end(summary(1)))
        XCTAssertNil(recorder.takeError())
        XCTAssertEqual(try JournalHistory(directory: dir).index.count, 2)
    }

    /// A block of session 1's frames duplicated before session 3 after the index was saved: the
    /// index's incremental update, which rescans from session 3's old offset, took the copy's
    /// start for a new session and listed id 1 twice. The ids the kept rows hold are seen.
    func testADuplicatedBlockInAnIndexedJournalIsNotASecondSession() throws {
        let w = try JournalWriter(directory: dir)
        for n in 0..<3 {
            try w.beginSession(activity: .run, start: sample(n * 100).time)
            for i in 0..<20 { w.append(sample: sample(n * 100 + i)) }
            try w.endSession(summary: summary(20))
        }
        let before = try JournalHistory(directory: dir)
        XCTAssertEqual(before.index.count, 3)
        let offsets = (0..<3).map { Int(before.index.row($0).offset) }
        var bytes = try JournalFile(path: segmentPath(), writable: false).readAll()
        bytes.insert(contentsOf: bytes[offsets[0]..<offsets[1]], at: offsets[2])
        try JournalFile(path: segmentPath(), writable: true).writeAll(bytes, at: 0)
        let after = try JournalHistory(directory: dir)
        XCTAssertEqual((0..<after.index.count).map { after.index.id($0) }, [1, 2, 3])
        for id: UInt64 in 1...3 {
            XCTAssertEqual(try after.session(id: id)?.samples.count, 20)
        }
    }

    func testSecondWriterIsRefusedWhileTheFirstHoldsTheJournal() throws {
        let w = try JournalWriter(directory: dir)
        XCTAssertThrowsError(try JournalWriter(directory: dir)) { error in
            XCTAssertEqual((error as? SystemError)?.errno, EWOULDBLOCK)
        }
        _ = w
    }

    /// A full disk, for real: the kernel's per-process file-size limit (RLIMIT_FSIZE, with
    /// SIGXFSZ ignored) makes write(2) fail with EFBIG past the limit, exactly as ENOSPC does
    /// when a file system fills. The writer keeps the session in memory, reports the error,
    /// and writes everything out when the limit is lifted.
    func testFullDiskKeepsTheSessionInMemoryAndWritesItOutLater() throws {
        let w = try JournalWriter(directory: dir)
        try w.beginSession(activity: .run, start: t0)
        for i in 0..<10 { w.append(sample: sample(i)) }
        try w.commit()
        let used = try FileManager.default.attributesOfItem(atPath: segmentPath())[.size] as! Int

        var saved = rlimit()
        getrlimit(Int32(RLIMIT_FSIZE.rawValue), &saved)
        let oldHandler = signal(SIGXFSZ, SIG_IGN)
        var limited = saved
        limited.rlim_cur = rlim_t(used + 40)   // room for part of one more frame only
        XCTAssertEqual(setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limited), 0)
        var failures = 0
        for i in 10..<200 {
            w.append(sample: sample(i))
            if i % 20 == 0 {
                do { try w.append(event: .lap(time: sample(i).time, number: i / 20)) } catch let e as SystemError {
                    XCTAssertEqual(e.errno, EFBIG)
                    failures += 1
                }
            }
        }
        XCTAssertThrowsError(try w.endSession(summary: summary(200)))
        XCTAssertEqual(w.pendingError?.errno, EFBIG)
        XCTAssertGreaterThan(w.pendingBytes, 0)
        XCTAssertLessThanOrEqual(try FileManager.default.attributesOfItem(atPath: segmentPath())[.size] as! Int, used + 40)
        XCTAssertGreaterThan(failures, 0)

        // While the disk is full, a reader sees a journal that verifies up to its torn tail.
        let bytes = try JournalFile(path: segmentPath(), writable: false).readAll()
        bytes.withUnsafeBytes { raw in XCTAssertNotEqual(JournalScanner.scan(raw) { _, _, _ in true }.end, .corrupt) }

        // Space returns.
        XCTAssertEqual(setrlimit(Int32(RLIMIT_FSIZE.rawValue), &saved), 0)
        signal(SIGXFSZ, oldHandler)
        try w.commit()
        XCTAssertNil(w.pendingError)
        XCTAssertEqual(w.pendingBytes, 0)

        let history = try JournalHistory(directory: dir)
        let session = try XCTUnwrap(try history.session(id: 1))
        XCTAssertEqual(session.samples.count, 200)
        XCTAssertEqual(session.samples.map(\.time), (0..<200).map { sample($0).time })
        XCTAssertEqual(session.events.count, 9)
        XCTAssertFalse(try XCTUnwrap(session.summary).interrupted)
        XCTAssertEqual(session.summary?.distanceMeters, summary(200).distanceMeters)
    }
}
