/// Strava's API (developers.strava.com): the requests of an upload and the reading of their
/// answers. Pure: the planner decides when, PacerSystem sends.
///
/// - `POST /oauth/token` (form: `client_id`, `client_secret`, `grant_type=refresh_token`,
///   `refresh_token`) → `access_token`, `expires_in` (seconds; `expires_at` in epoch seconds is
///   not used: a Pi's clock may be wrong until NTP), `refresh_token` (which
///   may be a new one: the old one then stops working, so it is stored at once);
/// - `POST /api/v3/uploads` (Bearer; multipart `file`, `data_type=fit`, `external_id`) → 201
///   with the upload's `id` (`id_str`), `error`, `status`, `activity_id`;
/// - `GET /api/v3/uploads/{id}` → the same object: `activity_id` once processed, or `error`
///   (`… duplicate of activity N` when Strava already has this ride).
public enum StravaAPI {
    public static func tokenRefresh(base: String, credentials: UploadCredentials.Strava) -> HTTPRequest {
        HTTPRequest(method: .post, url: UploadEncoding.trimmedBase(base) + "/oauth/token",
                    headers: [("Content-Type", "application/x-www-form-urlencoded"), ("Accept", "application/json")],
                    body: UploadEncoding.form([("client_id", credentials.clientID),
                                               ("client_secret", credentials.clientSecret.revealed),
                                               ("grant_type", "refresh_token"),
                                               ("refresh_token", credentials.refreshToken.revealed)]))
    }

    public static func upload(base: String, accessToken: UploadSecret, externalID: String, fit: [UInt8]) -> HTTPRequest {
        let body = MultipartBody(parts: [
            MultipartBody.Part(name: "file", fileName: UploadEncoding.fitFileName(externalID: externalID),
                               contentType: "application/octet-stream", data: fit),
            .field("data_type", "fit"),
            .field("external_id", externalID),
        ])
        return HTTPRequest(method: .post, url: UploadEncoding.trimmedBase(base) + "/api/v3/uploads",
                           headers: [("Authorization", "Bearer \(accessToken.revealed)"), ("Accept", "application/json"),
                                     ("Content-Type", body.contentType)],
                           body: body.bytes)
    }

    public static func uploadStatus(base: String, accessToken: UploadSecret, uploadID: String) -> HTTPRequest {
        HTTPRequest(method: .get, url: UploadEncoding.trimmedBase(base) + "/api/v3/uploads/\(uploadID)",
                    headers: [("Authorization", "Bearer \(accessToken.revealed)"), ("Accept", "application/json")])
    }

    /// The token endpoint's answer. 400 and 401 mean the refresh token or the app's id and
    /// secret are wrong or revoked: asking again gives the same answer.
    public static func readToken(status: Int, body: [UInt8]) -> UploadReply {
        guard (200..<300).contains(status) else {
            return status == 400 || status == 401 || status == 403
                ? .rejected("Strava refused the refresh token or the app's id and secret (HTTP \(status)): authorize Pacer again")
                : .rejected("Strava's token endpoint answered HTTP \(status)")
        }
        guard let json = try? JSONValue.parse(body) else { return .retry("Strava's token answer is not JSON") }
        // Strava's tokens live six hours; a day or more is not Strava's answer.
        guard let access = json["access_token"]?.string, !access.isEmpty,
              let lifetime = json["expires_in"]?.integer, lifetime > 0, lifetime <= 86_400,
              let refresh = json["refresh_token"]?.string, !refresh.isEmpty else {
            return .retry("Strava's token answer has no access_token, expires_in and refresh_token")
        }
        return .authorized(accessToken: UploadSecret(access), lifetimeSeconds: lifetime, refreshToken: UploadSecret(refresh))
    }

    /// The upload's answer (201) and each status poll's (200) are the same object.
    public static func readUpload(status: Int, body: [UInt8]) -> UploadReply {
        let json = try? JSONValue.parse(body)
        guard (200..<300).contains(status) else {
            if let text = json.flatMap(errorText), let id = duplicateActivityID(text) { return .done(remote: id) }
            switch status {
            case 401, 403:
                return .rejected("Strava refused the access token (HTTP \(status)): the app needs the activity:write scope, or was deauthorized")
            case 404: return .retry("Strava does not know the upload (HTTP 404)")
            default:
                let detail = json.flatMap(errorText).map { ": \($0)" } ?? ""
                return .rejected("Strava rejected the upload (HTTP \(status))\(detail)")
            }
        }
        guard let json, case .object = json else { return .retry("Strava's upload answer is not a JSON object") }
        if let error = json["error"]?.string, !error.isEmpty {
            if let id = duplicateActivityID(error) { return .done(remote: id) }
            return .rejected("Strava could not process the file: \(error)")
        }
        if let activity = json["activity_id"], !activity.isNull {
            guard let id = activity.integer, id > 0 else { return .retry("Strava's activity_id is not an id") }
            return .done(remote: String(id))
        }
        if let status = json["status"]?.string, status.lowercased().utf8.starts(with: "the created activity has been deleted".utf8) {
            return .rejected("Strava says the activity was deleted")
        }
        guard let id = json["id_str"]?.string.flatMap(uploadID) ?? json["id"]?.integer.flatMap({ $0 > 0 ? String($0) : nil }) else {
            return .retry("Strava's upload answer has no upload id")
        }
        return .processing(uploadID: id)
    }

    /// The activity id in a duplicate error: `x.fit duplicate of activity 123`, or the older
    /// `duplicate of <a href='/activities/123'>…</a>`: the first digits after `duplicate of`.
    public static func duplicateActivityID(_ text: String) -> String? {
        let b = Array(text.lowercased().utf8)
        let marker = Array("duplicate of".utf8)
        guard b.count >= marker.count, let at = (0...(b.count - marker.count)).first(where: { b[$0..<($0 + marker.count)].elementsEqual(marker) }) else {
            return nil
        }
        var i = at + marker.count
        while i < b.count, !(b[i] >= 48 && b[i] <= 57) { i += 1 }
        let start = i
        while i < b.count, b[i] >= 48, b[i] <= 57 { i += 1 }
        guard i > start, i - start <= 20 else { return nil }
        return String(decoding: b[start..<i], as: UTF8.self)
    }

    static func uploadID(_ s: String) -> String? {
        !s.isEmpty && s.utf8.count <= 20 && s.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) ? s : nil
    }

    /// An error object's words: `error`, or `message` and its `errors`' fields and codes.
    static func errorText(_ json: JSONValue) -> String? {
        if let e = json["error"]?.string, !e.isEmpty { return e }
        guard let message = json["message"]?.string else { return nil }
        let details = (json["errors"]?.array ?? []).compactMap { e -> String? in
            let parts = [e["resource"]?.string, e["field"]?.string, e["code"]?.string].compactMap { $0 }
            return parts.isEmpty ? nil : parts.joined(separator: " ")
        }
        return details.isEmpty ? message : message + " (" + details.joined(separator: ", ") + ")"
    }
}
