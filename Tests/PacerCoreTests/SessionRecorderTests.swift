import XCTest
@testable import PacerCore

/// The one session core: live deliveries (late, in bursts, lagging) give the journal a replay
/// of the same recordings gives; receiver time is guarded; resume never asks the system clock.
final class SessionRecorderTests: XCTestCase {
    /// A 10-minute run at 1 Hz with a strap: true fix times, and heart-rate notifications at
    /// true times between the fixes.
    private struct Run {
        var fixes: [GNSSFix] = []
        /// When each fix was measured, whatever time the receiver writes in it.
        var measured: [Double] = []
        var heartRates: [BLENotification] = []

        init(seconds: Int = 600, seed: UInt64 = 7) {
            var synthetic = SyntheticFixes(seed: seed)
            let made = synthetic.make(duration: Double(seconds)) { t in (east: 3.1 * t, north: 40 * sin(t / 90)) }
            fixes = made.fixes.map(\.0)
            measured = fixes.map { $0.time!.secondsSinceEpoch }
            let start = fixes[0].time!.millisecondsSinceEpoch
            for k in 0..<seconds {
                let bpm = UInt8(120 + (k / 20) % 50)
                let rr = UInt16(61_440 / Int(bpm))
                heartRates.append(BLENotification(time: UTCTime(millisecondsSinceEpoch: start + Int64(k) * 1000 + 430),
                                                  characteristic: 0x2A37,
                                                  payload: [0x16, bpm, UInt8(rr & 0xFF), UInt8(rr >> 8)]))
            }
        }
    }

    /// When each input reaches the daemon: `arrival(fixIndex)` seconds after the fix's true time.
    private enum Delivery {
        case onTime, bursts(every: Int), lagging(perEpoch: Double)

        func arrivalDelay(_ i: Int) -> Double {
            switch self {
            case .onTime: 0.08
            case .bursts(let n): Double(n - 1 - i % n) + 0.05   // held until the last of each group
            case .lagging(let d): 0.1 + d * Double(i)
            }
        }
    }

    /// Plays `run` into a recorder as the daemon would see it (monotonic clock 1000 s behind
    /// receiver time, a system clock 3 days off), starting once the first fix is in, stopping
    /// while the receiver is still live. Returns the journal entries and the BLE log it wrote.
    private func live(_ run: Run, _ delivery: Delivery) -> (journal: [JournalEntry], log: [BLENotification], counters: RecorderCounters, sent: Int) {
        var recorder = SessionRecorder(settings: .init(config: PacerConfig(), activity: .run))
        var journal: [JournalEntry] = []
        var log: [BLENotification] = []
        let sink: (RecorderOutput) -> Void = { output in
            if case .journal(let e) = output { journal.append(e) }
            if case .sensorLog(let n) = output { log.append(n) }
        }
        func input(_ receiverSeconds: Double) -> InputInstant {
            InputInstant(monotonic: MonotonicInstant(seconds: receiverSeconds - 1000),
                         systemTime: UTCTime(millisecondsSinceEpoch: Int64((receiverSeconds - 3 * 86_400) * 1000)))
        }
        var events: [(at: Double, isFix: Bool, index: Int)] = []
        for (i, t) in run.measured.enumerated() { events.append((t + delivery.arrivalDelay(i), true, i)) }
        for (i, n) in run.heartRates.enumerated() { events.append((n.time.secondsSinceEpoch + 0.03, false, i)) }
        events.sort { ($0.at, $0.isFix ? 0 : 1) < ($1.at, $1.isFix ? 0 : 1) }
        var started = false
        var sent = 0
        var nextTick = events[0].at.rounded(.up)
        for e in events {
            while nextTick < e.at { recorder.tick(at: input(nextTick), emit: sink); nextTick += 1 }
            if e.isFix {
                recorder.fix(run.fixes[e.index], at: input(e.at), emit: sink)
                if !started { try! recorder.command(.start(nil), at: input(e.at), emit: sink); started = true }
            } else if started {
                let n = run.heartRates[e.index]
                sent += 1
                recorder.notification(characteristic: n.characteristic, payload: n.payload, at: input(e.at)).outputs.forEach(sink)
            }
        }
        let end = events.last!.at + 0.5
        recorder.tick(at: input(end), emit: sink)
        try! recorder.command(.stop, at: input(end), emit: sink)
        return (journal, log, recorder.counters, sent)
    }

