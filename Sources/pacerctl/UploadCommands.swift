import PacerCore
import PacerSystem

/// `pacerctl uploads`: where each session's uploads stand, from pacerd (or, with `--journal
/// DIR`, from the spool's state files, pacerd running or not); `pacerctl upload ID [--service S]`:
/// has pacerd send a session again now.
enum UploadCommands {
    static let uploads = Subcommand(name: "uploads", usage: "uploads [--journal DIR] \(DaemonClientOptions.usageSuffix)",
                                    summary: "list each session's upload state per service (Strava, intervals.icu, webhook)") { args in
        let parsed = try CommandArguments(args, flags: DaemonClientOptions.flags, options: DaemonClientOptions.options.union(["journal"]))
        try parsed.expectNoPositionals()
        guard let journal = parsed.option("journal") else {
            let options = try DaemonClientOptions(parsed)
            let connection = try options.connect()
            try connection.send(ClientRequest.uploads.line)
            guard let reply = try connection.readReply(classes: ["UPLOADS", "ERROR"], timeout: 5) else {
                throw DaemonClientError("no reply from pacerd")
            }
            return try DaemonCommands.printReply(reply, options: options)
        }
        let (states, damaged) = UploadSpool(journalDirectory: journal).states()
        let report = UploadsReport(uploads: states, problems: damaged.map { .init(service: "spool", message: "\($0)") })
        let out = BufferedOutput()
        try out.write(parsed.flag("json") ? String(decoding: report.line, as: UTF8.self) : report.text)
        try out.flush()
        return damaged.isEmpty ? 0 : 1
    }

    static let upload = Subcommand(name: "upload", usage: "upload ID [--service strava|intervals|webhook] [--socket PATH] [--json]",
                                   summary: "have pacerd send a session again now (all configured services, or one)") { args in
        let parsed = try CommandArguments(args, flags: DaemonClientOptions.flags, options: DaemonClientOptions.options.union(["service"]))
        guard parsed.positionals.count == 1, let id = parsed.positionals.first, UploadState.isValidSessionID(id) else {
            throw UsageError("upload takes one session ID")
        }
        let service = parsed.option("service")
        if let service, UploadService.named(service) == nil {
            throw UsageError("--service must be one of \(UploadService.all.map(\.name).joined(separator: ", "))")
        }
        return try DaemonCommands.send(.upload(session: id, service: service), parsed)
    }
}
