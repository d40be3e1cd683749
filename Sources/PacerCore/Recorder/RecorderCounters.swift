/// What the recorder read and set aside, so a bad receiver or sensor is visible.
public struct RecorderCounters: Equatable, Sendable {
    public var fixes = 0
    /// Fixes that cannot be placed in time: no time at all, a date outside the recordable
    /// years, or only a time of day before any date was seen (`SessionRecorder.date(of:)`).
    public var fixesWithoutTime = 0
    /// Fixes whose time repeated or went back a little (a duplicate epoch): not integrated.
    public var fixesOutOfOrder = 0
    /// Receiver time jumped against the monotonic clock: the timeline was re-anchored there.
    public var timeJumps = 0
    public var notifications = 0
    /// Notifications whose payload did not decode (counted, skipped).
    public var malformedNotifications = 0
    /// Notifications that decoded to a value no body or machine produces (counted, passed over).
    public var implausibleNotifications = 0
    public var otherCharacteristics = 0
    public init() {}
}
