/// What one upload needs besides its state: the session's files and the service's settings,
/// as values (the caller reads the outbox and the secret files; the core does no I/O).
public struct UploadJob: Sendable {
    public var fit: [UInt8]
    public var summaryJSON: [UInt8]
    public var credentials: UploadCredentials
    /// The config's base URL (the webhook's whole URL); nil for the service's default.
    public var baseURL: String?
    public var timing: UploadTiming
    /// The session's start, from the summary: part of the external id.
    public var start: UTCTime? {
        (try? JSONValue.parse(summaryJSON))?["start"]?.string.flatMap { UTCTime(rfc3339: $0) }
    }

    /// The id the services keep with the activity (`UploadEncoding.externalID`).
    public func externalID(_ sessionID: String) -> String { UploadEncoding.externalID(sessionID: sessionID, start: start) }

    public init(fit: [UInt8], summaryJSON: [UInt8], credentials: UploadCredentials, baseURL: String? = nil, timing: UploadTiming = UploadTiming()) {
        self.fit = fit
        self.summaryJSON = summaryJSON
        self.credentials = credentials
        self.baseURL = baseURL
        self.timing = timing
    }
}
