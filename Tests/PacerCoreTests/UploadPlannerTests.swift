import XCTest
@testable import PacerCore

/// The planner through whole flows, with the answers the services' documentation shows.
final class UploadPlannerTests: XCTestCase {
    static let t0 = UTCTime(year: 2026, month: 11, day: 28, hour: 12, minute: 0, second: 0)!
    static let fit: [UInt8] = [0x0e, 0x10, 0x00, 0x00, 0x2e, 0x46, 0x49, 0x54]
    static let strava = UploadCredentials.Strava(clientID: "12345", clientSecret: UploadSecret("client-secret-S"),
                                                 refreshToken: UploadSecret("refresh-R1"))

    func job(_ c: UploadCredentials = .strava(strava), base: String? = "http://127.0.0.1:8080") -> UploadJob {
        UploadJob(fit: Self.fit, summaryJSON: Array("{}".utf8), credentials: c, baseURL: base)
    }
    func json(_ status: Int, _ text: String) -> HTTPExchange {
        .response(status: status, headers: [("Content-Type", "application/json")], body: Array(text.utf8))
    }
    func at(_ seconds: Int64) -> UTCTime { Self.t0.adding(milliseconds: seconds * 1000) }
    func request(_ plan: UploadPlanner.Plan) -> (UploadStep, HTTPRequest)? {
        if case let .send(step, r) = plan { return (step, r) }
        return nil
    }
    static let tokenAnswer = "{\"token_type\":\"Bearer\",\"access_token\":\"access-A1\",\"expires_at\":1795881600,\"expires_in\":21600,\"refresh_token\":\"refresh-R2\"}"
    static let processing = "{\"id\":16486788,\"id_str\":\"16486788\",\"external_id\":\"pacer-1a2b\",\"error\":null,\"status\":\"Your activity is still being processed.\",\"activity_id\":null}"

    /// Refresh (the refresh token rotates) → upload → poll while processing → done.
    func testAWholeStravaFlow() throws {
        var state = UploadState.new(sessionID: "1a2b", service: .strava, now: Self.t0)
        var j = job()

        let (s1, r1) = try XCTUnwrap(request(UploadPlanner.next(state, job: j, now: at(0))))
        XCTAssertEqual(s1, .stravaTokenRefresh)
        XCTAssertEqual(r1.url, "http://127.0.0.1:8080/oauth/token")
        let o1 = UploadPlanner.apply(json(200, Self.tokenAnswer), of: s1, to: state, job: j, now: at(1))
        XCTAssertEqual(o1.state, state, "a refresh does not change the upload's state")
        XCTAssertEqual(o1.newRefreshToken, UploadSecret("refresh-R2"))
        guard case let .strava(c)? = o1.credentials else { return XCTFail("no new credentials") }
        XCTAssertEqual(c.accessToken, UploadSecret("access-A1"))
        XCTAssertEqual(c.accessTokenExpires, at(1 + 21_600))
        XCTAssertEqual(c.refreshToken, UploadSecret("refresh-R2"))
        j.credentials = .strava(c)

        let (s2, r2) = try XCTUnwrap(request(UploadPlanner.next(state, job: j, now: at(1))))
        XCTAssertEqual(s2, .stravaUpload)
        XCTAssertEqual(r2, StravaAPI.upload(base: "http://127.0.0.1:8080", accessToken: UploadSecret("access-A1"), externalID: "pacer-1a2b", fit: Self.fit))
        state = UploadPlanner.apply(json(201, Self.processing), of: s2, to: state, job: j, now: at(2)).state
        XCTAssertEqual(state.status, .inProgress(uploadID: "16486788", polls: 0, nextPoll: at(4), attempts: 0))

        XCTAssertEqual(UploadPlanner.next(state, job: j, now: at(3)), .wait(until: at(4)))
        let (s3, r3) = try XCTUnwrap(request(UploadPlanner.next(state, job: j, now: at(4))))
        XCTAssertEqual(s3, .stravaUploadStatus)
        XCTAssertEqual(r3.url, "http://127.0.0.1:8080/api/v3/uploads/16486788")
        state = UploadPlanner.apply(json(200, Self.processing), of: s3, to: state, job: j, now: at(8)).state
        XCTAssertEqual(state.status, .inProgress(uploadID: "16486788", polls: 1, nextPoll: at(10), attempts: 0))

        let ready = "{\"id\":16486788,\"id_str\":\"16486788\",\"external_id\":\"pacer-1a2b\",\"error\":null,\"status\":\"Your activity is ready.\",\"activity_id\":1456449319}"
        state = UploadPlanner.apply(json(200, ready), of: s3, to: state, job: j, now: at(13)).state
        XCTAssertEqual(state.status, .done(remote: "1456449319"))
        XCTAssertEqual(UploadPlanner.next(state, job: j, now: at(14)), .nothing)
    }

