/// The generic webhook: one `POST` to the configured URL, multipart with the FIT file (`fit`),
/// the session's summary JSON (`summary`) and `external_id`; `Idempotency-Key` carries the
/// external id too, so a receiver can drop a retry it already has. Optionally
/// `Authorization: Bearer {token}`, and `X-Pacer-Signature-256: sha256={hex}`, the
/// HMAC-SHA256 of the body with the shared key (as GitHub signs its webhooks), so the receiver
/// can check who sent it and that it arrived whole. Any 2xx is done (`Location`, if given, is
/// the remote); 409 means the receiver has it already.
public enum UploadWebhook {
    public static let signatureHeader = "X-Pacer-Signature-256"

    public static func post(url: String, bearerToken: UploadSecret?, signingKey: UploadSecret?,
                            externalID: String, fit: [UInt8], summaryJSON: [UInt8]) -> HTTPRequest {
        let body = MultipartBody(parts: [
            MultipartBody.Part(name: "fit", fileName: UploadEncoding.fitFileName(externalID: externalID),
                               contentType: "application/vnd.ant.fit", data: fit),
            MultipartBody.Part(name: "summary", fileName: "summary.json", contentType: "application/json", data: summaryJSON),
            .field("external_id", externalID),
        ])
        let bytes = body.bytes
        var headers: [(name: String, value: String)] = [("Content-Type", body.contentType),
                                                        ("Idempotency-Key", externalID)]
        if let token = bearerToken { headers.append(("Authorization", "Bearer \(token.revealed)")) }
        if let key = signingKey {
            let mac = HMACSHA256.authenticationCode(key: Array(key.revealed.utf8), message: bytes)
            headers.append((signatureHeader, "sha256=" + SHA256.hex(mac)))
        }
        return HTTPRequest(method: .post, url: url, headers: headers, body: bytes)
    }

    public static func readPost(status: Int, location: String?) -> UploadReply {
        switch status {
        case 200..<300: return .done(remote: location ?? "")
        case 409: return .done(remote: location ?? "")
        case 401, 403: return .rejected("the webhook refused the token or signature (HTTP \(status))")
        default: return .rejected("the webhook refused the upload (HTTP \(status))")
        }
    }
}
