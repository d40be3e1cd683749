import Foundation
import XCTest
import PacerCore

/// pacerd never crash-loops on its journal: on every crafted journal below (valid to the last CRC
/// and record, written by the project's own encoder, each with one field at a limit of its
/// type), the real pacerd starts, and records and journals the next session it is told to; and
/// every history command of the real pacerctl answers on it without dying. A segment pacerd
/// cannot use (no header; the last id there is) is renamed aside, logged, and named by pacerctl.
final class CraftedJournalStartupTests: XCTestCase {
    static let t0 = UTCTime(millisecondsSinceEpoch: 1_790_000_000_000)

    /// One crafted journal: a name and the segment's bytes.
    struct Crafted {
        let name: String
        let segment: [UInt8]
    }

    /// A closed session (and, with `open`, a second one left open for resume) whose `change` made
    /// one value absurd.
    static func journal(_ name: String, id: UInt64 = 1, start: UTCTime = t0, open: Bool = false,
                        sample change: (inout SessionSample) -> Void = { _ in },
                        summary changeSummary: (inout SessionSummary) -> Void = { _ in }) -> Crafted {
        var segment = JournalFormat.segmentHeader(number: 1)
        var encoder = JournalEncoder()
        let ids: [UInt64] = open ? [id, id &+ 1] : [id]
        for k in ids.indices {
            encoder.start(id: ids[k], activity: .run, start: start, config: "", into: &segment)
            for i in 0..<5 {
                var s = SessionSample(time: UTCTime(millisecondsSinceEpoch: start.millisecondsSinceEpoch &+ Int64(i) * 1000),
                                      latitude: 48.1 + Double(i) * 1e-5, longitude: 11.5, altitudeMSL: 520, speed: 3,
                                      distanceMeters: Double(i) * 3, heartRate: 140, cadence: 170, steps: i * 3)
                if i == 2 { change(&s) }
                encoder.append(sample: s)
            }
            encoder.flushSamples(into: &segment)
            if k == 1 { break }   // the second session stays open
            var summary = SessionSummary(activity: .run, start: start, end: UTCTime(millisecondsSinceEpoch: start.millisecondsSinceEpoch &+ 4000),
                                         elapsedSeconds: 4, movingSeconds: 4, distanceMeters: 12, averageSpeed: 3, heartRateAverage: 140,
                                         heartRateMax: 140, laps: [SegmentSummary(index: 1, start: start, elapsedSeconds: 4, distanceMeters: 12)])
            changeSummary(&summary)
            encoder.end(summary: summary, into: &segment)
        }
        return Crafted(name: name, segment: segment)
    }

    static var crafted: [Crafted] {
        let doubles: [(String, Double)] = [("NaN", .nan), ("+inf", .infinity), ("-inf", -.infinity), ("1e308", 1e308), ("-1e308", -1e308),
                                           ("9.3e18", 9.3e18), ("-1", -1)]
        let times: [(String, Int64)] = [("Int64.min", .min), ("Int64.max", .max), ("before year 0", -62_167_219_200_001),
                                        ("year 10000", 253_402_300_800_000), ("-1 ms", -1)]
        var all: [Crafted] = []
        for (label, v) in doubles {
            all.append(journal("summary elapsed \(label)", summary: { $0.elapsedSeconds = v }))
            all.append(journal("summary distance \(label)", summary: { $0.distanceMeters = v }))
            all.append(journal("lap elapsed \(label)", summary: { $0.laps[0].elapsedSeconds = v }))
            all.append(journal("power average \(label)", summary: { $0.powerAverage = v; $0.powerMax = 300 }))
            all.append(journal("sample distance \(label), open", open: true, sample: { $0.distanceMeters = v }))
            all.append(journal("sample speed \(label), open", open: true, sample: { $0.speed = v }))
        }
        for (label, ms) in times {
            let t = UTCTime(millisecondsSinceEpoch: ms)
            all.append(journal("start \(label)", start: t))
            all.append(journal("start \(label), open", start: t, open: true))
            all.append(journal("summary end \(label)", summary: { $0.end = t }))
            all.append(journal("lap start \(label)", summary: { $0.laps[0].start = t }))
            all.append(journal("sample time \(label), open", open: true, sample: { $0.time = t }))
        }
        // The last id a journal holds leaves none for the next session: its segment is set aside.
        for id: UInt64 in [0, (1 << 53) - 1, 1 << 63, .max - 1, .max] {
            all.append(journal("id \(id)", id: id))
            all.append(journal("id \(id), open", id: id, open: true))
        }
        for steps in [Int.min, -1, Int.max] {
            all.append(journal("summary steps \(steps)", summary: { $0.steps = steps }))
            all.append(journal("sample steps \(steps), open", open: true, sample: { $0.steps = steps }))
        }
        // Not a segment at all (another tool's file, a header the card lost): set aside.
        all.append(Crafted(name: "no segment header", segment: Array("not a Pacer journal\n".utf8) + [UInt8](repeating: 0xA5, count: 200)))
        return all
    }

    /// Journals whose segment pacerd must set aside to record the next session.
    static let setAside: Set<String> = ["no segment header", "id \((1 << 53) - 1)", "id \((1 << 53) - 1), open"]

    /// What one journal gave: pacerd started, it recorded the next session, and what failed.
    struct Outcome {
        var started = false, recorded = false
        var failures: [String] = []
    }

