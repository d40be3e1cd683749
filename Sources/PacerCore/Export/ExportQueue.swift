/// One file a finished session still owes the outbox (`[export]`).
public struct ExportJob: Equatable, Sendable {
    public var sessionID: String
    public var format: ExportFormat
    /// Where the file goes, decided once when the session ended (a later config change does not
    /// move a file that is already promised).
    public var path: String

    public init(sessionID: String, format: ExportFormat, path: String) {
        (self.sessionID, self.format, self.path) = (sessionID, format, path)
    }
}

/// The exports waiting to be written, in the order sessions ended. pacerd keeps it in a small
/// text file in the journal directory (`export-pending`) so that a failed export is retried at
/// the next start and never forgotten; `pacerctl export --pending` prints it.
///
/// File format, one job a line: `SESSION-ID FORMAT PATH` (the path last: it may hold blanks);
/// `#` starts a comment. A line that cannot be read is kept out and counted, never fatal.
public struct ExportQueue: Equatable, Sendable {
    public static let fileName = "export-pending"

    public private(set) var jobs: [ExportJob] = []
    /// Lines of the parsed file that were not jobs.
    public private(set) var unreadableLines = 0

    public init() {}

    public init(parsing text: String) {
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ", maxSplits: 2)
            guard parts.count == 3, let format = ExportFormat(rawValue: String(parts[1])), parts[2].hasPrefix("/") else {
                unreadableLines += 1
                continue
            }
            jobs.append(ExportJob(sessionID: String(parts[0]), format: format, path: String(parts[2])))
        }
    }

    public var text: String {
        jobs.reduce("# pacerd exports waiting to be written: session format path\n") { $0 + "\($1.sessionID) \($1.format.rawValue) \($1.path)\n" }
    }

    public var isEmpty: Bool { jobs.isEmpty }

    /// `YYYY-MM-DD_HHMM_activity`, from the session's local start time.
    public static func baseName(localStart: UTCTime, activity: Activity) -> String {
        let c = localStart.components
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(c.year)-\(two(c.month))-\(two(c.day))_\(two(c.hour))\(two(c.minute))_\(activity.rawValue)"
    }

    /// Adds one job per format for a session that ended. Two sessions starting in the same minute
    /// get `_2`, `_3`... rather than one overwriting the other (`taken` says whether a path is
    /// already in the outbox).
    public mutating func add(sessionID: String, baseName: String, directory: String, formats: [ExportFormat], taken: (String) -> Bool) {
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        guard !jobs.contains(where: { $0.sessionID == sessionID && $0.path.hasPrefix(prefix) }) else { return }
        var name = baseName
        var n = 1
        while formats.contains(where: { f in let p = prefix + name + "." + f.fileExtension; return taken(p) || jobs.contains { $0.path == p } }) {
            n += 1
            name = baseName + "_\(n)"
        }
        for f in formats { jobs.append(ExportJob(sessionID: sessionID, format: f, path: prefix + name + "." + f.fileExtension)) }
    }

    /// A file at a path the caller chose (the upload spool's `ID.fit`), once however often asked.
    public mutating func add(_ job: ExportJob) {
        if !jobs.contains(job) { jobs.append(job) }
    }

    public mutating func remove(_ job: ExportJob) {
        jobs.removeAll { $0 == job }
    }
}
