import PacerCore
import PacerSystem

/// `[upload]`: each session that ends goes to the configured services (`Uploader`); what is owed
/// from an earlier run goes on at start, even for a service since turned off once it is back.
extension Daemon {
    func startUploads() {
        guard let exporter else { return }
        uploader = Uploader(loop: loop, journalDirectory: settings.journalDirectory, exporter: exporter)
        uploader?.configure(settings.upload)
    }

    /// A session ended (stopped, or closed as interrupted) under journal id `id`.
    func uploadSession(id: String?) {
        guard let id, !settings.upload.services.isEmpty else { return }
        // The exporter's child reads the session from the journal: make sure its end is on disk.
        syncJournal()
        uploader?.sessionEnded(id: id)
    }

    /// UPLOADS, or the ACK or ERROR of a hand retry.
    func uploadReply(_ request: ClientRequest, from client: SocketClient) -> [UInt8] {
        guard let uploader else { return ServerReply.error(message: "uploads are not running").line }
        guard case let .upload(id, service) = request else { return uploader.report.line }
        let known = motivation?.history.sessions.contains { String($0.id) == id } ?? false
        if let refusal = uploader.retry(id: id, service: service, known: known) {
            return ServerReply.error(message: refusal).line
        }
        DaemonLog.info("'upload' by uid \(client.peer.uid): session \(id)" + (service.map { " to \($0)" } ?? ""))
        return ServerReply.ack(command: request.command, session: id).line
    }
}
