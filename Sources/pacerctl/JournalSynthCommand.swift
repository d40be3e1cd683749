import PacerCore
import PacerSystem

/// Writes synthetic daily sessions into a journal: the data set of `bench/journal.sh` and of
/// demos. Deterministic (fixed seed); each session gets `--samples` evenly spaced samples.
enum JournalSynthCommand {
    static let subcommand = Subcommand(name: "journal-synth", usage: "journal-synth --journal DIR [--sessions N] [--samples K] [--span-days D] [--sets N [--sets-csv FILE]] [--no-sync]",
                                       summary: "append N synthetic daily sessions to a journal (bench data)") { argv in
        let args = try CommandArguments(argv, flags: ["no-sync"], options: ["journal", "sessions", "samples", "span-days", "sets", "sets-csv"])
        guard let dir = args.option("journal") else { throw UsageError("--journal is required") }
        let count = try args.integer("sessions", in: 0...1_000_000) ?? 100
        let perSession = max(2, try args.integer("samples", in: 0...1_000_000) ?? 60)
        let spanDays = try args.number("span-days") ?? 1095
        guard (1...36_500).contains(spanDays) else { throw UsageError("--span-days must be in 1...36500") }
        // Sessions spread evenly over the span (default three years), a few a day at 10 000.
        let spacing = (spanDays * 86_400_000).clampedInt64(.towardZero) / Int64(max(1, count))
        var options = JournalWriter.Options()
        options.synchronous = !args.flag("no-sync")
        options.commitInterval = 1e9
        let writer = try JournalWriter(directory: dir, options: options)
        if let sets = try args.integer("sets", in: 1...10_000_000) {
            try writeStrength(sets: sets, samples: perSession, spanDays: spanDays, writer: writer, csvPath: args.option("sets-csv"))
            return 0
        }
        var rng: UInt64 = 0x9E37_79B9_7F4A_7C15
        func random() -> Double {
            rng = rng &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(rng >> 11) / Double(1 << 53)
        }
        let day0 = UTCTime(year: 2023, month: 1, day: 2, hour: 6, minute: 30, second: 0)!.millisecondsSinceEpoch
        for n in 0..<count {
            let activity: Activity = n % 7 == 6 ? .ride : (n % 7 == 3 ? .walk : .run)
            let speed = activity == .ride ? 6 + random() * 3 : (activity == .walk ? 1.3 + random() * 0.3 : 2.8 + random() * 0.7)
            let seconds = Double((1800 + random() * 3600).clampedInt(.towardZero))
            let start = UTCTime(millisecondsSinceEpoch: day0 + Int64(n) * spacing + (random() * Double(min(spacing, 3_600_000))).clampedInt64(.towardZero))
            try writer.beginSession(activity: activity, start: start, config: "max_hr=188\nrest_hr=58")
            let step = seconds / Double(perSession - 1)
            var lat = 48.1 + random() * 0.1, lon = 11.5 + random() * 0.1
            var steps = 0
            var laps: [SegmentSummary] = []
            let lapEvery = max(1, perSession / 3)
            for k in 0..<perSession {
                let t = Double(k) * step
                let time = start.adding(milliseconds: (t * 1000).clampedInt64(.towardZero))
                if k % lapEvery == 0, k + 1 < perSession {
                    if k > 0 { try writer.append(event: .lap(time: time, number: laps.count + 1)) }
                    let lapEnd = min(Double(perSession - 1), Double(k + lapEvery)) * step
                    let lapSeconds = (laps.count == 2 || k + 2 * lapEvery > perSession ? seconds : lapEnd) - t
                    laps.append(SegmentSummary(index: laps.count + 1, start: time, elapsedSeconds: lapSeconds, movingSeconds: lapSeconds,
                                               distanceMeters: speed * lapSeconds, averageSpeed: speed, heartRateAverage: 145,
                                               cadenceAverage: activity == .ride ? 85 : 170))
                }
                if k == perSession / 2 {
                    try writer.append(event: .pause(time: time, automatic: true))
                    try writer.append(event: .resume(time: time))
                }
                lat += speed * step / 111_000 * 0.6
                lon += speed * step / 74_000 * 0.8
                steps = activity == .ride ? 0 : (t * 2.8).clampedInt(.towardZero)
                writer.append(sample: SessionSample(
                    time: start.adding(milliseconds: (t * 1000).clampedInt64(.towardZero)),
                    latitude: lat, longitude: lon, altitudeMSL: 520 + 10 * random(), speed: speed,
                    distanceMeters: speed * t, heartRate: 130 + (random() * 30).clampedInt(.towardZero), rrIntervals: [UInt16(clamping: (440 + random() * 60).clampedInt64(.towardZero))],
                    cadence: activity == .ride ? 85 : 170, steps: activity == .ride ? nil : steps))
            }
            let distance = speed * seconds
            var splits: [SegmentSummary] = []
            for k in 0..<(distance / 1000).clampedInt(.towardZero) {
                splits.append(SegmentSummary(index: k + 1, start: start.adding(milliseconds: (Double(k) * 1000 / speed * 1000).clampedInt64(.towardZero)),
                                             elapsedSeconds: 1000 / speed, movingSeconds: 1000 / speed, distanceMeters: 1000,
                                             averageSpeed: speed, heartRateAverage: 140 + random() * 10, cadenceAverage: 170))
            }
            let summary = SessionSummary(activity: activity, start: start, end: start.adding(milliseconds: (seconds * 1000).clampedInt64(.towardZero)),
                                         elapsedSeconds: seconds, movingSeconds: seconds - 30, distanceMeters: distance,
                                         averageSpeed: speed, maxSpeed: speed * 1.3, elevationGain: 40 * random(), elevationLoss: 40 * random(),
                                         heartRateAverage: 145, heartRateMax: 171, heartRateZoneSeconds: [60, 600, seconds - 900, 200, 40],
                                         steps: activity == .ride ? nil : steps, cadenceAverage: activity == .ride ? 85 : 170,
                                         calories: distance / 1000 * 65, trimp: seconds / 60 * (1.2 + random()),
                                         laps: laps, splits: splits)
            try writer.endSession(summary: summary)
        }
        try writer.commit()
        return 0
    }
}
