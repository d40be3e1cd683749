/// The services an upload goes to, one row each: the name the config and the state files use,
/// the base URL when the config names none (tests point it at 127.0.0.1), and the steps its
/// upload takes. Adding a service is a row here, its steps in `UploadStep` and their requests
/// and replies in an API file beside them.
public struct UploadService: Hashable, Sendable, CustomStringConvertible {
    public let name: String
    public let title: String
    /// nil for the webhook: its URL is the config's, there is no default.
    public let defaultBaseURL: String?
    public let steps: [UploadStep]

    public static let strava = UploadService(name: "strava", title: "Strava", defaultBaseURL: "https://www.strava.com",
                                             steps: [.stravaTokenRefresh, .stravaUpload, .stravaUploadStatus])
    public static let intervals = UploadService(name: "intervals", title: "intervals.icu", defaultBaseURL: "https://intervals.icu",
                                                steps: [.intervalsUpload])
    public static let webhook = UploadService(name: "webhook", title: "webhook", defaultBaseURL: nil, steps: [.webhookPost])

    public static let all: [UploadService] = [strava, intervals, webhook]

    public static func named(_ name: String) -> UploadService? { all.first { $0.name == name } }

    public func step(_ role: UploadStep.Role) -> UploadStep? { steps.first { $0.role == role } }

    public var description: String { name }
}
