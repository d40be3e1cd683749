/// `[upload]`: the services each finished session goes to. A service is on when its account is
/// named; its secrets stay in files of their own (mode 0600, owned by the user pacerd runs as),
/// never in this file, which any member of the `pacer` group may read.
///
/// ```
/// [upload]
/// strava_client_id = 12345                                 ; Strava on (the app's id)
/// strava_client_secret_file = /etc/pacer/strava-client-secret
/// strava_refresh_token_file = /var/lib/pacer/strava-refresh-token   ; rewritten when Strava rotates it
/// intervals_api_key_file = /etc/pacer/intervals-api-key    ; intervals.icu on
/// intervals_athlete = 0                                    ; 0: the key's own athlete
/// webhook_url = https://example.org/pacer                  ; the webhook on
/// webhook_token_file = /etc/pacer/webhook-token            ; optional: Authorization: Bearer
/// webhook_signing_key_file = /etc/pacer/webhook-key        ; optional: X-Pacer-Signature-256
/// strava_url = https://www.strava.com                      ; each service's base URL (tests: 127.0.0.1)
/// intervals_url = https://intervals.icu
/// retry_s = 60                                             ; first retry; doubles up to an hour
/// ```
public struct UploadSettings: Equatable, Sendable {
    public var stravaClientID: String?
    public var intervalsAthleteID = "0"
    /// The base URL per service (`SERVICE_url`); the webhook's is its whole URL.
    public var urls: [String: String] = [:]
    /// Secret files by config key (`strava_client_secret_file` ...).
    public var secretFiles: [String: String] = [:]
    /// Milliseconds before the first retry of an upload that got no usable answer.
    public var firstRetryMilliseconds = UploadTiming().firstRetryMilliseconds

    public init() {}

    /// The secret files each service reads, by the credential they hold; required ones first.
    static let secretKeys: [(service: UploadService, key: String, required: Bool)] = [
        (.strava, "strava_client_secret_file", true), (.strava, "strava_refresh_token_file", true),
        (.intervals, "intervals_api_key_file", true),
        (.webhook, "webhook_token_file", false), (.webhook, "webhook_signing_key_file", false),
    ]

    /// The services turned on, in the table's order.
    public var services: [UploadService] {
        UploadService.all.filter { service in
            switch service {
            case .strava: stravaClientID != nil
            case .intervals: secretFiles["intervals_api_key_file"] != nil
            case .webhook: urls["webhook"] != nil
            default: false
            }
        }
    }

    /// The base URL the config gives a service, or nil for its default.
    public func url(_ service: UploadService) -> String? { urls[service.name] }

    /// A service's credentials, its secrets read through `read` (pacerd's `SecretFile.read`,
    /// which refuses a file others can read); its error propagates, naming the file.
    public func credentials(_ service: UploadService, read: (String) throws -> String) throws -> UploadCredentials {
        func secret(_ key: String) throws -> UploadSecret? { try secretFiles[key].map { UploadSecret(try read($0)) } }
        switch service {
        case .strava:
            guard let id = stravaClientID, let clientSecret = try secret("strava_client_secret_file"),
                  let refresh = try secret("strava_refresh_token_file") else { throw UploadSettingsError("Strava is not configured") }
            return .strava(.init(clientID: id, clientSecret: clientSecret, refreshToken: refresh, accessToken: nil, accessTokenExpires: nil))
        case .intervals:
            guard let key = try secret("intervals_api_key_file") else { throw UploadSettingsError("intervals.icu is not configured") }
            return .intervals(athleteID: intervalsAthleteID, apiKey: key)
        default:
            return .webhook(bearerToken: try secret("webhook_token_file"), signingKey: try secret("webhook_signing_key_file"))
        }
    }

    /// Where a rotated Strava refresh token is written.
    public var stravaRefreshTokenFile: String? { secretFiles["strava_refresh_token_file"] }
}

/// Why a service's credentials could not be made.
public struct UploadSettingsError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

extension PacerConfig {
    mutating func applyUploadKey(key: String, parser p: ConfigValueParser) throws {
        switch key {
        case "strava_client_id":
            let id = try p.nonEmpty()
            guard id.utf8.count <= 20, id.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
                throw ConfigValueProblem("'\(id)' is not a Strava client id (digits)")
            }
            upload.stravaClientID = id
        case "intervals_athlete":
            let id = try p.nonEmpty()
            guard id.utf8.count <= 32, id.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 122) || ($0 >= 65 && $0 <= 90) }) else {
                throw ConfigValueProblem("'\(id)' is not an intervals.icu athlete id (such as i12345, or 0)")
            }
            upload.intervalsAthleteID = id
        case "retry_s":
            upload.firstRetryMilliseconds = (try p.number(in: 1...3600) * 1000).clampedInt64()
        case let k where k.hasSuffix("_url"):
            let name = String(k.dropLast(4))
            guard UploadService.named(name) != nil else { throw ConfigValueProblem("unknown key") }
            guard p.value.hasPrefix("http://") || p.value.hasPrefix("https://"), p.value.utf8.count <= 2048,
                  !p.value.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else {
                throw ConfigValueProblem("'\(p.value)' is not an http(s) URL")
            }
            upload.urls[name] = p.value
        case let k where UploadSettings.secretKeys.contains(where: { $0.key == k }):
            upload.secretFiles[k] = try p.absolutePath()
        default: throw ConfigValueProblem("unknown key")
        }
    }

    /// A service half configured is an error at its key: uploads that silently never happen
    /// are found out only after the ride.
    func validateUpload() -> (key: String, message: String)? {
        let secrets = upload.secretFiles
        if upload.stravaClientID != nil {
            for key in ["strava_client_secret_file", "strava_refresh_token_file"] where secrets[key] == nil {
                return ("upload.strava_client_id", "Strava needs \(key) too")
            }
        } else if let key = ["strava_client_secret_file", "strava_refresh_token_file"].first(where: { secrets[$0] != nil }) {
            return ("upload.\(key)", "Strava needs strava_client_id too")
        }
        if upload.urls["webhook"] == nil, let key = ["webhook_token_file", "webhook_signing_key_file"].first(where: { secrets[$0] != nil }) {
            return ("upload.\(key)", "the webhook needs webhook_url too")
        }
        return nil
    }
}
