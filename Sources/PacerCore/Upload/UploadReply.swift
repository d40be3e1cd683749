/// What one step's answer means for the upload, as the service's API file reads it; the
/// planner turns it into the next state. Texts here may quote the server (scrubbed later).
public enum UploadReply: Equatable, Sendable {
    /// New Strava tokens: the access token and how many seconds it lives, and the refresh token
    /// to store.
    case authorized(accessToken: UploadSecret, lifetimeSeconds: Int, refreshToken: UploadSecret)
    /// The service took the file and processes it: poll `uploadID`.
    case processing(uploadID: String)
    /// Still processing (a poll's answer).
    case stillProcessing
    /// Uploaded (a duplicate of an activity the service has counts too): its id or URL.
    case done(remote: String)
    /// Worth another try later: the reason.
    case retry(String)
    /// Will not change by trying again: what to fix.
    case rejected(String)
}
