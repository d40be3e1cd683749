/// Whether a session left open by a crash or power loss is resumed when pacerd starts again,
/// judged on the receiver's time of the first fix after the restart against its last synced
/// record (the monotonic clock restarts at boot; the system clock may be days off on a board
/// without a real-time clock, so it has no say).
public enum SessionResumePolicy {
    /// True when `now` is within `withinMinutes` of `lastRecord`, either way.
    public static func shouldResume(lastRecord: UTCTime, now: UTCTime, withinMinutes: Double) -> Bool {
        guard withinMinutes > 0 else { return false }
        let gap = abs(now.secondsSinceEpoch - lastRecord.secondsSinceEpoch)
        return gap <= withinMinutes * 60
    }
}