    /// No network, then 500s, then the server is up: backoff 1, 2, 4 min, then uploaded once.
    func testTheServerDownThenUp() throws {
        var state = UploadState.new(sessionID: "1a2b", service: .intervals, now: Self.t0)
        let j = job(.intervals(athleteID: "0", apiKey: UploadSecret("key-K")))
        var now = Self.t0
        let failures: [HTTPExchange] = [.failed("curl: (7) Failed to connect to 127.0.0.1 port 8080"), json(500, "oops"), json(503, ""), json(429, "{}")]
        var expectedDelays: [Int64] = [60, 120, 240, 480]
        for (k, failure) in failures.enumerated() {
            let (step, _) = try XCTUnwrap(request(UploadPlanner.next(state, job: j, now: now)))
            XCTAssertEqual(step, .intervalsUpload)
            state = UploadPlanner.apply(failure, of: step, to: state, job: j, now: now).state
            guard case let .pending(attempts, notBefore, lastError) = state.status else { return XCTFail("\(state)") }
            XCTAssertEqual(attempts, k + 1)
            XCTAssertEqual(notBefore.milliseconds(since: now), expectedDelays.removeFirst() * 1000)
            XCTAssertNotNil(lastError)
            XCTAssertEqual(UploadPlanner.next(state, job: j, now: now), .wait(until: notBefore))
            now = notBefore
        }
        let (step, _) = try XCTUnwrap(request(UploadPlanner.next(state, job: j, now: now)))
        state = UploadPlanner.apply(json(201, "{\"icu_athlete_id\":\"i42\",\"id\":\"i7777\",\"activities\":[{\"id\":\"i7777\"}]}"),
                                    of: step, to: state, job: j, now: now).state
        XCTAssertEqual(state.status, .done(remote: "i7777"))
    }

    func testTheBackoffDoublesFromAMinuteToAnHour() {
        let timing = UploadTiming()
        XCTAssertEqual((1...10).map { timing.retryMilliseconds(attempt: $0) / 1000 },
                       [60, 120, 240, 480, 960, 1920, 3600, 3600, 3600, 3600])
        XCTAssertEqual(timing.retryMilliseconds(attempt: Int.max), 3_600_000)
        var quick = UploadTiming()
        quick.firstRetryMilliseconds = 1000
        XCTAssertEqual((1...4).map { quick.retryMilliseconds(attempt: $0) }, [1000, 2000, 4000, 8000])
    }

    /// A wait set before the clock went back (a Pi that booted without its time, then got it
    /// wrong the other way) is not waited out for years: further ahead than any wait the
    /// planner sets means due now.
    func testAWaitFromAClockThatWentBackIsDueNow() throws {
        let j = job(.intervals(athleteID: "0", apiKey: UploadSecret("key-K")))
        let later = Self.t0.adding(milliseconds: 30 * 60_000)
        let waiting = UploadState(sessionID: "1a2b", service: .intervals, status: .pending(attempts: 3, notBefore: later, lastError: "x"))
        XCTAssertEqual(UploadPlanner.next(waiting, job: j, now: Self.t0), .wait(until: later))
        let yearsAhead = UploadState(sessionID: "1a2b", service: .intervals,
                                     status: .pending(attempts: 3, notBefore: Self.t0.adding(milliseconds: 400 * 86_400_000), lastError: "x"))
        XCTAssertEqual(try XCTUnwrap(request(UploadPlanner.next(yearsAhead, job: j, now: Self.t0))).0, .intervalsUpload)
    }

