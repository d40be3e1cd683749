/// Decides an upload, one exchange at a time: `next` says which request to make now (or until
/// when to wait, or that nothing is left), `apply` reads what came back into the next state.
/// pacerd loops: next → send through curl → apply → write the state file (and the rotated
/// refresh token) atomically → next. Pure: the time is an argument.
///
/// Rules:
/// - no answer (no network, a timeout, a reply cut short or too large), 5xx, 429 and 408, a
///   redirect, garbage where JSON should be: retried, after the job's `UploadTiming` (1 min
///   doubling to a 1 h cap), the attempt count kept in the state;
/// - a time to wait for that lies further ahead than any wait the planner sets is from a clock
///   that has since gone back (a Pi without a real-time clock before NTP): due now;
/// - answers that will not change (400 rejected file, 401/403 refused credentials): failed,
///   with the reason, never retried by itself (no storm against a revoked token) — but for one
///   new try with a fresh token after Strava's first 401 on an upload or a poll;
/// - Strava: the token is refreshed when the access token is missing or about to expire, the
///   upload is polled every `timing.pollMilliseconds` up to `pollLimit` times, then pending again (the
///   retry sends the same `external_id`, which Strava answers as a duplicate: done).
public enum UploadPlanner {
    /// Polls of one upload before it is sent again (Strava answers the resend as a duplicate
    /// once it has the activity): about seven minutes at the default interval.
    public static let pollLimit = 200
    /// The largest answer read: upload answers are a few hundred bytes; more is not theirs.
    public static let replyLimit = 1 << 20

    public enum Plan: Equatable, Sendable {
        case send(UploadStep, HTTPRequest)
        case wait(until: UTCTime)
        case nothing
    }

    public struct Outcome: Equatable, Sendable {
        public var state: UploadState
        /// The credentials after this exchange when they changed (Strava's new tokens): the
        /// caller keeps them for the next request.
        public var credentials: UploadCredentials?
        /// A new refresh token to write over the old one, atomically, before anything else:
        /// Strava may have revoked the old one already.
        public var newRefreshToken: UploadSecret?
    }

    public static func next(_ state: UploadState, job: UploadJob, now: UTCTime) -> Plan {
        let service = state.service
        guard let base = job.baseURL ?? service.defaultBaseURL else { return .nothing }
        switch state.status {
        case .done, .failed:
            return .nothing
        case let .pending(_, notBefore, _):
            if isAhead(notBefore, of: now, by: UploadTiming.maximumRetryMilliseconds) { return .wait(until: notBefore) }
            switch job.credentials {
            case let .strava(c):
                guard service == .strava else { return .nothing }
                guard let token = c.usableAccessToken(at: now) else {
                    return .send(.stravaTokenRefresh, StravaAPI.tokenRefresh(base: base, credentials: c))
                }
                return .send(.stravaUpload, StravaAPI.upload(base: base, accessToken: token, externalID: job.externalID(state.sessionID), fit: job.fit))
            case let .intervals(athlete, key):
                guard service == .intervals else { return .nothing }
                return .send(.intervalsUpload, IntervalsAPI.upload(base: base, athleteID: athlete, apiKey: key,
                                                                   externalID: job.externalID(state.sessionID), fit: job.fit))
            case let .webhook(bearer, signing):
                guard service == .webhook else { return .nothing }
                return .send(.webhookPost, UploadWebhook.post(url: base, bearerToken: bearer, signingKey: signing, externalID: job.externalID(state.sessionID),
                                                              fit: job.fit, summaryJSON: job.summaryJSON))
            }
        case let .inProgress(uploadID, _, nextPoll, _):
            if isAhead(nextPoll, of: now, by: job.timing.pollMilliseconds) { return .wait(until: nextPoll) }
            guard case let .strava(c) = job.credentials, service == .strava else { return .nothing }
            guard let token = c.usableAccessToken(at: now) else {
                return .send(.stravaTokenRefresh, StravaAPI.tokenRefresh(base: base, credentials: c))
            }
            return .send(.stravaUploadStatus, StravaAPI.uploadStatus(base: base, accessToken: token, uploadID: uploadID))
        }
    }