    /// `pacerctl replay` of the NMEA and the BLE log the live run wrote.
    private func replay(_ run: Run, log: [BLENotification]) -> [JournalEntry] {
        var replay = SessionReplay(config: PacerConfig(), activity: .run, notifications: log)
        var journal: [JournalEntry] = []
        let sink: (RecorderOutput) -> Void = { if case .journal(let e) = $0 { journal.append(e) } }
        for f in run.fixes { replay.feed(f, emit: sink) }
        _ = replay.finish(emit: sink)
        return journal
    }

    func testLiveDeliveriesGiveTheJournalReplayGives() {
        let run = Run()
        for delivery in [Delivery.onTime, .bursts(every: 4), .lagging(perEpoch: 0.02)] {
            let (live, log, counters, sent) = live(run, delivery)
            XCTAssertGreaterThan(sent, run.heartRates.count - 5)
            XCTAssertEqual(log.count, sent, "\(delivery): every notification of the session logged")
            XCTAssertEqual(counters[.fixesOutOfOrder] + counters[.timeJumps], 0, "\(delivery)")
            let replayed = replay(run, log: log)
            XCTAssertEqual(live.count, replayed.count, "\(delivery)")
            XCTAssertEqual(live, replayed, "\(delivery): same samples, events and summary")
            guard case .end(let summary)? = live.last else { return XCTFail("no end") }
            XCTAssertEqual(summary.start, run.fixes[0].time, "\(delivery): dated by the receiver, not the system clock")
            XCTAssertEqual(summary.end, run.fixes.last!.time, "\(delivery): a stop while the receiver is live ends at its last fix")
            XCTAssertGreaterThan(summary.distanceMeters, 1800)
            XCTAssertEqual(summary.heartRateAverage ?? 0, 134.5, accuracy: 0.5)
        }
    }

    /// A receiver whose time strays for a few epochs and comes back (an hour ahead; the date two
    /// days back): live, whatever the delivery, and replayed, the journal is one and the session
    /// lasts what it lasts without the glitch. Replay took an hour's glitch for an hour of session,
    /// and live, a glitch in a burst left the timeline re-anchored a second off for good.
    func testATimeGlitchThatComesBackCostsNothingLiveOrReplayed() {
        guard case .end(let clean)? = live(Run(), .onTime).journal.last else { return XCTFail("no summary") }
        for (offset, epochs) in [(Int64(3_600_000), 300..<303), (-2 * 86_400_000, 450..<451)] {
            var run = Run()
            for i in epochs { run.fixes[i] = run.fixes[i].shifted(by: offset) }
            for delivery in [Delivery.onTime, .bursts(every: 4), .lagging(perEpoch: 0.02)] {
                let (live, log, counters, _) = live(run, delivery)
                XCTAssertEqual(counters[.timeJumps], 2, "\(offset) \(delivery)")
                XCTAssertEqual(live, replay(run, log: log), "\(offset) \(delivery): same samples, events and summary")
                guard case .end(let summary)? = live.last else { return XCTFail("no summary") }
                XCTAssertEqual(summary.start, clean.start)
                XCTAssertEqual(summary.end, clean.end, "\(offset) \(delivery): the timeline is the receiver's again after the glitch")
                XCTAssertEqual(summary.elapsedSeconds, clean.elapsedSeconds, "\(offset) \(delivery)")
                XCTAssertEqual(summary.distanceMeters, clean.distanceMeters, accuracy: 3 * 3.1, "\(offset) \(delivery)")
                XCTAssertEqual(summary.heartRateAverage ?? 0, clean.heartRateAverage ?? 0, accuracy: 0.5)
            }
        }
    }

