#if canImport(Glibc)
import Glibc
#endif
import PacerCore
import PacerSystem

enum ExportCommand {
    static let subcommand = Subcommand(name: "export", usage: "export ID --format gpx|tcx|fit|csv [-o FILE] [--journal DIR]",
                                       summary: "write one session as GPX 1.1, TCX, FIT or CSV (stdout without -o)") { argv in
        let args = try CommandArguments(argv.map { $0 == "-o" ? "--output" : $0 }, options: HistoryOptions.options.union(["format", "output"]))
        let options = try HistoryOptions(args)
        let id = try HistoryOptions.sessionID(args)
        guard let format = args.option("format") else { throw UsageError("--format is required") }
        let writer: (ExportSession) -> [UInt8]
        switch format {
        case "gpx": writer = GPXWriter.write
        case "tcx": writer = TCXWriter.write
        case "fit": writer = FITWriter.write
        case "csv": writer = CSVWriter.write
        default: throw UsageError("--format must be gpx, tcx, fit or csv")
        }
        let history = try options.openHistory()
        guard let session = try history.session(id: id) else {
            printError("pacerctl export: no session \(id) in \(options.journal)")
            return 1
        }
        if let refusal = StrengthExport.refusal(format: format, activity: session.activity) {
            printError("pacerctl export: session \(id): \(refusal)")
            return 1
        }
        var export = ExportSession(session)
        if session.activity == .strength {
            // Sets appended after the session ended live further on in the journal: the set index has them all.
            export.events = export.events.filter { StrengthSet($0) == nil && StrengthSet.undoneNumber($0) == nil }
                + (try StrengthHistory.load(directory: options.journal).sets(session: id).map(\.event))
        }
        let bytes = writer(export)
        if let path = args.option("output"), path != "-" {
            let temp = path + ".tmp"
            let file = try JournalFile(path: temp, writable: true, create: true)
            try file.truncate(to: 0)
            try file.writeAll(bytes, at: 0)
            try file.syncData()
            try JournalDirectory(path: ".").rename(temp, to: path)
        } else {
            let out = BufferedOutput()
            try bytes.withUnsafeBytes { try out.write(bytes: $0) }
            try out.flush()
        }
        return 0
    }
}
