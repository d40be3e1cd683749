import XCTest
@testable import PacerCore

/// The exact requests each service gets: method, URL, headers and body bytes, as the
/// services' API documentation describes them.
final class UploadRequestTests: XCTestCase {
    static let fit: [UInt8] = [0x0e, 0x10, 0x00, 0x00, 0x2e, 0x46, 0x49, 0x54]
    static let strava = UploadCredentials.Strava(clientID: "12345", clientSecret: UploadSecret("cl!ent secret"),
                                                 refreshToken: UploadSecret("refresh-1"))

    func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

    func testStravaTokenRefreshIsAFormPostOfTheAppAndTheRefreshToken() {
        let r = StravaAPI.tokenRefresh(base: "https://www.strava.com/", credentials: Self.strava)
        XCTAssertEqual(r, HTTPRequest(method: .post, url: "https://www.strava.com/oauth/token",
                                      headers: [("Content-Type", "application/x-www-form-urlencoded"), ("Accept", "application/json")],
                                      body: bytes("client_id=12345&client_secret=cl%21ent%20secret&grant_type=refresh_token&refresh_token=refresh-1")))
    }

    func testStravaUploadIsMultipartWithTheFileTheTypeAndTheExternalID() {
        let r = StravaAPI.upload(base: "https://www.strava.com", accessToken: UploadSecret("acc-1"), externalID: "pacer-1a2b", fit: Self.fit)
        let b = "pacer-e964553d2a2cc0e7fc33af3b"
        XCTAssertEqual(r.method, .post)
        XCTAssertEqual(r.url, "https://www.strava.com/api/v3/uploads")
        XCTAssertEqual(r.headers.map(\.name), ["Authorization", "Accept", "Content-Type"])
        XCTAssertEqual(r.headers.map(\.value), ["Bearer acc-1", "application/json", "multipart/form-data; boundary=\(b)"])
        let expected = bytes("--\(b)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"pacer-1a2b.fit\"\r\n"
                             + "Content-Type: application/octet-stream\r\n\r\n") + Self.fit
            + bytes("\r\n--\(b)\r\nContent-Disposition: form-data; name=\"data_type\"\r\n\r\nfit\r\n"
                    + "--\(b)\r\nContent-Disposition: form-data; name=\"external_id\"\r\n\r\npacer-1a2b\r\n--\(b)--\r\n")
        XCTAssertEqual(r.body, expected)
        // A retry sends the same bytes: the same boundary, the same external id.
        XCTAssertEqual(StravaAPI.upload(base: "https://www.strava.com", accessToken: UploadSecret("acc-1"), externalID: "pacer-1a2b", fit: Self.fit), r)
    }

    func testStravaUploadStatusIsAGetOfTheUpload() {
        XCTAssertEqual(StravaAPI.uploadStatus(base: "http://127.0.0.1:8080", accessToken: UploadSecret("acc-1"), uploadID: "987654321"),
                       HTTPRequest(method: .get, url: "http://127.0.0.1:8080/api/v3/uploads/987654321",
                                   headers: [("Authorization", "Bearer acc-1"), ("Accept", "application/json")]))
    }

    func testIntervalsUploadIsMultipartWithBasicAuthAndTheExternalIDInTheQuery() {
        let r = IntervalsAPI.upload(base: "https://intervals.icu", athleteID: "i42", apiKey: UploadSecret("k3y"), externalID: "pacer-1a2b", fit: Self.fit)
        let b = "pacer-df0f0dceeacabdd646c1170d"
        XCTAssertEqual(r.method, .post)
        XCTAssertEqual(r.url, "https://intervals.icu/api/v1/athlete/i42/activities?external_id=pacer-1a2b")
        XCTAssertEqual(r.headers.map(\.value), ["Basic QVBJX0tFWTprM3k=", "application/json", "multipart/form-data; boundary=\(b)"])
        XCTAssertEqual(r.body, bytes("--\(b)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"pacer-1a2b.fit\"\r\n"
                                     + "Content-Type: application/octet-stream\r\n\r\n") + Self.fit + bytes("\r\n--\(b)--\r\n"))
    }

    /// The signature is the HMAC-SHA256 of the exact body, as Python's `hmac` module computes it.
    func testWebhookPostCarriesTheFITTheSummaryTheTokenAndTheSignature() {
        let summary = bytes("{\"distance_m\":12000}")
        let r = UploadWebhook.post(url: "https://example.org/hook", bearerToken: UploadSecret("tok"), signingKey: UploadSecret("shh-key"),
                                   externalID: "pacer-1a2b", fit: Self.fit, summaryJSON: summary)
        let b = "pacer-0a93ccc2cf0769b0e44b17c7"
        XCTAssertEqual(r.url, "https://example.org/hook")
        XCTAssertEqual(r.headers.map(\.name), ["Content-Type", "Idempotency-Key", "Authorization", "X-Pacer-Signature-256"])
        XCTAssertEqual(r.headers.map(\.value), ["multipart/form-data; boundary=\(b)", "pacer-1a2b", "Bearer tok",
                                                "sha256=187a27deeca79c0f19a081e381a5eefd9726efbf1f479fc145c62a3ae1de5cb6"])
        let expected = bytes("--\(b)\r\nContent-Disposition: form-data; name=\"fit\"; filename=\"pacer-1a2b.fit\"\r\nContent-Type: application/vnd.ant.fit\r\n\r\n")
            + Self.fit
            + bytes("\r\n--\(b)\r\nContent-Disposition: form-data; name=\"summary\"; filename=\"summary.json\"\r\nContent-Type: application/json\r\n\r\n")
            + summary + bytes("\r\n--\(b)\r\nContent-Disposition: form-data; name=\"external_id\"\r\n\r\npacer-1a2b\r\n--\(b)--\r\n")
        XCTAssertEqual(r.body, expected)
        // Without a token or a key: neither header.
        let plain = UploadWebhook.post(url: "https://example.org/hook", bearerToken: nil, signingKey: nil, externalID: "pacer-1a2b",
                                       fit: Self.fit, summaryJSON: summary)
        XCTAssertEqual(plain.headers.map(\.name), ["Content-Type", "Idempotency-Key"])
        XCTAssertEqual(plain.body, expected)
    }

