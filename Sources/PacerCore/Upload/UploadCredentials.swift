/// What a service needs to accept an upload, as values: the caller reads the secret files
/// (refusing world-readable ones) and hands them in; the planner hands back the changed ones
/// (Strava rotates its refresh token on every refresh). Printing them shows no secret.
public enum UploadCredentials: Equatable, Sendable {
    /// Strava's OAuth2 app and athlete: the refresh token is the long-lived one (stored, and
    /// replaced when Strava sends a new one); the access token lives six hours, in memory.
    case strava(Strava)
    /// intervals.icu's personal API key (basic auth as `API_KEY`); athlete `0` is the key's own.
    case intervals(athleteID: String, apiKey: UploadSecret)
    /// The webhook's optional bearer token and HMAC-SHA256 signing key.
    case webhook(bearerToken: UploadSecret?, signingKey: UploadSecret?)

    public struct Strava: Equatable, Sendable {
        public var clientID: String
        public var clientSecret: UploadSecret
        public var refreshToken: UploadSecret
        public var accessToken: UploadSecret?
        public var accessTokenExpires: UTCTime?

        /// The access token when it is good for at least another minute (a request takes
        /// time, and an expired token costs a 401 that must not read as a revoked one).
        public func usableAccessToken(at now: UTCTime) -> UploadSecret? {
            guard let token = accessToken, let expires = accessTokenExpires,
                  expires.milliseconds(since: now) > 60_000 else { return nil }
            return token
        }
    }

    /// The service these credentials are for: the planner plans nothing for a state of another
    /// service, so the caller pairs them by this.
    public var service: UploadService {
        switch self {
        case .strava: .strava
        case .intervals: .intervals
        case .webhook: .webhook
        }
    }

    /// Every secret it holds, to scrub from any text that leaves the planner.
    public var secrets: [String] {
        let all: [UploadSecret?]
        switch self {
        case let .strava(s): all = [s.clientSecret, s.refreshToken, s.accessToken]
        case let .intervals(_, key): all = [key]
        case let .webhook(bearer, signing): all = [bearer, signing]
        }
        return all.compactMap { $0?.revealed }.filter { !$0.isEmpty }
    }
}
