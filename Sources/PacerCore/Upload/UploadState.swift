/// Where one session's upload to one service stands. pacerd keeps it in a state file per
/// (session, service), written atomically, so an upload survives restarts and power cuts:
/// pending ones are retried, one in progress is polled again, done and failed ones are left.
/// It holds no secret: its texts come from the planner, which scrubs them.
public struct UploadState: Equatable, Sendable {
    public enum Status: Equatable, Sendable {
        /// Not sent yet, or to be sent again: `attempts` failed so far, the next not before
        /// `notBefore`; `lastError` says why the last one failed.
        case pending(attempts: Int, notBefore: UTCTime, lastError: String?)
        /// Sent and being processed by the service (Strava's upload `uploadID`): polled at
        /// `nextPoll`, `polls` times so far; `attempts` carries over if it goes back to pending.
        case inProgress(uploadID: String, polls: Int, nextPoll: UTCTime, attempts: Int)
        /// Uploaded: the service's activity id (or the URL the webhook answered with; empty
        /// when it gave none).
        case done(remote: String)
        /// Will not be retried by itself (a rejected file, refused credentials): `reason` says
        /// what to fix; `pacerctl upload ID` retries by hand.
        case failed(reason: String)
    }

    public var sessionID: String
    public var service: UploadService
    public var status: Status

    /// A session's upload as it starts: pending, due now.
    public static func new(sessionID: String, service: UploadService, now: UTCTime) -> UploadState {
        UploadState(sessionID: sessionID, service: service, status: .pending(attempts: 0, notBefore: now, lastError: nil))
    }

    /// The state file's name: `SESSION.SERVICE.upload`.
    public var fileName: String { "\(sessionID).\(service.name).upload" }

    /// Whether nothing more will happen without a hand retry.
    public var isSettled: Bool {
        switch status {
        case .done, .failed: true
        case .pending, .inProgress: false
        }
    }

    /// One line for `pacerctl uploads`.
    public var summary: String {
        switch status {
        case let .pending(attempts, notBefore, lastError):
            attempts == 0 ? "pending" : "pending: attempt \(attempts + 1) at \(notBefore.rfc3339)" + (lastError.map { " (last: \($0))" } ?? "")
        case let .inProgress(uploadID, polls, _, _): "processing (upload \(uploadID), \(polls) polls)"
        case let .done(remote): remote.isEmpty ? "done" : "done: \(remote)"
        case let .failed(reason): "failed: \(reason)"
        }
    }

    /// Session ids are the journal's (hex digits); anything else would make a strange file name.
    public static func isValidSessionID(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.count <= 64 && id.utf8.allSatisfy { c in
            (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 45 || c == 95
        }
    }
}