    /// The access token's expiry is counted from `expires_in` on this machine's clock: with
    /// the clock a year wrong, the token is still used for its six hours, not refreshed each time.
    func testTheAccessTokenLivesItsExpiresInOnOurClock() throws {
        let state = UploadState.new(sessionID: "1a2b", service: .strava, now: Self.t0)
        let o = UploadPlanner.apply(json(200, Self.tokenAnswer), of: .stravaTokenRefresh, to: state, job: job(), now: Self.t0)
        guard case let .strava(c)? = o.credentials else { return XCTFail("\(o)") }
        XCTAssertEqual(c.accessTokenExpires, Self.t0.adding(milliseconds: 21_600_000))
        XCTAssertEqual(c.usableAccessToken(at: Self.t0.adding(milliseconds: 5 * 3_600_000))?.revealed, "access-A1")
        XCTAssertNil(c.usableAccessToken(at: Self.t0.adding(milliseconds: 21_600_000 - 30_000)))
    }

    /// A revoked refresh token: failed once, with a reason, and nothing more is sent.
    func test401OnRefreshFailsOnceAndIsNotRetried() throws {
        let state = UploadState.new(sessionID: "1a2b", service: .strava, now: Self.t0)
        let j = job()
        let (step, _) = try XCTUnwrap(request(UploadPlanner.next(state, job: j, now: Self.t0)))
        let o = UploadPlanner.apply(json(401, "{\"message\":\"Authorization Error\",\"errors\":[{\"resource\":\"Athlete\",\"field\":\"refresh_token\",\"code\":\"invalid\"}]}"),
                                    of: step, to: state, job: j, now: Self.t0)
        guard case let .failed(reason) = o.state.status else { return XCTFail("\(o.state)") }
        XCTAssertTrue(reason.contains("refresh token"), reason)
        XCTAssertNil(o.newRefreshToken)
        for minutes in [0, 1, 60, 6000] as [Int64] {
            XCTAssertEqual(UploadPlanner.next(o.state, job: j, now: Self.t0.adding(milliseconds: minutes * 60_000)), .nothing)
        }
        // Strava's answer to a bad refresh token is a 400: the same.
        let o400 = UploadPlanner.apply(json(400, "{\"message\":\"Bad Request\",\"errors\":[{\"resource\":\"RefreshToken\",\"field\":\"refresh_token\",\"code\":\"invalid\"}]}"),
                                       of: step, to: state, job: j, now: Self.t0)
        guard case .failed = o400.state.status else { return XCTFail("\(o400.state)") }
    }

    /// A 401 on the upload drops the access token and tries once more now, with a fresh one
    /// (Strava may have ended the token early); a second 401 in a row fails: the app lacks
    /// activity:write. A 403 fails at once.
    func test401OnUploadTriesOnceWithAFreshTokenThenFails() throws {
        let c = UploadCredentials.Strava(clientID: "1", clientSecret: UploadSecret("secret-S"), refreshToken: UploadSecret("refresh-R"),
                                         accessToken: UploadSecret("access-A"), accessTokenExpires: at(3600))
        let state = UploadState.new(sessionID: "1a2b", service: .strava, now: Self.t0)
        let o = UploadPlanner.apply(json(401, "{\"message\":\"Authorization Error\"}"), of: .stravaUpload, to: state, job: job(.strava(c)), now: Self.t0)
        XCTAssertEqual(o.state.status, .pending(attempts: 1, notBefore: Self.t0, lastError: UploadPlanner.accessTokenRefused))
        guard case let .strava(after)? = o.credentials else { return XCTFail("credentials kept") }
        XCTAssertNil(after.accessToken)
        // The next plan refreshes the token, at once.
        XCTAssertEqual(try XCTUnwrap(request(UploadPlanner.next(o.state, job: job(.strava(after)), now: Self.t0))).0, .stravaTokenRefresh)
        let again = UploadPlanner.apply(json(401, "{\"message\":\"Authorization Error\"}"), of: .stravaUpload, to: o.state, job: job(.strava(c)), now: at(1))
        guard case let .failed(reason) = again.state.status else { return XCTFail("\(again.state)") }
        XCTAssertTrue(reason.contains("activity:write"), reason)
        let forbidden = UploadPlanner.apply(json(403, "{}"), of: .stravaUpload, to: state, job: job(.strava(c)), now: Self.t0)
        guard case .failed = forbidden.state.status else { return XCTFail("\(forbidden.state)") }
    }