    public static func apply(_ exchange: HTTPExchange, of step: UploadStep, to state: UploadState, job: UploadJob, now: UTCTime) -> Outcome {
        let secrets = job.credentials.secrets
        func safe(_ text: String) -> String { UploadEncoding.safeText(text, removing: secrets) }
        let reply = read(exchange, of: step)
        var next = state
        var outcome = Outcome(state: state, credentials: nil, newRefreshToken: nil)
        let attempts: Int
        switch state.status {
        case let .pending(a, _, _): attempts = a
        case let .inProgress(_, _, _, a): attempts = a
        case .done, .failed: return outcome
        }
        func retry(_ reason: String) -> UploadState.Status {
            let n = min(attempts + 1, UploadStateFile.maximumAttempts)
            return .pending(attempts: n, notBefore: now.adding(milliseconds: job.timing.retryMilliseconds(attempt: n)), lastError: safe(reason))
        }
        switch reply {
        case let .authorized(access, lifetimeSeconds, refresh):
            guard case var .strava(c) = job.credentials else { return outcome }
            c.accessToken = access
            // Counted on this machine's clock from now, as every check of it is.
            c.accessTokenExpires = now.adding(milliseconds: Int64(lifetimeSeconds) * 1000)
            if refresh != c.refreshToken { outcome.newRefreshToken = refresh }
            c.refreshToken = refresh
            outcome.credentials = .strava(c)
            // The state is unchanged: the next plan is the upload (or the poll) with the new token.
        case let .processing(uploadID):
            next.status = .inProgress(uploadID: uploadID, polls: 0, nextPoll: now.adding(milliseconds: job.timing.pollMilliseconds), attempts: attempts)
        case .stillProcessing:
            next.status = pollAgain(state.status, now: now, timing: job.timing, retry: retry)
        case let .done(remote):
            next.status = .done(remote: safe(remote))
        case let .retry(reason):
            if case .inProgress = state.status, step == .stravaUploadStatus, !isStatusLost(exchange) {
                next.status = pollAgain(state.status, now: now, timing: job.timing, retry: retry)
            } else {
                next.status = retry(reason)
            }
        case let .rejected(reason):
            next.status = .failed(reason: safe(reason))
            if case var .strava(c) = job.credentials, step != .stravaTokenRefresh, case let .response(code, _, _) = exchange, code == 401 || code == 403 {
                // The access token was refused: it is never sent again.
                c.accessToken = nil
                c.accessTokenExpires = nil
                outcome.credentials = .strava(c)
                // A 401 may be a token Strava ended early (a password change): one fresh token is
                // worth a try, now; a second 401 in a row is the answer.
                if code == 401, !isRetryAfterRefusal(state.status) {
                    next.status = .pending(attempts: min(attempts + 1, UploadStateFile.maximumAttempts), notBefore: now,
                                           lastError: accessTokenRefused)
                }
            }
        }
        outcome.state = next
        return outcome
    }

    /// The last error of an upload sent again with a fresh token after a 401.
    public static let accessTokenRefused = "Strava refused the access token (HTTP 401); trying once more with a new one"

    static func isRetryAfterRefusal(_ status: UploadState.Status) -> Bool {
        if case let .pending(_, _, lastError) = status { return lastError == accessTokenRefused }
        return false
    }

    /// Whether `time` is still to come: after `now`, and by no more than `limit`, the longest
    /// wait the planner sets (further is a clock that went back since it was set).
    static func isAhead(_ time: UTCTime, of now: UTCTime, by limit: Int64) -> Bool {
        now < time && time.milliseconds(since: now) <= limit
    }

    /// The reply as the step reads it, after the rules every step shares.
    static func read(_ exchange: HTTPExchange, of step: UploadStep) -> UploadReply {
        switch exchange {
        case let .failed(why):
            return .retry("no answer: \(why)")
        case let .response(status, _, body):
            if body.count > replyLimit { return .retry("the answer is over \(replyLimit / 1024) KB") }
            switch status {
            case 500..<600, 429, 408: return .retry("the server answered HTTP \(status)")
            case 300..<400: return .retry("the server redirected (HTTP \(status)) to \(exchange.header("Location") ?? "nowhere")")
            case 100..<300, 400..<500: break
            default: return .retry("the server answered HTTP \(status)")
            }
            switch step {
            case .stravaTokenRefresh: return StravaAPI.readToken(status: status, body: body)
            case .stravaUpload: return StravaAPI.readUpload(status: status, body: body)
            case .stravaUploadStatus:
                let reply = StravaAPI.readUpload(status: status, body: body)
                if case .processing = reply { return .stillProcessing }
                return reply
            case .intervalsUpload: return IntervalsAPI.readUpload(status: status, body: body)
            case .webhookPost: return UploadWebhook.readPost(status: status, location: exchange.header("Location"))
            }
        }
    }

    /// Another poll after `timing.pollMilliseconds`, or pending again after `pollLimit` polls.
    static func pollAgain(_ status: UploadState.Status, now: UTCTime, timing: UploadTiming,
                          retry: (String) -> UploadState.Status) -> UploadState.Status {
        guard case let .inProgress(id, polls, _, attempts) = status else { return status }
        if polls + 1 >= pollLimit { return retry("Strava was still processing upload \(id) after \(pollLimit) polls") }
        return .inProgress(uploadID: id, polls: polls + 1, nextPoll: now.adding(milliseconds: timing.pollMilliseconds), attempts: attempts)
    }

    /// A 404 on a poll: the upload is gone, so it is sent again (not polled again).
    static func isStatusLost(_ exchange: HTTPExchange) -> Bool {
        if case .response(404, _, _) = exchange { return true }
        return false
    }
}
