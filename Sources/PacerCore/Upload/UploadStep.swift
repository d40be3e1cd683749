/// One HTTP exchange a service's upload is made of, in the order its `UploadService` row lists
/// them. The role says where the planner uses it: `authorize` when the credentials need it
/// (Strava's token refresh), `send` for the upload itself, `poll` while the service processes
/// the file (Strava's upload status).
public enum UploadStep: String, Hashable, Sendable {
    case stravaTokenRefresh = "strava-token"
    case stravaUpload = "strava-upload"
    case stravaUploadStatus = "strava-status"
    case intervalsUpload = "intervals-upload"
    case webhookPost = "webhook-post"

    public enum Role: Sendable { case authorize, send, poll }

    public var role: Role {
        switch self {
        case .stravaTokenRefresh: .authorize
        case .stravaUpload, .intervalsUpload, .webhookPost: .send
        case .stravaUploadStatus: .poll
        }
    }
}
