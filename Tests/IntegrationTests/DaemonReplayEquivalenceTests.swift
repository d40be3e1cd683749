import Foundation
import XCTest
import PacerCore
import PacerSystem

/// Live equals replay: one recording played to the real pacerd on a pty — at its own pace,
/// at 10×, and in bursts of several seconds (as a USB serial converter with a large buffer
/// delivers) — journals the same samples, laps and summary as `pacerctl replay` of its bytes.
/// So does the recording with the receiver's time glitching (an hour ahead for three epochs,
/// a date a year back for one), delivered at 10×.
final class DaemonReplayEquivalenceTests: XCTestCase {
    enum Delivery: String, CaseIterable {
        case ownPace = "own pace", tenTimes = "10x", bursts = "bursts of 4 s", glitches = "10x, time glitches"

        var isGlitched: Bool { self == .glitches }
    }

    /// `epoch` with its GGA and RMC times an hour later, or its RMC date replaced by `date`.
    static func glitched(_ epoch: String, hourLater: Bool = false, date: String? = nil) -> String {
        var out = ""
        for line in epoch.split(whereSeparator: \.isNewline) {
            guard let star = line.lastIndex(of: "*") else { out += line + "\r\n"; continue }
            var fields = line[line.index(after: line.startIndex)..<star].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let type = fields[0].suffix(3)
            if hourLater, type == "GGA" || type == "RMC", let hour = Int(fields[1].prefix(2)) {
                fields[1] = String(format: "%02d", (hour + 1) % 24) + fields[1].dropFirst(2)
            }
            if let date, type == "RMC" { fields[9] = date }
            let body = fields.joined(separator: ",")
            let sum = body.utf8.reduce(UInt8(0), ^)
            out += "$" + body + "*" + String(format: "%02X", sum) + "\r\n"
        }
        return out
    }

    /// The recording's sentences grouped into epochs (the sentences sharing one UTC time).
    static func epochs(_ text: String) -> [String] {
        var epochs: [String] = []
        var current = "", currentTime: Substring?
        // "\r\n" is one Character in Swift: split on any newline, write back CR LF.
        for line in text.split(whereSeparator: \.isNewline) {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            let type = fields.first?.suffix(3)
            let time: Substring? = (type == "GGA" || type == "RMC") && fields.count > 1 ? fields[1] : nil
            if let time, let currentTime, time != currentTime, !current.isEmpty {
                epochs.append(current)
                current = ""
            }
            if let time { currentTime = time }
            current += line + "\r\n"
        }
        if !current.isEmpty { epochs.append(current) }
        return epochs
    }

    /// Plays `epochs` to a fresh pacerd as `delivery` says, starting the session after the
    /// first fix and stopping it once the last fix is in; returns the journal directory.
    private static func record(_ epochs: [String], config: String, _ delivery: Delivery, in dir: URL) throws -> (journal: String, log: String) {
        let pty = try RawPTY()
        defer { close(pty.master); close(pty.slave) }
        let daemon = try DaemonProcess(config: config, extraArguments: ["--gps", "serial:\(pty.path)@115200"], directory: dir)
        defer { daemon.stop() }
        let watcher = try daemon.connect()
        do { try watcher.request(.watch(enable: true)) } catch { throw DaemonTestError("\(error): \(daemon.log)") }
        func write(_ text: String) { _ = text.utf8CString.withUnsafeBufferPointer { Glibc.write(pty.master, $0.baseAddress, $0.count - 1) } }
        write(epochs[0])
        _ = try watcher.waitForState(timeout: 30) { $0.gps.state == .fix }
        try watcher.request(.start(activity: nil))
        XCTAssertEqual(try watcher.expect(["ACK", "ERROR"])["class"]?.string, "ACK")
        // Not read while epochs are written: a watcher would fill its queue and be dropped.
        try watcher.request(.watch(enable: false))
        var sent = 1
        while sent < epochs.count {
            switch delivery {
            case .ownPace: usleep(1_000_000)
            case .tenTimes, .glitches: usleep(100_000)
            case .bursts: usleep(4_000_000)
            }
            let n = delivery == .bursts ? min(4, epochs.count - sent) : 1
            write(epochs[sent..<(sent + n)].joined())
            sent += n
        }
        // Everything delivered: wait until the daemon has the last fix, then stop while it is live.
        let lastTime = ReplayHarness.lastFixTime(epochs.joined())
        try watcher.request(.watch(enable: true))
        _ = try watcher.waitForState(timeout: 30) { $0.gps.time == lastTime }
        try watcher.request(.stop)
        XCTAssertEqual(try watcher.expect(["ACK", "ERROR"])["class"]?.string, "ACK")
        XCTAssertEqual(daemon.stop(SIGTERM), 0)
        return (daemon.journalPath, daemon.log)
    }

    private func contents(journal: String) throws -> (summary: String, csv: String) {
        let sessions = try BuiltBinaries.run("pacerctl", ["sessions", "--journal", journal, "--json"])
        XCTAssertEqual(sessions.status, 0, sessions.stderr)
        let csv = try BuiltBinaries.run("pacerctl", ["export", "1", "--format", "csv", "--journal", journal])
        XCTAssertEqual(csv.status, 0, csv.stderr)
        return (String(decoding: sessions.stdout, as: UTF8.self), String(decoding: csv.stdout, as: UTF8.self))
    }