    static func check(_ crafted: Crafted, in sub: URL) throws -> Outcome {
        var outcome = Outcome()
        // A death's own message, not the backtracer's pages.
        var quiet = ProcessInfo.processInfo.environment
        quiet["SWIFT_BACKTRACE"] = "enable=no"
        let journal = sub.appendingPathComponent("journal")
        try FileManager.default.createDirectory(at: journal, withIntermediateDirectories: true)
        try Data(crafted.segment).write(to: journal.appendingPathComponent("segment-00000001.pjl"))

        // Every history command answers (an error is an answer; a signal is not).
        for command in [["sessions"], ["sessions", "--json"], ["show", "1"], ["show", "1", "--json"], ["stats", "--by", "week"],
                        ["stats", "--by", "year", "--json"], ["records"], ["export", "1", "--format", "fit", "-o", sub.path + "/1.fit"],
                        ["export", "1", "--format", "tcx", "-o", sub.path + "/1.tcx"], ["load"], ["awards"], ["goals"]] {
            let r = try BuiltBinaries.run("pacerctl", command + ["--journal", journal.path], environment: quiet)
            if r.status > 2 || r.status < 0 || r.stderr.contains("Fatal error") {
                outcome.failures.append("\(crafted.name): pacerctl \(command.joined(separator: " ")) exited \(r.status): \(r.stderr.suffix(300))")
            }
        }
        let before = try BuiltBinaries.run("pacerctl", ["sessions", "--json", "--journal", journal.path])
        let countBefore = (try? JSONValue.parse(before.stdout))?.array?.count ?? -1

        let daemon: DaemonProcess
        do {
            daemon = try DaemonProcess(config: "[unattended]\nauto_start = off\n", environment: ["SWIFT_BACKTRACE": "enable=no"],
                                       directory: sub)
        } catch {
            outcome.failures.append("\(crafted.name): pacerd did not start: \(error)")
            return outcome
        }
        outcome.started = true
        do {
            let ctl = try daemon.connect()
            try ctl.request(.start(activity: .walk))
            let started = try ctl.expect(["ACK", "ERROR"])
            try ctl.request(.stop)
            let stopped = try ctl.expect(["ACK", "ERROR"])
            let status = daemon.stop()
            let after = try BuiltBinaries.run("pacerctl", ["sessions", "--json", "--journal", journal.path])
            let listed = (try? JSONValue.parse(after.stdout))?.array ?? []
            let aside = (try? FileManager.default.contentsOfDirectory(atPath: journal.path))?.filter { $0.hasSuffix(".pjl.unusable") } ?? []
            let expectAside = setAside.contains(crafted.name)
            if expectAside != (aside == ["segment-00000001.pjl.unusable"]) {
                outcome.failures.append("\(crafted.name): set aside \(aside), expected \(expectAside ? "the segment" : "none")")
            }
            if expectAside, !after.stderr.contains("segment-00000001.pjl.unusable was set aside") || !daemon.log.contains("is set aside as") {
                outcome.failures.append("\(crafted.name): the set-aside segment is not named: \(after.stderr) \(daemon.log.suffix(300))")
            }
            if status == 0, started["class"]?.string == "ACK", stopped["class"]?.string == "ACK",
               listed.contains(where: { $0["activity"]?.string == "walk" }), listed.count > (expectAside ? 0 : countBefore) {
                outcome.recorded = true
            } else {
                outcome.failures.append("\(crafted.name): the next session was not recorded (exit \(status)): \(started) \(stopped) "
                                        + "\(listed.count) sessions after \(countBefore)\n\(daemon.log.suffix(600))")
            }
        } catch {
            outcome.failures.append("\(crafted.name): \(error)\n\(daemon.log.suffix(600))")
            daemon.stop(SIGKILL)
        }
        return outcome
    }

    func testPacerdStartsAndRecordsOnEveryCraftedJournal() throws {
        let dir = try BuiltBinaries.temporaryDirectory("crafted")
        defer { try? FileManager.default.removeItem(at: dir) }
        let journals = Self.crafted
        final class Outcomes: @unchecked Sendable {
            let lock = NSLock()
            var all: [Int: Result<Outcome, Error>] = [:]
        }
        let outcomes = Outcomes()
        // Two lanes: each journal waits on its processes as much as it computes.
        DispatchQueue.concurrentPerform(iterations: 2) { lane in
            for n in stride(from: lane, to: journals.count, by: 2) {
                let outcome = Result { try Self.check(journals[n], in: dir.appendingPathComponent("j\(n)")) }
                outcomes.lock.lock(); outcomes.all[n] = outcome; outcomes.lock.unlock()
            }
        }
        var starts = 0, recorded = 0, failures: [String] = []
        for n in journals.indices {
            let outcome = try XCTUnwrap(outcomes.all[n]).get()
            starts += outcome.started ? 1 : 0
            recorded += outcome.recorded ? 1 : 0
            failures += outcome.failures
        }
        print("CRAFTED | \(journals.count) journals | pacerd started \(starts), recorded the next session \(recorded)")
        for failure in failures {
            print("CRAFTED FAILED | " + failure.prefix(160).split(separator: "\n")[0])
        }
        XCTAssertEqual(failures, [], failures.joined(separator: "\n\n"))
        XCTAssertEqual(recorded, journals.count)
    }
}