    /// Strava's duplicate answers, in both forms it has used, are done with the existing activity.
    func testADuplicateIsDone() {
        let state = UploadState(sessionID: "1a2b", service: .strava, status: .inProgress(uploadID: "16486788", polls: 2, nextPoll: Self.t0, attempts: 1))
        for error in ["pacer-1a2b.fit duplicate of activity 1456449319",
                      "pacer-1a2b.fit duplicate of <a href='/activities/1456449319' target='_blank'>activity 1456449319</a>"] {
            let body = "{\"id\":16486788,\"id_str\":\"16486788\",\"external_id\":\"pacer-1a2b\",\"error\":\"\(error)\",\"status\":\"There was an error processing your activity.\",\"activity_id\":null}"
            let o = UploadPlanner.apply(json(200, body), of: .stravaUploadStatus, to: state, job: job(), now: Self.t0)
            XCTAssertEqual(o.state.status, .done(remote: "1456449319"), error)
        }
        // Any other processing error is the file's: failed, with Strava's words.
        let bad = "{\"id\":16486788,\"error\":\"Improperly formatted data.\",\"status\":\"There was an error processing your activity.\",\"activity_id\":null}"
        XCTAssertEqual(UploadPlanner.apply(json(200, bad), of: .stravaUploadStatus, to: state, job: job(), now: Self.t0).state.status,
                       .failed(reason: "Strava could not process the file: Improperly formatted data."))
    }

    /// A 400 on the upload is the file: failed, not retried.
    func testARejectedFileFails() {
        let state = UploadState.new(sessionID: "1a2b", service: .strava, now: Self.t0)
        let o = UploadPlanner.apply(json(400, "{\"message\":\"Bad Request\",\"errors\":[{\"resource\":\"Upload\",\"field\":\"data\",\"code\":\"empty\"}]}"),
                                    of: .stravaUpload, to: state, job: job(), now: Self.t0)
        XCTAssertEqual(o.state.status, .failed(reason: "Strava rejected the upload (HTTP 400): Bad Request (Upload data empty)"))
    }

    /// After `pollLimit` polls still processing, the upload is pending again (and its resend
    /// carries the same external id, which Strava answers as a duplicate).
    func testPollingStopsAtTheLimit() {
        var state = UploadState(sessionID: "1a2b", service: .strava, status: .inProgress(uploadID: "5", polls: 0, nextPoll: Self.t0, attempts: 0))
        var now = Self.t0
        for _ in 1..<UploadPlanner.pollLimit {
            state = UploadPlanner.apply(json(200, Self.processing), of: .stravaUploadStatus, to: state, job: job(), now: now).state
            guard case .inProgress = state.status else { return XCTFail("\(state)") }
            now = now.adding(milliseconds: UploadTiming().pollMilliseconds)
        }
        state = UploadPlanner.apply(json(200, Self.processing), of: .stravaUploadStatus, to: state, job: job(), now: now).state
        XCTAssertEqual(state.status, .pending(attempts: 1, notBefore: now.adding(milliseconds: 60_000),
                                              lastError: "Strava was still processing upload 5 after \(UploadPlanner.pollLimit) polls"))
    }

    /// Garbage JSON, an oversized reply, a redirect, a reply cut short: a clear reason, a retry.
    func testBadAnswersAreRetriedWithAReason() {
        let state = UploadState.new(sessionID: "1a2b", service: .strava, now: Self.t0)
        let cases: [(HTTPExchange, String)] = [
            (json(201, "<html>upstream error</html>"), "Strava's upload answer is not a JSON object"),
            (.response(status: 201, headers: [], body: [UInt8](repeating: 32, count: UploadPlanner.replyLimit + 1)), "the answer is over 1024 KB"),
            (.response(status: 302, headers: [("Location", "http://127.0.0.1:8080/api/v3/uploads")], body: []),
             "the server redirected (HTTP 302) to http://127.0.0.1:8080/api/v3/uploads"),
            (.failed("curl: (47) Maximum (5) redirects followed"), "no answer: curl: (47) Maximum (5) redirects followed"),
            (.failed("curl: (18) transfer closed with 1000 bytes remaining to read"), "no answer: curl: (18) transfer closed with 1000 bytes remaining to read"),
            (json(408, ""), "the server answered HTTP 408"),
        ]
        for (exchange, reason) in cases {
            XCTAssertEqual(UploadPlanner.apply(exchange, of: .stravaUpload, to: state, job: job(), now: Self.t0).state.status,
                           .pending(attempts: 1, notBefore: Self.t0.adding(milliseconds: 60_000), lastError: reason))
        }
        XCTAssertEqual(UploadPlanner.apply(json(200, "{\"access_token\":1}"), of: .stravaTokenRefresh, to: state, job: job(), now: Self.t0).state.status,
                       .pending(attempts: 1, notBefore: Self.t0.adding(milliseconds: 60_000),
                                lastError: "Strava's token answer has no access_token, expires_in and refresh_token"))
    }

