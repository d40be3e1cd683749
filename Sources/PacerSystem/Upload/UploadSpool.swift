#if canImport(Glibc)
import Glibc
#endif
import PacerCore

/// The upload queue on disk: `uploads/` in the journal directory, with per session the FIT file
/// and the summary (`ID.fit`, `ID.json`, written by the outbox exporter) and one state file per
/// service (`ID.SERVICE.upload`). Every file is replaced atomically, so a power cut leaves the
/// old state or the new one: an upload is at worst sent again, and the services' external id
/// makes a resend a duplicate they recognise.
public struct UploadSpool: Sendable {
    public let directory: String

    public init(journalDirectory: String) {
        directory = journalDirectory + "/uploads"
    }

    /// A state file that could not be read: its name and why; it is left alone (never deleted).
    public struct Damage: Sendable, CustomStringConvertible {
        public let file: String
        public let reason: String
        public var description: String { "\(file): \(reason)" }
    }

    /// The session's file in a format the uploads send: `ID.fit`, `ID.json`.
    public func path(_ sessionID: String, _ format: ExportFormat) -> String { directory + "/\(sessionID).\(format.fileExtension)" }

    /// What the outbox exporter writes into the spool for a session: the FIT and the summary.
    public func files(_ sessionID: String) -> [ExportJob] {
        [ExportFormat.fit, .json].map { ExportJob(sessionID: sessionID, format: $0, path: path(sessionID, $0)) }
    }
    func statePath(_ state: UploadState) -> String { directory + "/" + state.fileName }

    public func create() throws { try JournalDirectory(path: directory).create() }

    /// Every state file, sorted by name (session, then service); none when there is no spool.
    public func states() -> (states: [UploadState], damaged: [Damage]) {
        guard let names = try? DirectoryEntries.names(in: directory) else { return ([], []) }
        var states: [UploadState] = []
        var damaged: [Damage] = []
        for name in names.sorted() where name.hasSuffix(".upload") && !name.hasPrefix(".") {
            do {
                let bytes = try JournalFile(path: directory + "/" + name, writable: false).readAll()
                let state = try UploadStateFile.decode(Array(bytes.prefix(UploadStateFile.maximumFileLength + 1)))
                guard state.fileName == name else { throw UploadStateError("it names another session or service") }
                states.append(state)
            } catch {
                damaged.append(Damage(file: name, reason: "\(error)"))
            }
        }
        return (states, damaged)
    }

    public func write(_ state: UploadState) throws {
        try AtomicFile.write(UploadStateFile.encode(state), to: statePath(state))
    }

    /// A file of the spool, or nil when it is not there (yet); other errors are thrown.
    public func read(_ path: String, limit: Int) throws -> [UInt8]? {
        do {
            let file = try JournalFile(path: path, writable: false)
            let size = try file.size()
            guard size <= limit else { throw UploadSpoolError("\(path) is \(size) bytes, more than \(limit)") }
            return try file.readAll()
        } catch let error as SystemError where error.errno == ENOENT {
            return nil
        }
    }
}

public struct UploadSpoolError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
