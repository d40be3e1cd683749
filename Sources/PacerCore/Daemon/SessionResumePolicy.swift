/// Whether a session left open by a crash or power loss is resumed when pacerd starts again,
/// judged on the UTC time of its last synced record (the monotonic clock restarts at boot).
public enum SessionResumePolicy {
    /// True when `now` is within `withinMinutes` of `lastRecord`. A clock that reads earlier than
    /// the record (a board without RTC before GPS time) is judged on the absolute gap.
    public static func shouldResume(lastRecord: UTCTime, now: UTCTime, withinMinutes: Double) -> Bool {
        guard withinMinutes > 0 else { return false }
        let gap = abs(now.secondsSinceEpoch - lastRecord.secondsSinceEpoch)
        return gap <= withinMinutes * 60
    }
}