    func testOwnPaceTenTimesAndBurstsJournalWhatReplayJournals() throws {
        let dir = try BuiltBinaries.temporaryDirectory("pacerd-equal")
        defer { try? FileManager.default.removeItem(at: dir) }
        try ReplayHarness.python("scenario.py", ["track-intervals", "--seed", "2", "--out", dir.path, "--quiet"])
        // Two and a half minutes of the recording: long enough for laps, short enough to play thrice at its pace.
        let all = Self.epochs(try String(contentsOf: dir.appendingPathComponent("track-intervals.nmea"), encoding: .utf8))
        let epochs = Array(all.prefix(150))
        let glitchedEpochs = epochs.indices.map { i in
            60..<63 ~= i ? Self.glitched(epochs[i], hourLater: true) : i == 100 ? Self.glitched(epochs[i], date: "080325") : epochs[i]
        }
        let config = "[unattended]\nauto_start = off\n[recording]\nauto_lap_m = 200\n[journal]\nsync_interval_s = 1\n"
        let configURL = dir.appendingPathComponent("replay.conf")
        try config.write(to: configURL, atomically: true, encoding: .utf8)

        /// `pacerctl replay` of the recording, clean or glitched: its journal, its listing and samples.
        func replay(_ epochs: [String], name: String) throws -> (journal: String, summary: String, csv: String, stderr: String) {
            let nmea = dir.appendingPathComponent("\(name).nmea")
            try epochs.joined().write(to: nmea, atomically: true, encoding: .utf8)
            let journal = dir.appendingPathComponent("\(name)-journal").path
            let replayed = try BuiltBinaries.run("pacerctl", ["replay", "--nmea", nmea.path, "--config", configURL.path,
                                                              "--journal", journal, "--json"])
            XCTAssertEqual(replayed.status, 0, replayed.stderr)
            let expected = try contents(journal: journal)
            return (journal, expected.summary, expected.csv, replayed.stderr)
        }
        let clean = try replay(epochs, name: "played")
        let glitchy = try replay(glitchedEpochs, name: "glitched")
        let summary = try XCTUnwrap(JSONValue.parse(clean.summary).array?.first)
        XCTAssertGreaterThan(summary["distance_m"]?.number ?? 0, 400)
        XCTAssertGreaterThanOrEqual(summary["laps"]?.array?.count ?? 0, 2)
        XCTAssertTrue(glitchy.stderr.contains("time jumps 4"), glitchy.stderr)
        XCTAssertTrue(glitchy.stderr.contains("2 receiver time glitch(es) bridged"), glitchy.stderr)
        // The glitches cost the session no time: it ends when the clean one does.
        let glitchySummary = try XCTUnwrap(JSONValue.parse(glitchy.summary).array?.first)
        XCTAssertEqual(glitchySummary["elapsed_s"]?.number, summary["elapsed_s"]?.number)
        XCTAssertEqual(glitchySummary["distance_m"]?.number ?? 0, summary["distance_m"]?.number ?? 0, accuracy: 15)

        // The three deliveries run side by side, each with its own pty and daemon.
        final class Results: @unchecked Sendable {
            let lock = NSLock()
            var byDelivery: [Delivery: Result<(journal: String, log: String), Error>] = [:]
        }
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: Delivery.allCases.count) { i in
            let delivery = Delivery.allCases[i]
            let sub = dir.appendingPathComponent("daemon-\(i)")
            let result = Result { () throws -> (journal: String, log: String) in
                try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
                try config.write(to: sub.appendingPathComponent("pacer.conf"), atomically: true, encoding: .utf8)
                do { return try Self.record(delivery.isGlitched ? glitchedEpochs : epochs, config: config, delivery, in: sub) } catch {
                    let logs = (try? FileManager.default.contentsOfDirectory(atPath: sub.path))?.filter { $0.hasSuffix(".log") }
                        .compactMap { try? String(contentsOf: sub.appendingPathComponent($0), encoding: .utf8) } ?? []
                    throw DaemonTestError("\(delivery.rawValue): \(error)\n" + logs.joined(separator: "\n"))
                }
            }
            results.lock.lock(); results.byDelivery[delivery] = result; results.lock.unlock()
        }
        for delivery in Delivery.allCases {
            let (journal, log) = try XCTUnwrap(results.byDelivery[delivery]).get()
            let live = try contents(journal: journal)
            let expected = delivery.isGlitched ? glitchy : clean
            let replayJournal = expected.journal
            XCTAssertEqual(live.summary, expected.summary, "\(delivery.rawValue): summary differs from replay\n\(log)")
            XCTAssertEqual(live.csv, expected.csv, "\(delivery.rawValue): samples differ from replay")
            // Frames are committed by session time, so the journals are the same to the byte.
            let segment = "segment-00000001.pjl"
            let liveBytes = try Data(contentsOf: URL(fileURLWithPath: journal).appendingPathComponent(segment))
            let replayBytes = try Data(contentsOf: URL(fileURLWithPath: replayJournal).appendingPathComponent(segment))
            XCTAssertEqual(liveBytes, replayBytes, "\(delivery.rawValue): journal bytes differ (\(liveBytes.count) vs \(replayBytes.count))")
            let liveSummary = try XCTUnwrap(JSONValue.parse(live.summary).array?.first)
            let replayed = delivery.isGlitched ? glitchySummary : summary
            print("EQUIVALENCE | \(delivery.rawValue) | daemon \(liveSummary["distance_m"]?.number ?? -1) m, "
                + "\(liveSummary["elapsed_s"]?.number ?? -1) s, \(liveSummary["laps"]?.array?.count ?? -1) laps, "
                + "\(live.csv.split(separator: "\n").count - 1) samples | replay \(replayed["distance_m"]?.number ?? -1) m, "
                + "\(replayed["elapsed_s"]?.number ?? -1) s")
        }
    }
}
