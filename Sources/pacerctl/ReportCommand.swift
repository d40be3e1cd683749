#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import PacerCore
import PacerSystem
import Synchronization

/// `pacerctl report`: the journal as self-contained HTML pages in a folder — `index.html` (the
/// dashboard), `sessions.html` and one `session-ID.html` per session. Incremental: a manifest
/// in the folder remembers what each session page was made from, and only pages whose session
/// changed (or that are missing) are written again; the dashboard and the list always are.
/// Every file is replaced atomically (temporary name, rename), never fsynced: pages are derived.
enum ReportCommand {
    static let subcommand = Subcommand(name: "report", usage: "report --out DIR [--journal DIR] [--config FILE] [--units metric|imperial] [--clock 12|24] [--today YYYY-MM-DD]",
                                       summary: "write the history as HTML pages with charts (dashboard, one page per session); incremental") { argv in
        let args = try CommandArguments(argv, options: ["out", "journal", "config", "units", "clock", "today"])
        guard let out = args.option("out") else { throw UsageError("--out DIR is required") }
        try args.expectNoPositionals()
        let config = try ConfigFileOption.load(args)
        let journal = args.option("journal") ?? config.journalDirectory
        let unitName = args.option("units") ?? (config.recording.units == .imperial ? "imperial" : "metric")
        guard let units = DisplayPreferences.Units(rawValue: unitName) else { throw UsageError("--units must be metric or imperial, not '\(unitName)'") }
        var twentyFour = config.twentyFourHourClock
        if let clock = args.option("clock") {
            guard clock == "12" || clock == "24" else { throw UsageError("--clock must be 12 or 24, not '\(clock)'") }
            twentyFour = clock == "24"
        }
        let preferences = DisplayPreferences(units: units, twentyFourHour: twentyFour)
        let calendar = SystemTimeZone.calendar()
        let today = try JournalReportOptions.day(args.option("today"), name: "--today") ?? calendar.day(milliseconds: Int64(time(nil)) * 1000)
        if mkdir(out, 0o755) != 0, errno != EEXIST { throw SystemError("mkdir \(out)", errno: errno) }

        let history = try HistoryOptions.openHistory(journal)
        let index = history.index
        // Sets live only in strength sessions: without one, the set index need not be read (or rebuilt).
        let strength = (0..<index.count).contains { index.activity($0) == .strength } ? try StrengthHistory.load(directory: journal) : StrengthLog()
        let model = ReportModel(.init(index: index, history: MotivationHistory(index: index, calendar: calendar),
                                      settings: config.motivation, strength: strength, today: today))

        // Which session pages to write: new, changed, missing, or all when the options changed.
        var setRows: [UInt64: [Int]] = [:]
        for (k, r) in strength.rows.enumerated() { setRows[r.session, default: []].append(k) }
        let manifestPath = out + "/" + ReportManifest.fileName
        let old = (try? JournalFile(path: manifestPath, writable: false).readAll()).map { ReportManifest(parsing: String(decoding: $0, as: UTF8.self)) }
            ?? ReportManifest()
        var manifest = ReportManifest()
        // Everything every session page depends on besides its session: units, clock, zone (local times), outbox, zones.
        manifest.options = ReportManifest.fingerprint(options: "units=\(units.rawValue) clock=\(twentyFour) export=\(config.export.directory ?? "")"
                                                      + " formats=\(config.export.formats.map(\.rawValue)) athlete=\(config.athlete.zoneLowerBounds)"
                                                      + " tz=\(calendar.initialOffset) \(calendar.transitions) \(calendar.offsets)")
        var changed = Set<UInt64>()
        for i in 0..<index.count {
            let row = index.row(i)
            let sets = setRows[row.id] ?? []
            let fingerprint = ReportManifest.fingerprint(row, setCount: sets.count, lastSetTime: sets.last.map { strength.rows[$0].time } ?? 0)
            manifest.sessions[row.id] = fingerprint
            if old.options != manifest.options || old.sessions[row.id] != fingerprint
                || access(out + "/" + SessionPage.fileName(id: row.id), F_OK) != 0 { changed.insert(row.id) }
        }

        var athletes: [String: AthleteProfile] = [:]
        var written = Set<UInt64>()
        var batch = PageBatch()
        try history.forEachSession(ids: changed) { session, summary in
            // The zones the session was recorded with (its config snapshot), else today's.
            let athlete = athletes[session.config] ?? {
                let a = (try? PacerConfig(parsing: session.config, file: "session \(session.id)"))?.athlete ?? config.athlete
                athletes[session.config] = a
                return a
            }()
            let sets = (setRows[session.id] ?? []).map { strength.set(strength.rows[$0]) }.sorted { $0.number < $1.number }
            let input = SessionPage.Input(session: session, summary: summary, zoneLowerBounds: athlete.zoneLowerBounds,
                                          maxHeartRate: athlete.maxHeartRate, sets: sets,
                                          exports: exports(session, out: out, settings: config.export, calendar: calendar))
            batch.append(input)
            if batch.count == PageBatch.size { try batch.write(to: out, calendar: calendar, preferences: preferences, written: &written) }
        }
        try batch.write(to: out, calendar: calendar, preferences: preferences, written: &written)
        // A page that could not be read this time is tried again next time.
        for id in changed where !written.contains(id) { manifest.sessions[id] = nil }
        var removed = 0
        for id in old.sessions.keys where manifest.sessions[id] == nil && !changed.contains(id) {
            if unlink(out + "/" + SessionPage.fileName(id: id)) == 0 { removed += 1 }
        }
        try AtomicFile.write(DashboardPage(model: model, preferences: preferences).html(), to: out + "/index.html", sync: false)
        try AtomicFile.write(SessionListPage.html(model, preferences: preferences), to: out + "/" + SessionListPage.fileName, sync: false)
        try AtomicFile.write(Array(manifest.text.utf8), to: manifestPath, sync: false)
        try CommandOutput.write("report: index.html, \(SessionListPage.fileName) and \(written.count) session pages written"
                                + " (\(index.count - written.count) unchanged, \(removed) removed) in \(out)\n")
        return 0
    }

