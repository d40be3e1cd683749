/// intervals.icu's API (intervals.icu/api-docs): `POST /api/v1/athlete/{id}/activities` with
/// the file as the multipart part `file`, HTTP basic auth `API_KEY:{key}`, and `external_id`
/// as a query parameter; the answer (201) names the new activity (`id`, or `activities[0].id`).
public enum IntervalsAPI {
    public static func upload(base: String, athleteID: String, apiKey: UploadSecret, externalID: String, fit: [UInt8]) -> HTTPRequest {
        let body = MultipartBody(parts: [
            MultipartBody.Part(name: "file", fileName: UploadEncoding.fitFileName(externalID: externalID),
                               contentType: "application/octet-stream", data: fit),
        ])
        let url = UploadEncoding.trimmedBase(base) + "/api/v1/athlete/\(UploadEncoding.percentEncoded(athleteID))/activities"
            + "?external_id=\(UploadEncoding.percentEncoded(externalID))"
        return HTTPRequest(method: .post, url: url,
                           headers: [("Authorization", "Basic " + Base64.encode(Array("API_KEY:\(apiKey.revealed)".utf8))),
                                     ("Accept", "application/json"), ("Content-Type", body.contentType)],
                           body: body.bytes)
    }

    public static func readUpload(status: Int, body: [UInt8]) -> UploadReply {
        let json = try? JSONValue.parse(body)
        guard (200..<300).contains(status) else {
            switch status {
            case 401, 403: return .rejected("intervals.icu refused the API key or athlete id (HTTP \(status))")
            // The same file or external id again: intervals.icu has the activity already.
            case 409: return .done(remote: "")
            default:
                let message = json?["error"]?.string ?? json?["message"]?.string
                if let m = message, m.lowercased().utf8.starts(with: "duplicate".utf8) { return .done(remote: "") }
                return .rejected("intervals.icu rejected the upload (HTTP \(status))" + (message.map { ": \($0)" } ?? ""))
            }
        }
        guard let json, case .object = json else { return .retry("intervals.icu's answer is not a JSON object") }
        let id = json["id"]?.string ?? json["activities"]?.array?.first?["id"]?.string
        guard let id, !id.isEmpty else { return .retry("intervals.icu's answer names no activity") }
        return .done(remote: id)
    }
}

