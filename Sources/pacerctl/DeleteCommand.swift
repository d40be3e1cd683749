import PacerCore
import PacerSystem

enum DeleteCommand {
    static let subcommand = Subcommand(name: "delete", usage: "delete ID --yes [--journal DIR]",
                                       summary: "remove a session from history (a tombstone record; nothing is rewritten)") { argv in
        let (args, options) = try HistoryOptions.parse(argv, flags: ["yes"])
        let id = try HistoryOptions.sessionID(args)
        guard args.flag("yes") else { throw UsageError("deleting session \(id) needs --yes") }
        guard (try options.openHistory(summaries: false)).row(id: id) != nil else {
            printError("pacerctl delete: no session \(id) in \(options.journal)")
            return 1
        }
        let writer = try JournalWriter(directory: options.journal)
        try writer.delete(id: id)
        printError("deleted session \(id)")
        return 0
    }
}