    /// Session pages made and written on every core while the journal is read on: the reading
    /// is sequential, each page is independent.
    struct PageBatch {
        static let size = 32
        var inputs: [SessionPage.Input] = []
        var count: Int { inputs.count }

        mutating func append(_ input: SessionPage.Input) { inputs.append(input) }

        mutating func write(to out: String, calendar: LocalCalendar, preferences: DisplayPreferences, written: inout Set<UInt64>) throws {
            let pages = inputs
            inputs.removeAll(keepingCapacity: true)
            let failure = Mutex<(any Error)?>(nil)
            DispatchQueue.concurrentPerform(iterations: pages.count) { k in
                do {
                    try AtomicFile.write(SessionPage(pages[k], calendar: calendar, preferences: preferences).html(),
                                         to: out + "/" + SessionPage.fileName(id: pages[k].session.id), sync: false)
                } catch {
                    failure.withLock { $0 = $0 ?? error }
                }
            }
            if let error = failure.withLock({ $0 }) { throw error }
            for page in pages { written.insert(page.session.id) }
        }
    }

    /// The files pacerd's `[export]` outbox holds for a session (named as `OutboxExporter`
    /// names them), as links relative to the report folder; none without an outbox.
    static func exports(_ session: JournalSession, out: String, settings: ExportSettings, calendar: LocalCalendar) -> [(format: String, href: String)] {
        guard let directory = settings.directory else { return [] }
        let local = UTCTime(millisecondsSinceEpoch: calendar.localSeconds(milliseconds: session.start.millisecondsSinceEpoch) * 1000)
        let base = relativePath(from: out, to: directory) + ExportQueue.baseName(localStart: local, activity: session.activity)
        return settings.formats.filter { StrengthExport.refusal(format: $0.rawValue, activity: session.activity) == nil }
            .map { ($0.rawValue, base + "." + $0.fileExtension) }
    }

    /// `../outbox/` from `/srv/report` to `/srv/outbox`; the absolute path when `from` is relative.
    static func relativePath(from: String, to: String) -> String {
        guard from.hasPrefix("/"), to.hasPrefix("/") else { return to.hasSuffix("/") ? to : to + "/" }
        let a = from.split(separator: "/"), b = to.split(separator: "/")
        var common = 0
        while common < a.count, common < b.count, a[common] == b[common] { common += 1 }
        return String(repeating: "../", count: a.count - common) + b[common...].map { $0 + "/" }.joined()
    }
}