    /// Random glitches (one to three, of one to six epochs, 15 s to 1024 weeks either way),
    /// live (on time, in bursts, lagging) and replayed: one journal, as long as the clean session.
    func testRandomGlitchesLiveAreWhatReplayJournals() {
        guard case .end(let clean)? = live(Run(), .onTime).journal.last else { return XCTFail("no summary") }
        var draws = ReceiverTimeGlitches(seed: 42)
        for round in 0..<24 {
            var run = Run()
            let glitches = draws.apply(to: &run.fixes, most: 3)
            let delivery = [Delivery.onTime, .bursts(every: 4), .lagging(perEpoch: 0.02)][round % 3]
            let (live, log, _, _) = live(run, delivery)
            XCTAssertEqual(live, replay(run, log: log), "round \(round) \(delivery) \(glitches)")
            guard case .end(let summary)? = live.last else { return XCTFail("no summary") }
            XCTAssertEqual(summary.elapsedSeconds, clean.elapsedSeconds, accuracy: 3, "round \(round) \(glitches)")
        }
    }

    func testArrivalTimeNeverMovesMotion() {
        let run = Run()
        let onTime = live(run, .onTime).journal
        let bursts = live(run, .bursts(every: 5)).journal
        guard case .end(let a)? = onTime.last, case .end(let b)? = bursts.last else { return XCTFail("no summaries") }
        XCTAssertEqual(a.distanceMeters, b.distanceMeters)
        XCTAssertEqual(a.movingSeconds, b.movingSeconds)
        XCTAssertEqual(a.elapsedSeconds, b.elapsedSeconds)
    }

    private func fix(_ second: Double, east: Double) -> GNSSFix {
        let plane = LocalTangentPlane(latitude: 47.0, longitude: 8.0)
        let p = plane.unproject(east: east, north: 0)
        return GNSSFix(time: UTCTime(millisecondsSinceEpoch: 1_772_348_400_000 + Int64(second * 1000)), mode: .threeD,
                       latitude: p.latitude, longitude: p.longitude, altitudeMSL: 400, speed: 3, track: 90, hdop: 0.8)
    }

    /// With no fix yet, a session's times come from the system clock: one set to before 1970 or
    /// past 2199 (faketime, a dead RTC battery's epoch) is held to the years a journal records,
    /// so the reader never refuses the session's start as damage.
    func testASystemClockOutsideTheRecordableYearsIsHeldToThem() {
        for (ms, expected) in [(Int64(-86_400_000), UTCTime.recordable.lowerBound), (.max, UTCTime.recordable.upperBound),
                               (253_402_300_800_000, UTCTime.recordable.upperBound)] {
            var recorder = SessionRecorder(settings: .init(config: PacerConfig(), activity: .run))
            let at = InputInstant(monotonic: MonotonicInstant(seconds: 5), systemTime: UTCTime(millisecondsSinceEpoch: ms))
            XCTAssertEqual(recorder.time(at: at), expected, "\(ms)")
            try! recorder.command(.start(nil), at: at, emit: { _ in })
            XCTAssertTrue(JournalFormat.recordedTimes ~= recorder.engine.summary().start?.millisecondsSinceEpoch ?? -1, "\(ms)")
        }
    }

    func testRepeatedBackwardsAndJumpingFixTimesAreCountedNotIntegrated() {
        var recorder = SessionRecorder(settings: .init(config: PacerConfig(), activity: .run))
        var notices: [String] = []
        let sink: (RecorderOutput) -> Void = { if case .notice(let n) = $0 { notices.append(n) } }
        func at(_ s: Double) -> InputInstant { InputInstant(monotonic: MonotonicInstant(seconds: s), systemTime: UTCTime(millisecondsSinceEpoch: 0)) }
        recorder.fix(fix(0, east: 0), at: at(0.1), emit: sink)
        try! recorder.command(.start(nil), at: at(0.2), emit: sink)
        for s in 1...60 { recorder.fix(fix(Double(s), east: 3 * Double(s)), at: at(Double(s) + 0.1), emit: sink) }
        recorder.fix(fix(60, east: 180), at: at(60.5), emit: sink)            // repeated epoch
        recorder.fix(fix(57, east: 171), at: at(60.7), emit: sink)            // three seconds back
        // An hour ahead of what the monotonic clock allows: re-anchored, not 3600 s of motion.
        recorder.fix(fix(3661, east: 183), at: at(61.1), emit: sink)
        for s in 62...120 { recorder.fix(fix(Double(s) + 3600, east: 3 * Double(s)), at: at(Double(s) + 0.1), emit: sink) }
        try! recorder.command(.stop, at: at(120.2), emit: sink)
        let summary = recorder.engine.summary()
        XCTAssertEqual(recorder.counters[.fixesOutOfOrder], 2)
        XCTAssertEqual(recorder.counters[.timeJumps], 1)
        XCTAssertTrue(notices.contains { $0.contains("jumped") }, "\(notices)")
        XCTAssertEqual(summary.elapsedSeconds, 120, accuracy: 1.5)
        XCTAssertEqual(summary.distanceMeters, 360, accuracy: 25)
    }