    /// A part that holds the preferred boundary makes the body choose another.
    func testTheBoundaryIsNeverInAPart() {
        let body = MultipartBody(parts: [MultipartBody.Part(name: "file", data: bytes("xx--B--yy B-1 ")), .field("f", "B-2")], preferredBoundary: "B")
        XCTAssertEqual(body.boundary, "B-3")
        XCTAssertEqual(body.contentType, "multipart/form-data; boundary=B-3")
        XCTAssertEqual(String(decoding: body.bytes, as: UTF8.self),
                       "--B-3\r\nContent-Disposition: form-data; name=\"file\"\r\n\r\nxx--B--yy B-1 \r\n"
                       + "--B-3\r\nContent-Disposition: form-data; name=\"f\"\r\n\r\nB-2\r\n--B-3--\r\n")
        // A quote in a name cannot end the parameter.
        XCTAssertEqual(String(decoding: MultipartBody(parts: [.field("a\"b", "")], preferredBoundary: "Z").bytes, as: UTF8.self),
                       "--Z\r\nContent-Disposition: form-data; name=\"a_b\"\r\n\r\n\r\n--Z--\r\n")
    }

    /// The external id holds the session's start, from the summary the job carries: a new
    /// journal's session 1 is not a duplicate of an old journal's session 1.
    func testTheExternalIDHoldsTheSessionsStart() {
        let start = UTCTime(year: 2025, month: 11, day: 1, hour: 12, minute: 0, second: 7)
        XCTAssertEqual(UploadEncoding.externalID(sessionID: "7", start: start), "pacer-20251101T120007Z-7")
        XCTAssertEqual(UploadEncoding.externalID(sessionID: "7", start: nil), "pacer-7")
        var summary = SessionSummary(activity: .run)
        summary.start = start
        let job = UploadJob(fit: [], summaryJSON: Array(summary.json.utf8), credentials: .webhook(bearerToken: nil, signingKey: nil))
        XCTAssertEqual(job.start, start)
        XCTAssertEqual(job.externalID("7"), "pacer-20251101T120007Z-7")
        let damaged = UploadJob(fit: [], summaryJSON: Array("{\"start\":\"yesterday\"".utf8), credentials: .webhook(bearerToken: nil, signingKey: nil))
        XCTAssertEqual(damaged.externalID("7"), "pacer-7")
    }

    func testTheServiceTable() {
        XCTAssertEqual(UploadService.all.map(\.name), ["strava", "intervals", "webhook"])
        XCTAssertEqual(UploadService.strava.defaultBaseURL, "https://www.strava.com")
        XCTAssertEqual(UploadService.intervals.defaultBaseURL, "https://intervals.icu")
        XCTAssertNil(UploadService.webhook.defaultBaseURL)
        XCTAssertEqual(UploadService.strava.steps, [.stravaTokenRefresh, .stravaUpload, .stravaUploadStatus])
        XCTAssertEqual(UploadService.named("intervals"), .intervals)
        XCTAssertNil(UploadService.named("garmin"))
        for service in UploadService.all { XCTAssertNotNil(service.step(.send), service.name) }
        XCTAssertEqual(UploadCredentials.intervals(athleteID: "0", apiKey: UploadSecret("k")).service, .intervals)
        XCTAssertEqual(UploadCredentials.webhook(bearerToken: nil, signingKey: nil).service, .webhook)
    }

    /// Secrets print as `<secret>`, in the credentials' description, a dump and a request's URL.
    func testSecretsNeverPrint() {
        let c = UploadCredentials.strava(UploadCredentials.Strava(clientID: "12345", clientSecret: UploadSecret("cs-XYZ"),
                                                                  refreshToken: UploadSecret("rt-XYZ"), accessToken: UploadSecret("at-XYZ")))
        var dumped = ""
        dump(c, to: &dumped)
        for text in [String(describing: c), String(reflecting: c), dumped, "\(UploadCredentials.intervals(athleteID: "0", apiKey: UploadSecret("k-XYZ")))"] {
            XCTAssertFalse(text.contains("XYZ"), text)
        }
        XCTAssertTrue(String(describing: c).contains("<secret>"))
        XCTAssertEqual(c.secrets, ["cs-XYZ", "rt-XYZ", "at-XYZ"])
        XCTAssertFalse(StravaAPI.upload(base: "https://www.strava.com", accessToken: UploadSecret("at-XYZ"), externalID: "pacer-1", fit: []).url.contains("XYZ"))
        XCTAssertEqual(UploadEncoding.safeText("bad token at-XYZ\nand rt-XYZ", removing: c.secrets), "bad token <secret> and <secret>")
    }
}
