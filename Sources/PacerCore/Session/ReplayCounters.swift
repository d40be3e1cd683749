/// What a replay read and skipped, printed to stderr so a bad recording is visible.
public struct ReplayCounters: Equatable, Sendable {
    public var fixes = 0
    /// Fixes with neither a date nor a time of day: they cannot be placed in time.
    public var fixesWithoutTime = 0
    public var notifications = 0
    /// Notifications whose payload did not decode (counted, skipped).
    public var malformedNotifications = 0
    public var otherCharacteristics = 0
    public init() {}
}
