import PacerCore
import PacerSystem

/// `pacerctl parse [--json] FILE|-`: decodes an NMEA stream, one line per position fix on
/// stdout, counts on stderr. Streams in fixed chunks, so memory does not grow with the input.
enum ParseCommand {
    static let subcommand = Subcommand(name: "parse", usage: "parse [--json] FILE|-",
                                       summary: "decode an NMEA 0183 recording into position fixes") { args in
        let arguments = try CommandArguments(args, flags: ["json"])
        guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
            throw UsageError(arguments.positionals.isEmpty ? "missing FILE (or - for standard input)" : "only one FILE")
        }
        let json = arguments.flag("json")
        let source = try FileByteSource(path: path)
        let out = BufferedOutput()
        var decoder = NMEADecoder()
        var line = JSONWriter(capacity: 512)
        var writeError: (any Error)?
        let emit = { (fix: GNSSFix) in
            guard fix.hasPosition, writeError == nil else { return }
            if json { fix.jsonLine(into: &line) } else { fix.textLine(into: &line) }
            if line.count >= 1 << 15 {
                do { try line.withBytes { try out.write(bytes: $0) } } catch { writeError = error }
                line.reset()
            }
        }
        try source.forEachChunk { chunk in
            decoder.decode(chunk, emit: emit)
            if let writeError { throw writeError }
        }
        decoder.finish(emit: emit)
        try line.withBytes { try out.write(bytes: $0) }
        try out.flush()
        printError(CountersReport.summary(decoder.counters))
        return 0
    }
}
