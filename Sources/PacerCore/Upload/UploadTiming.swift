/// How soon an upload is tried again and polled: the config's `[upload] retry_s` sets the first
/// retry (tests make it a second; a rider's Pi waits a minute, then two, four... up to an hour).
public struct UploadTiming: Equatable, Sendable {
    /// Before the first retry of an upload that got no usable answer; doubled for each next one.
    public var firstRetryMilliseconds: Int64 = 60_000
    /// Between two polls of an upload Strava is processing. Its documentation asks for no more
    /// than one a second; a ride is processed in a few seconds, at busy times in minutes.
    public var pollMilliseconds: Int64 = 2_000

    public init() {}

    public static let maximumRetryMilliseconds: Int64 = 3_600_000

    /// The delay before attempt `attempt` + 1: the first retry's, doubled each time, up to 1 h.
    public func retryMilliseconds(attempt: Int) -> Int64 {
        guard attempt > 0 else { return 0 }
        var delay = max(1, firstRetryMilliseconds)
        for _ in 1..<min(attempt, 32) where delay < UploadTiming.maximumRetryMilliseconds { delay *= 2 }
        return min(delay, UploadTiming.maximumRetryMilliseconds)
    }
}