    /// A server that echoes a secret back does not get it into the state.
    func testSecretsNeverReachTheState() {
        let state = UploadState.new(sessionID: "1a2b", service: .strava, now: Self.t0)
        let o = UploadPlanner.apply(json(400, "{\"message\":\"bad refresh-R1 for client-secret-S\"}"), of: .stravaUpload, to: state, job: job(), now: Self.t0)
        let file = String(decoding: UploadStateFile.encode(o.state), as: UTF8.self)
        XCTAssertFalse(file.contains("refresh-R1") || file.contains("client-secret-S"), file)
        XCTAssertTrue(file.contains("<secret>"), file)
        let transport = UploadPlanner.apply(.failed("curl: bad header Authorization: Bearer refresh-R1"), of: .stravaUpload, to: state, job: job(), now: Self.t0)
        XCTAssertFalse(transport.state.summary.contains("refresh-R1"), transport.state.summary)
    }

    /// A valid access token skips the refresh; one about to expire does not.
    func testTheRefreshHappensOnlyWhenTheAccessTokenIsMissingOrExpiring() {
        let state = UploadState.new(sessionID: "1a2b", service: .strava, now: Self.t0)
        var c = Self.strava
        c.accessToken = UploadSecret("access-A1")
        c.accessTokenExpires = at(3600)
        XCTAssertEqual(request(UploadPlanner.next(state, job: job(.strava(c)), now: Self.t0))?.0, .stravaUpload)
        c.accessTokenExpires = at(30)
        XCTAssertEqual(request(UploadPlanner.next(state, job: job(.strava(c)), now: Self.t0))?.0, .stravaTokenRefresh)
    }

    /// The webhook: any 2xx is done, with the Location it answers; 409 means it has it already.
    func testTheWebhookFlow() throws {
        let state = UploadState.new(sessionID: "1a2b", service: .webhook, now: Self.t0)
        let j = job(.webhook(bearerToken: nil, signingKey: UploadSecret("signing-key-K")), base: "https://example.org/hook")
        let (step, r) = try XCTUnwrap(request(UploadPlanner.next(state, job: j, now: Self.t0)))
        XCTAssertEqual(step, .webhookPost)
        XCTAssertEqual(r.url, "https://example.org/hook")
        XCTAssertEqual(UploadPlanner.apply(.response(status: 202, headers: [("location", "https://example.org/rides/9")], body: []),
                                           of: step, to: state, job: j, now: Self.t0).state.status, .done(remote: "https://example.org/rides/9"))
        XCTAssertEqual(UploadPlanner.apply(json(409, ""), of: step, to: state, job: j, now: Self.t0).state.status, .done(remote: ""))
        XCTAssertEqual(UploadPlanner.apply(json(403, ""), of: step, to: state, job: j, now: Self.t0).state.status,
                       .failed(reason: "the webhook refused the token or signature (HTTP 403)"))
        // No URL configured: nothing to do.
        XCTAssertEqual(UploadPlanner.next(state, job: job(.webhook(bearerToken: nil, signingKey: nil), base: nil), now: Self.t0), .nothing)
    }

    /// A state file written, read back and continued after a restart gives the same plan.
    func testAStateSurvivesARestart() throws {
        let state = UploadState(sessionID: "1a2b", service: .strava, status: .inProgress(uploadID: "16486788", polls: 3, nextPoll: at(20), attempts: 2))
        let read = try UploadStateFile.decode(UploadStateFile.encode(state))
        var c = Self.strava
        c.accessToken = UploadSecret("a")
        c.accessTokenExpires = at(3600)
        XCTAssertEqual(UploadPlanner.next(read, job: job(.strava(c)), now: at(25)), UploadPlanner.next(state, job: job(.strava(c)), now: at(25)))
        XCTAssertEqual(request(UploadPlanner.next(read, job: job(.strava(c)), now: at(25)))?.0, .stravaUploadStatus)
    }
}
