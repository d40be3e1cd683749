#if canImport(Glibc)
import Glibc
#endif
import PacerCore
import PacerSystem

enum ExportCommand {
    static let subcommand = Subcommand(name: "export", usage: "export ID --format \(ExportFormat.names(separator: "|")) [-o FILE] [--journal DIR] | export --pending [--journal DIR]",
                                       summary: "write one session as GPX 1.1, TCX, FIT, CSV or its summary JSON (stdout without -o); --pending: what pacerd still owes its [export] outbox") { argv in
        let (args, options) = try HistoryOptions.parse(argv.map { $0 == "-o" ? "--output" : $0 }, flags: ["pending"],
                                                       options: ["format", "output"])
        if args.flag("pending") { return try pending(journal: options.journal) }
        let id = try HistoryOptions.sessionID(args)
        guard let name = args.option("format") else { throw UsageError("--format is required") }
        guard let format = ExportFormat(rawValue: name) else { throw UsageError("--format must be one of \(ExportFormat.names())") }
        let history = try options.openHistory()
        guard let session = try history.session(id: id) else {
            printError("pacerctl export: no session \(id) in \(options.journal)")
            return 1
        }
        if let refusal = StrengthExport.refusal(format: format.rawValue, activity: session.activity) {
            printError("pacerctl export: session \(id): \(refusal)")
            return 1
        }
        var export = ExportSession(session)
        if session.activity == .strength {
            // Sets appended after the session ended live further on in the journal: the set index has them all.
            export.events = export.events.filter { StrengthSet($0) == nil && StrengthSet.undoneNumber($0) == nil }
                + (try StrengthHistory.load(directory: options.journal).sets(session: id).map(\.event))
        }
        let bytes = format.write(export)
        if let path = args.option("output"), path != "-" {
            do { try AtomicFile.write(bytes, to: path) } catch {
                printError("pacerctl export: \(path): \(error)")
                return 1
            }
        } else {
            let out = BufferedOutput()
            try bytes.withUnsafeBytes { try out.write(bytes: $0) }
            try out.flush()
        }
        return 0
    }

    /// `export --pending`: the files pacerd's outbox still waits for, one a line.
    private static func pending(journal: String) throws -> Int32 {
        let path = journal + "/" + ExportQueue.fileName
        var queue = ExportQueue()
        do { queue = ExportQueue(parsing: String(decoding: try JournalFile(path: path, writable: false).readAll(), as: UTF8.self)) } catch let e as SystemError where e.errno == ENOENT {}
        let out = BufferedOutput()
        let text = queue.isEmpty ? "nothing waits for the outbox\n"
            : queue.jobs.map { "session \($0.sessionID)  \($0.format.rawValue)  \($0.path)\n" }.joined()
        try out.write(text)
        try out.flush()
        return 0
    }
}