    /// A crashed session resumes on the receiver's time whatever the system clock says, is
    /// closed when the receiver says too much time passed, and waits for a fix rather than guess.
    func testResumeIsDecidedOnReceiverTimeNeverTheSystemClock() {
        let start = fix(0, east: 0).time!
        var open = JournalSession(id: 4, activity: .run, start: start, config: "", segment: 1, offset: 16, hasSamples: true)
        for s in 0...300 {
            let f = fix(Double(s), east: 3 * Double(s))
            open.samples.append(SessionSample(time: f.time!, latitude: f.latitude, longitude: f.longitude, altitudeMSL: 400,
                                              speed: 3, distanceMeters: 3 * Double(s), heartRate: 140))
        }
        func run(systemOffsetDays: Double, firstFixAfter gap: Double?, waitSeconds: Double) -> [RecorderOutput] {
            var recorder = SessionRecorder(settings: .init(config: PacerConfig(), activity: .run,
                                                           unattended: UnattendedRecordingSettings()))
            var out: [RecorderOutput] = []
            let boot = 50.0
            func at(_ s: Double) -> InputInstant {
                InputInstant(monotonic: MonotonicInstant(seconds: s),
                             systemTime: UTCTime(millisecondsSinceEpoch: start.millisecondsSinceEpoch + Int64((300 + s + systemOffsetDays * 86_400) * 1000)))
            }
            recorder.recover(open, at: at(boot)) { out.append($0) }
            var t = boot
            while t < boot + waitSeconds { recorder.tick(at: at(t)) { out.append($0) }; t += 1 }
            if let gap {
                for k in 0..<5 {
                    recorder.fix(fix(300 + gap + Double(k), east: 900 + 3 * Double(k)), at: at(t + Double(k))) { out.append($0) }
                }
                try? recorder.command(.stop, at: at(t + 5)) { out.append($0) }
            }
            return out
        }
        for days in [-3.0, 3.0] {
            let resumed = run(systemOffsetDays: days, firstFixAfter: 90, waitSeconds: 30)
            XCTAssertTrue(resumed.contains(.journal(.resumeRecovered(at: fix(390, east: 0).time!))), "system clock \(days) d")
            XCTAssertTrue(resumed.contains { if case .event(.sessionResumed) = $0 { true } else { false } })
            let end = resumed.compactMap { if case .journal(.end(let s)) = $0 { s } else { nil } }.first
            XCTAssertEqual(end?.distanceMeters ?? 0, 912, accuracy: 20, "the crashed part's distance is kept")
            XCTAssertFalse(resumed.contains(.journal(.closeRecovered)))

            let tooLate = run(systemOffsetDays: days, firstFixAfter: 16 * 60, waitSeconds: 5)
            XCTAssertTrue(tooLate.contains(.journal(.closeRecovered)))
            XCTAssertFalse(tooLate.contains { if case .journal(.resumeRecovered) = $0 { true } else { false } })
        }
        let noFix = run(systemOffsetDays: 0, firstFixAfter: nil, waitSeconds: 15 * 60 + 2)
        XCTAssertEqual(noFix.filter { $0 == .journal(.closeRecovered) }.count, 1, "closed once resume_within_min passed without a fix")
        let waiting = run(systemOffsetDays: 0, firstFixAfter: nil, waitSeconds: 10 * 60)
        XCTAssertTrue(waiting.isEmpty, "no guess while waiting for a fix: \(waiting)")
    }

