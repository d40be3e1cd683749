import PacerCore
import PacerSystem

/// Journal bytes per hour of recording as the daemon writes it at 1 Hz (one samples frame per
/// one-second group commit), measured on the sessions of a journal (e.g. replayed sim scenarios
/// with their real noise): the figure `bench/journal.sh` prints. `--power` adds a running-power
/// model (from speed and climb, with noise) to every sample, as a power meter would.
enum JournalSizeCommand {
    static let subcommand = Subcommand(name: "journal-size", usage: "journal-size --journal DIR [--power]",
                                       summary: "bytes per hour of the journal's sessions re-encoded at one frame a second (bench)") { argv in
        let args = try CommandArguments(argv, flags: ["power"], options: ["journal"])
        guard let dir = args.option("journal") else { throw UsageError("--journal is required") }
        let history = try JournalHistory(directory: dir, summaries: false)
        var bytes = 0, samples = 0, milliseconds: Int64 = 0
        var rng: UInt64 = 0x2545_F491_4F6C_DD1D
        for i in 0..<history.index.count {
            guard let session = try history.session(id: history.index.id(i)), let first = session.samples.first,
                  let last = session.samples.last else { continue }
            var list = session.samples
            if args.flag("power") {
                var previous = first
                for k in list.indices {
                    rng = rng &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    let noise = Double(rng >> 11) / Double(1 << 53) - 0.5
                    let climb = (list[k].altitudeMSL ?? 0) - (previous.altitudeMSL ?? 0)
                    previous = list[k]
                    // ~1 J per kg and metre on the flat plus the climb, 70 kg, ±10 % noise.
                    let watts = 70 * ((list[k].speed ?? 0) * 1.04 + 9.81 * climb) * (1 + 0.2 * noise)
                    list[k].power = max(0, Int(watts.rounded()))
                }
            }
            var encoder = JournalEncoder()
            var out: [UInt8] = []
            encoder.start(id: session.id, activity: session.activity, start: session.start, config: session.config, into: &out)
            out.removeAll()
            for s in list {
                encoder.append(sample: s)
                encoder.flushSamples(into: &out)
            }
            bytes += out.count
            samples += list.count
            milliseconds += last.time.millisecondsSinceEpoch - first.time.millisecondsSinceEpoch + 1000
        }
        guard milliseconds > 0 else { printError("pacerctl journal-size: no samples in \(dir)"); return 1 }
        let perHour = Double(bytes) * 3_600_000 / Double(milliseconds)
        let perSample = Double(Int((Double(bytes) / Double(samples) * 100).rounded())) / 100
        let line = "\(Int(perHour.rounded())) bytes/hour (\(samples) samples, \(bytes) bytes, \(perSample) bytes/sample)\n"
        let out = BufferedOutput()
        try out.write(line)
        try out.flush()
        return 0
    }
}