    /// A strap glitch of 255 bpm (8-bit field) and 4 000 bpm (16-bit field), and a power meter's
    /// 32767 W, are counted and passed over: heart rate and power keep the readings around them.
    /// A strap's 0 bpm (no heart rate) is not a glitch.
    func testImplausibleReadingsAreCountedAndPassedOver() {
        var recorder = SessionRecorder(settings: .init(config: PacerConfig(), activity: .ride))
        var samples: [SessionSample] = []
        let sink: (RecorderOutput) -> Void = { if case .journal(.sample(let s)) = $0 { samples.append(s) } }
        func at(_ s: Double) -> InputInstant {
            InputInstant(monotonic: MonotonicInstant(seconds: s), systemTime: UTCTime(millisecondsSinceEpoch: 1_767_225_600_000 + Int64(s * 1000)))
        }
        try! recorder.command(.start(nil), at: at(0), emit: sink)
        for s in 0..<60 {
            let bpm: [UInt8] = switch s {
            case 20: [0x06, 255]
            case 30: [0x07, 0xA0, 0x0F]   // 16-bit: 4000
            case 40: [0x06, 0]
            default: [0x06, 140]
            }
            recorder.notification(characteristic: 0x2A37, payload: bpm, at: at(Double(s) + 0.3)).outputs.forEach(sink)
            let watts: Int16 = s == 25 ? 32767 : 210
            recorder.notification(characteristic: 0x2A63, payload: [0, 0] + withUnsafeBytes(of: watts.littleEndian, Array.init),
                                  at: at(Double(s) + 0.6)).outputs.forEach(sink)
            recorder.tick(at: at(Double(s) + 1), emit: sink)
        }
        try! recorder.command(.stop, at: at(60.5), emit: sink)
        XCTAssertEqual(recorder.counters[.implausibleNotifications], 3)
        XCTAssertEqual(recorder.counters[.malformedNotifications], 0)
        XCTAssertEqual(samples.compactMap(\.heartRate).max(), 140)
        XCTAssertEqual(samples.compactMap(\.power).max(), 210)
        let summary = recorder.engine.summary()
        XCTAssertEqual(summary.heartRateMax, 140)
        XCTAssertEqual(summary.powerMax, 210)
    }

    /// No GPS at all (a strap indoors): the tick carries the timeline; the session is labelled
    /// with the system clock, and a fix that shows up later is put on that axis, not jumped to.
    func testSessionWithoutFixRunsOnTheTickAndALaterFixJoinsItsAxis() {
        var recorder = SessionRecorder(settings: .init(config: PacerConfig(), activity: .run))
        var samples: [SessionSample] = []
        let sink: (RecorderOutput) -> Void = { if case .journal(.sample(let s)) = $0 { samples.append(s) } }
        let system = UTCTime(year: 2026, month: 1, day: 1, hour: 0, minute: 0, second: 0)!
        func at(_ s: Double) -> InputInstant {
            InputInstant(monotonic: MonotonicInstant(seconds: s), systemTime: UTCTime(millisecondsSinceEpoch: system.millisecondsSinceEpoch + Int64(s * 1000)))
        }
        try! recorder.command(.start(nil), at: at(0), emit: sink)
        for s in 0..<120 {
            recorder.notification(characteristic: 0x2A37, payload: [0x06, 130], at: at(Double(s) + 0.5)).outputs.forEach(sink)
            recorder.tick(at: at(Double(s) + 1), emit: sink)
        }
        for s in 120..<180 {
            recorder.fix(fix(Double(s) + 86_400 * 60, east: 3 * Double(s - 120)), at: at(Double(s) + 0.2), emit: sink)
        }
        try! recorder.command(.stop, at: at(180.5), emit: sink)
        XCTAssertEqual(samples.first?.time, system)
        XCTAssertEqual(samples.count, 180)
        XCTAssertEqual(samples[60].heartRate, 130)
        XCTAssertEqual(recorder.counters[.timeJumps], 0)
        XCTAssertEqual(recorder.counters[.implausibleNotifications], 0)
        let summary = recorder.engine.summary()
        // Stopped while the receiver is live: at its last fix, 179.2 s on the session's axis.
        XCTAssertEqual(summary.elapsedSeconds, 179.2, accuracy: 0.01, "the receiver's other date does not stretch the session")
        XCTAssertEqual(summary.distanceMeters, 177, accuracy: 20)
    }
}
